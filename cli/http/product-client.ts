import { statSync } from 'node:fs';
import type {
  AnyUploadResult, AuditEntry, ChatRequest, ConversationOptions, FileRead, Glossary, ItemFilter, ItemRecordOf, ListName, ListPage, ListQuery, ListRows, Page, Product, QuestionStats, RagEvent, TokenView, TranslationOffers, TranslationRecord, UserView, VersionResult,
  TranslationRow, UploadInput, UploadResultOf, WidgetConfig, WidgetSettingsView,
} from '../../core/product/index';
import type {
  BotImage, Category, ChatBotReply, ContentItem, ContentType, DashboardMetrics, Document, HandoffRequest, HealthReport, ItemVersion, Job, PresentationImage,
  PublicChatMessage, RetrievalReply, StorageStats, StoredObject, Video, VideoTranscriptView, ViewerData, SiteRun, SiteSummary,
} from '../../core/types';
import { AppError } from '../../core/errors';
import { LIST_PAGE_MAX } from '../../core/product/index';
import { createHttpClient, type HttpClientOptions } from './client';
import { multipartBody } from './multipart';
import { readEvents } from './sse';

const ENDPOINT: Record<ContentType, string> = { document: 'documents', presentation: 'presentations', video: 'videos' };
const keyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');
const formValue = (v: unknown) => (v === undefined || v === null ? undefined : Array.isArray(v) ? v.join(',') : String(v));

/**
 * The product over a running server's HTTP API: the same `Product` the
 * server maps its routes onto (testing/product-contract.ts runs against both).
 */
