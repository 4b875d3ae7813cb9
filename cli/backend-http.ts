import { statSync } from 'node:fs';
import type { SearchHit } from '../core/search/types';
import type { BotImage, Category, ContentItem, ContentType, Document, Job, Presentation, PresentationImage, Video } from '../core/types';
import { importFields, type Backend, type ImportRequest, type RecordOf, type UploadProgress } from './backend';
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
      const fields = Object.fromEntries(Object.entries(importFields(request)).filter(([, v]) => v !== undefined && v !== false).map(([k, v]) => [k, String(v)]));
      const body = multipartBody(fields, { path: request.path, fileName: request.fileName, size }, onUpload);
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
    async retry(id) {
      const { type, item } = await http.post<{ type: ContentType; item: Record_ }>(`/api/retry/${id}`);
      return toItemView(type, item);
    },
    async retryFailed() {
      return (await http.post<{ retried: number }>('/api/jobs/retry-failed')).retried;
    },
    remove: (id) => http.del(`/api/content/${id}`),
    reindex: () => http.post<{ items: number; chunks: number }>('/api/reindex'),
    search: (query, o) => http.get<SearchHit[]>('/api/search', { q: query, k: o.k, type: o.type }),
    async close() {},
  };
}
