import { statSync } from 'node:fs';
import type { QuestionStats } from '../core/analytics/stats';
import type { SearchHit } from '../core/search/types';
import type { BotImage, Category, ContentItem, ContentType, Document, Job, Presentation, PresentationImage, Video } from '../core/types';
import type { Backend, ImportRequest, RecordOf, UploadProgress } from './backend';
import { createHttpClient } from './http/client';
import { multipartBody } from './http/multipart';
import { ENDPOINT, toItemView, type ItemView } from './item-view';

export interface HttpBackendOptions {
  url: string;
  token: string | null;
  tokenHint: string;
  signal?: AbortSignal;
}

type Record_ = Document | Presentation | Video;
const TYPES: ContentType[] = ['document', 'presentation', 'video'];

/** The form fields each upload route reads (docs/API.md). */
function fieldsFor(r: ImportRequest): Record<string, string | undefined> {
  const force = r.force ? 'true' : undefined;
  const category = r.categoryId ? String(r.categoryId) : undefined;
  switch (r.type) {
    case 'document':
      return { title: r.title, needsTranslation: r.translateTo ? 'true' : 'false', targetLanguage: r.translateTo ?? undefined, categoryId: category, force };
    case 'presentation':
      return { title: r.title, languageto: r.translateTo ?? undefined, categoryId: category, force };
    case 'video':
      return { label: r.title, needsTranslation: r.translateTo ? 'true' : 'false', targetLanguage: r.translateTo ?? undefined, force };
    default: {
      const never: never = r.type;
      throw new Error(`unknown type ${String(never)}`);
    }
  }
}

/** Talks to a running server (the data folder's one writer) over its HTTP API. */
export function createHttpBackend(options: HttpBackendOptions): Backend {
  const http = createHttpClient({ baseUrl: options.url, token: options.token, tokenHint: options.tokenHint, signal: options.signal });

  const records = <T extends ContentType>(type: T) => http.get<RecordOf<T>[]>(`/api/${ENDPOINT[type]}`);
  const itemsOf = async (type: ContentType): Promise<ItemView[]> => (await records(type)).map((r) => toItemView(type, r));

  return {
    mode: 'http',
    target: http.baseUrl,
    processesJobs: true,
    categories: () => http.get<Category[]>('/api/categories'),
    async create(request: ImportRequest, onUpload?: UploadProgress) {
      const size = statSync(request.path).size;
      const body = multipartBody(fieldsFor(request), { path: request.path, fileName: request.fileName, size }, onUpload);
      const rec = await http.send<Record_>('POST', `/api/${ENDPOINT[request.type]}`, body);
      return toItemView(request.type, rec);
    },
    records,
    async items(type) {
      if (type) return itemsOf(type);
      return (await Promise.all(TYPES.map(itemsOf))).flat().sort((a, b) => a.id - b.id);
    },
    content: () => http.get<ContentItem[]>('/api/content'),
    jobs: () => http.get<Job[]>('/api/jobs'),
    async images() {
      const [bot, presentation] = await Promise.all([http.get<BotImage[]>('/api/bot-images'), http.get<PresentationImage[]>('/api/presentation-images')]);
      return { bot, presentation };
    },
    async retryItem(type, id) {
      return toItemView(type, await http.post<Record_>(`/api/${ENDPOINT[type]}/${id}/retry`));
    },
    retryJob: (id) => http.post<Job>(`/api/jobs/${id}/retry`),
    async retryFailed() {
      return (await http.post<{ retried: number }>('/api/jobs/retry-failed')).retried;
    },
    remove: (id) => http.del(`/api/content/${id}`),
    reindex: () => http.post<{ items: number; chunks: number }>('/api/reindex'),
    search: (query, o) => http.get<SearchHit[]>('/api/search', { q: query, k: o.k, type: o.type }),
    questionStats: (since) => http.get<QuestionStats>('/api/analytics/stats', { since }),
    async close() {},
  };
}