export function createProductClient(options: HttpClientOptions): Product & { readonly baseUrl: string } {
  const http = createHttpClient(options);
  /**
   * A list route: the page asked for, or without a limit the whole list, page after page, each page asked
   * after the last id of the one before (so a row deleted meanwhile makes no other row skipped).
   */
  async function listed<T extends { id: number }>(path: string, query: Record<string, string | undefined>, page: Page = {}): Promise<T[]> {
    if (page.limit !== undefined) return http.get<T[]>(path, { ...query, limit: page.limit, offset: page.offset, afterId: page.afterId });
    const out: T[] = [];
    for (let afterId = page.afterId, offset = page.offset; ; offset = undefined) {
      const rows = await http.get<T[]>(path, { ...query, limit: LIST_PAGE_MAX, offset, afterId });
      out.push(...rows);
      if (rows.length < LIST_PAGE_MAX) return out;
      afterId = rows[rows.length - 1].id;
    }
  }
  const items = <T extends ContentType>(type: T, filter: ItemFilter = {}) =>
    listed<ItemRecordOf<T>>(`/api/${ENDPOINT[type]}`, { subcategory: filter.subcategory }, filter);
  const LIST_PATH: Record<ListName, string> = { ...ENDPOINT, content: 'content', 'bot-images': 'bot-images', 'presentation-images': 'presentation-images' };

  async function* askStream(query: string, referenceId: string, o: ConversationOptions = {}): AsyncIterable<RagEvent> {
    const res = await http.open('POST', '/api/bot/rag-query/stream', { json: { query, referenceId }, headers: { accept: 'text/event-stream' } });
    for await (const e of readEvents(res.body)) {
      o.signal?.throwIfAborted();
      if (e.event === 'token') yield { type: 'token', text: (e.data as { text: string }).text };
      else if (e.event === 'done') yield { type: 'done', reply: e.data as RetrievalReply };
      else if (e.event === 'error') throw new AppError((e.data as { error: 'internal' }).error, (e.data as { message: string }).message);
    }
  }

  /** A file the server sends as an attachment, whole. */
  async function download(path: string, query: Record<string, string | null | undefined>, fallbackName: string) {
    const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
    const res = await http.open('GET', `${path}?${q}`);
    const chunks: Buffer[] = [];
    for await (const c of res.body) chunks.push(c as Buffer);
    const disposition = String(res.headers['content-disposition'] ?? '');
    return {
      fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName,
      contentType: String(res.headers['content-type'] ?? ''),
      body: Buffer.concat(chunks).toString('utf8'),
    };
  }

  const versionBase = (type?: ContentType) => (type ? `/api/${ENDPOINT[type]}` : '/api/items');
  return {
    baseUrl: http.baseUrl,
    async upload<K extends UploadInput['kind']>({ kind, file, fields, onProgress }: UploadInput & { kind: K }): Promise<UploadResultOf<K>> {
      const size = file.spooled?.size ?? statSync(file.path).size;
      const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, formValue(v)]));
      const body = multipartBody(form, { path: file.path, fileName: file.fileName, size }, onProgress);
      // Support images have no route of their own: the any-type upload makes them.
      if (kind === 'any' || kind === 'image') return http.send<UploadResultOf<K>>('POST', '/api/content/upload', body);
      return { kind, item: await http.send('POST', `/api/${ENDPOINT[kind as ContentType]}`, body) } as UploadResultOf<K>;
    },
    items,
    async item<T extends ContentType>(type: T, id: number) {
      const found = (await items(type)).find((r) => r.id === id);
      if (!found) throw new AppError('not_found', `${type} ${id} was not found`);
      return found;
    },
    content: (type, page) => listed<ContentItem>('/api/content', { type }, page),
    async listPage<L extends ListName>(list: L, query: ListQuery = {}): Promise<ListPage<ListRows[L]>> {
      const page = { limit: query.limit ?? LIST_PAGE_MAX, offset: query.offset ?? 0 };
      const q = new URLSearchParams(Object.entries({ ...query, ...page }).filter((e) => e[1] !== undefined).map(([k, v]) => [k, String(v)]));
      const res = await http.open('GET', `/api/${LIST_PATH[list]}?${q}`);
      const chunks: Buffer[] = [];
      for await (const c of res.body) chunks.push(c as Buffer);
      const items = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ListRows[L][];
      return { items, total: Number(res.headers['x-total-count']), ...page };
    },
    createContent: (form) => http.post<ContentItem>('/api/content', form),
    updateDocument: (id, patch) => http.patch<Document>(`/api/documents/${id}`, patch),
    remove: (id, type) => http.del(type ? `/api/${ENDPOINT[type]}/${id}` : `/api/content/${id}`),
    removeAll: async () => (await http.del<{ deleted: { records: number; objects: number; chunks: number } }>('/api/delete-all-data')).deleted,
    translationRows: (type) => http.get<TranslationRow[]>(`/api/${type}-translations`),
    transcript: (id) => http.get<VideoTranscriptView>(`/api/videos/${id}/transcript`),
    transcribe: (id, input = {}) => http.post<Video>(`/api/videos/${id}/transcribe`, input),
    saveTranscript: (id, cues) => http.put<VideoTranscriptView>(`/api/videos/${id}/transcript`, { cues }),
    translate: (type, id, targetLanguage, options = {}) => http.post<TranslationRecord>(`/api/${ENDPOINT[type]}/${id}/translations`, { targetLanguage, ...options }),
    translationOffers: () => http.get<TranslationOffers>('/api/translation-offers'),
    translationList: (filter = {}) => http.get<TranslationRecord[]>('/api/translations', { itemType: filter.itemType, itemId: filter.itemId }),
    translation: (id) => http.get<TranslationRecord>(`/api/translations/${id}`),
    retryTranslation: (id) => http.post<TranslationRecord>(`/api/translations/${id}/retry`),
    removeTranslation: (id) => http.del(`/api/translations/${id}`),
    glossary: () => http.get<Glossary>('/api/glossary'),
    putGlossaryTerm: (entry) => http.post<Glossary>('/api/glossary/terms', entry),
    removeGlossaryTerm: (term) => http.del<Glossary>(`/api/glossary/terms/${encodeURIComponent(term)}`),
    rememberTranslations: (input) => http.post<{ stored: number; glossaryVersion: number }>('/api/translation-memory', input),
    retry: async <T extends ContentType = ContentType>(id: number, type?: T) =>
      type ? { type, item: await http.post<ItemRecordOf<T>>(`/api/${ENDPOINT[type]}/${id}/retry`) } : http.post<{ type: ContentType; item: ItemRecordOf<T> }>(`/api/retry/${id}`),
    retryJob: (id) => http.post<Job>(`/api/jobs/${id}/retry`),
    retryFailed: async () => (await http.post<{ retried: number }>('/api/jobs/retry-failed')).retried,
    jobs: (state) => http.get<Job[]>('/api/jobs', { state }),
    // The server reports no progress for a reindex.
    reindex: () => http.post<{ items: number; chunks: number }>('/api/reindex'),
    search: (query, o) => http.get('/api/search', { q: query, k: o.k, type: o.type }),
    ask: (query, referenceId) => http.post<RetrievalReply>('/api/bot/rag-query', { query, referenceId }),
    askStream,
    chat: (r: ChatRequest) => http.post<ChatBotReply>('/api/bot/chat', { message: r.message, referenceId: r.referenceId, isNewSession: r.isNewSession }),
    messages: (referenceId, since) => http.get<PublicChatMessage[]>('/api/bot/messages', { referenceId, since: since ?? undefined }),
    clearSession: (referenceId) => http.post('/api/bot/clear-session', { referenceId }),
    newConversation: () => http.post<{ referenceId: string }>('/api/bot/session', {}),
    requestHandoff: (input) => http.post<{ id: number; createdAt: string }>('/api/bot/handoff', input),
    handoffRequests: (filter) => http.get<HandoffRequest[]>('/api/handoff-requests', { status: filter?.status }),
    handoffRequest: (id) => http.get<HandoffRequest>(`/api/handoff-requests/${id}`),
    markHandoffHandled: (id, handled = true) => http.post<HandoffRequest>(`/api/handoff-requests/${id}/handled`, { handled }),
    removeHandoffRequest: (id) => http.del(`/api/handoff-requests/${id}`),
    categories: () => http.get<Category[]>('/api/categories'),
    createCategory: (input) => http.post<Category>('/api/categories', input),
    updateCategory: (id, input) => http.patch<Category>(`/api/categories/${id}`, input),
    removeCategory: (id) => http.del(`/api/categories/${id}`),
    images: ((kind: 'bot' | 'presentation', page?: Page) => listed(`/api/${kind}-images`, {}, page)) as Product['images'] & ((k: 'bot') => Promise<BotImage[]>) & ((k: 'presentation') => Promise<PresentationImage[]>),
    removeImage: (kind, id) => http.del(`/api/${kind}-images/${id}`),
    files: (prefix) => http.get<StoredObject[]>('/api/object-storage/files', { prefix }),
    fileStats: () => http.get<StorageStats>('/api/object-storage/stats'),
    removeFile: (key) => http.del(`/api/object-storage/files/${keyPath(key)}`),
    async readFile(key, o = {}): Promise<FileRead> {
      const range = o.start !== undefined || o.end !== undefined ? { range: `bytes=${o.start ?? 0}-${o.end ?? ''}` } : undefined;
      const res = await http.open('GET', `${o.public ? '/api/files' : '/api/object-storage/download'}/${keyPath(key)}`, { headers: range });
      const total = /\/(\d+)$/.exec(String(res.headers['content-range'] ?? ''))?.[1] ?? res.headers['content-length'];
      return { body: res.body, size: Number(total), contentType: String(res.headers['content-type']), lastModified: new Date(String(res.headers['last-modified'])).toISOString() };
    },
    async statFile(key, o = {}) {
      const res = await http.open('HEAD', `${o.public ? '/api/files' : '/api/object-storage/download'}/${keyPath(key)}`).catch((e: unknown) => {
        if (e instanceof AppError && e.code === 'not_found') return null;
        throw e;
      });
      if (!res) return null;
      res.body.resume();
      return { key, size: Number(res.headers['content-length']), lastModified: new Date(String(res.headers['last-modified'])).toISOString(), storageClass: '' };
    },
    viewer: (type, id, query) => http.get<ViewerData>(`/api/view/${type}/${id}`, query),
    sites: () => http.get<SiteSummary[]>('/api/sites'),
    recordSiteRun: (run) => http.post<SiteRun>('/api/sites/runs', run),
    dashboard: () => http.get<DashboardMetrics>('/api/dashboard/metrics'),
    health: () => http.get<HealthReport>('/api/health'),
    metrics: async () => {
      const { contentType, body } = await download('/api/metrics', {}, 'metrics.txt');
      return { contentType, body };
    },
    rate: (input) => http.post('/api/bot/feedback', input),
    questionStats: (since) => http.get<QuestionStats>('/api/analytics/stats', { since: since ?? undefined }),
    exportConversations: ({ from, to, format }) => download(`/api/analytics/export`, { format, from, to }, `conversations.${format}`),
    // The server names the actor from the caller's token: an actor given here is not sent.
    approve: (ids) => http.post<ContentItem[]>('/api/review/approve', { ids }),
    reject: (ids, o = {}) => http.post<ContentItem[]>('/api/review/reject', { ids, note: o.note ?? null }),
    setAccess: (ids, patch) => http.post<ContentItem[]>('/api/review/access', { ids, ...patch }),
    reviewQueue: (filter) => http.get<ContentItem[]>('/api/review', { filter }),
    auditLog: (q = {}) => http.get<AuditEntry[]>('/api/audit', { since: q.since ?? undefined, limit: q.limit }),
    exportAudit: ({ since, format }) => download('/api/audit', { format, since }, `audit.${format}`),
    async replace(id, { file, type, approve, syncSource }) {
      const size = file.spooled?.size ?? statSync(file.path).size;
      const form: Record<string, string> = approve ? { approve: 'true' } : {};
      if (syncSource) form.syncSource = typeof syncSource === 'string' ? syncSource : JSON.stringify(syncSource);
      const body = multipartBody(form, { path: file.path, fileName: file.fileName, size });
      return await http.send<VersionResult>('POST', `${versionBase(type)}/${id}/replace`, body);
    },
    versions: (id, type) => http.get<ItemVersion[]>(`${versionBase(type)}/${id}/versions`),
    restoreVersion: (id, n, o = {}) => http.post<VersionResult>(`${versionBase(o.type)}/${id}/versions/${n}/restore`, { approve: !!o.approve }),
    users: () => http.get<UserView[]>('/api/users'),
    createUser: (input) => http.post<UserView>('/api/users', input),
    updateUser: (id, patch) => http.patch<UserView>(`/api/users/${id}`, patch),
    removeUser: (id) => http.del(`/api/users/${id}`),
    tokens: () => http.get<TokenView[]>('/api/tokens'),
    createToken: (input) => http.post<{ token: string; record: TokenView }>('/api/tokens', input),
    revokeToken: (id) => http.del<TokenView>(`/api/tokens/${id}`),
    widgetSettings: () => http.get<WidgetSettingsView>('/api/widget/settings'),
    updateWidgetSettings: (patch) => http.patch<WidgetSettingsView>('/api/widget/settings', patch),
    async widgetConfig() {
      const [cfg, settings] = await Promise.all([http.get<Omit<WidgetConfig, 'origins'>>('/api/widget/config'), http.get<WidgetSettingsView>('/api/widget/settings')]);
      return { ...cfg, origins: [...new Set([...settings.envOrigins, ...settings.origins])] };
    },
  };
}
