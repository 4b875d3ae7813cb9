import { statSync } from 'node:fs';
import { AppError } from '../../core/foundation/errors';
import { LIST_PAGE_MAX, type ConversationOptions, type FileRead, type Product, type RagEvent, type ReplaceInput, type UploadInput, type WidgetConfig } from '../../core/product/index';
import type { ContentType, RetrievalReply } from '../../core/foundation/types';
import type { ApiRoute, Transport } from '../../server/api/index';
import { apiRequest, queryString, type ApiRequest } from './api-request';
import type { HttpClient } from './client';
import { multipartBody } from './multipart';
import { readEvents } from './sse';

/** How the client reads a route whose answer is not one JSON value (the table's `transport`). */
type Read = (http: HttpClient, request: ApiRequest, args: unknown[], table: readonly ApiRoute[]) => unknown;

const formValue = (v: unknown) => (v === undefined || v === null ? undefined : Array.isArray(v) ? v.join(',') : String(v));

async function bodyOf(res: { body: AsyncIterable<unknown> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of res.body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** One page of a list: its rows, and the list's length from X-Total-Count. */
const page: Read = async (http, { path, query }) => {
  const p = { limit: Number(query.limit ?? LIST_PAGE_MAX), offset: Number(query.offset ?? 0) };
  const res = await http.open('GET', path + queryString({ ...query, ...p }));
  return { items: JSON.parse((await bodyOf(res)).toString('utf8')) as unknown[], total: Number(res.headers['x-total-count']), ...p };
};

/**
 * A whole list: the page asked for, or without a limit every row, page after page, each page asked
 * after the last id of the one before (so a row deleted meanwhile makes no other row skipped).
 */
const pages: Read = async (http, { path, query }) => {
  if (query.limit !== undefined) return http.get(path, query);
  const out: Array<{ id: number }> = [];
  for (let afterId = query.afterId, offset = query.offset; ; offset = undefined) {
    const rows = await http.get<Array<{ id: number }>>(path, { ...query, limit: LIST_PAGE_MAX, offset, afterId });
    out.push(...rows);
    if (rows.length < LIST_PAGE_MAX) return out;
    afterId = rows[rows.length - 1]!.id;
  }
};

/** A file with form fields (an upload, or a new version of an item's file). */
const multipart: Read = async (http, { route, path }, args) => {
  if (route.call === 'upload') {
    const { kind, file, fields, onProgress } = args[0] as UploadInput;
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, formValue(v)]));
    const body = multipartBody(form, { path: file.path, fileName: file.fileName, size: file.spooled?.size ?? statSync(file.path).size }, onProgress);
    const answer = await http.send('POST', path, body);
    // The any-type upload answers {kind, item}; a kind's own route answers the item.
    return kind === 'any' || kind === 'image' ? answer : { kind, item: answer };
  }
  const { file, approve, syncSource } = args[1] as ReplaceInput;
  const form: Record<string, string> = approve ? { approve: 'true' } : {};
  if (syncSource) form.syncSource = typeof syncSource === 'string' ? syncSource : JSON.stringify(syncSource);
  return http.send('POST', path, multipartBody(form, { path: file.path, fileName: file.fileName, size: file.spooled?.size ?? statSync(file.path).size }));
};

/** Server-sent events: `token`, then `done` (the reply) or `error`. */
const events: Read = (http, { path, body }, args) => (async function* (): AsyncIterable<RagEvent> {
  const o = (args[2] ?? {}) as ConversationOptions;
  const res = await http.open('POST', path, { json: body, headers: { accept: 'text/event-stream' } });
  for await (const e of readEvents(res.body)) {
    o.signal?.throwIfAborted();
    if (e.event === 'token') yield { type: 'token', text: (e.data as { text: string }).text };
    else if (e.event === 'done') yield { type: 'done', reply: e.data as RetrievalReply };
    else if (e.event === 'error') throw new AppError((e.data as { error: 'internal' }).error, (e.data as { message: string }).message);
  }
})();

/** A file the server sends whole (an export, the metrics text): its name when the server gives one. */
const download: Read = async (http, { path, query }) => {
  const res = await http.open('GET', path + queryString(query));
  const fileName = /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''))?.[1];
  return { ...(fileName && { fileName }), contentType: String(res.headers['content-type'] ?? ''), body: (await bodyOf(res)).toString('utf8') };
};

/** A stored file: its bytes (a range when asked) for readFile, its size for statFile (HEAD; null when there is none). */
const file: Read = async (http, { route, path }, args) => {
  const o = (args[1] ?? {}) as { start?: number; end?: number };
  if (route.call === 'readFile') {
    const range = o.start !== undefined || o.end !== undefined ? { range: `bytes=${o.start ?? 0}-${o.end ?? ''}` } : undefined;
    const res = await http.open('GET', path, { headers: range });
    const total = /\/(\d+)$/.exec(String(res.headers['content-range'] ?? ''))?.[1] ?? res.headers['content-length'];
    return { body: res.body, size: Number(total), contentType: String(res.headers['content-type']), lastModified: new Date(String(res.headers['last-modified'])).toISOString() } satisfies FileRead;
  }
  const res = await http.open('HEAD', path).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'not_found') return null;
    throw e;
  });
  if (!res) return null;
  res.body.resume();
  return { key: args[0] as string, size: Number(res.headers['content-length']), lastModified: new Date(String(res.headers['last-modified'])).toISOString(), storageClass: '' };
};

export const TRANSPORTS: Record<Exclude<Transport, 'json'>, Read> = { page, pages, multipart, events, download, file };

/** Methods the client composes from other calls (server/api/index.ts COMPOSED says why). */
export function composed(product: Product, http: HttpClient, table: readonly ApiRoute[]): Pick<Product, 'item' | 'widgetConfig'> {
  return {
    async item<T extends ContentType>(type: T, id: number) {
      const found = (await product.items(type)).find((r) => r.id === id);
      if (!found) throw new AppError('not_found', `${type} ${id} was not found`);
      return found;
    },
    // The public brand defaults, and every origin allowed to embed the widget (from the admin's settings).
    async widgetConfig() {
      const [cfg, settings] = await Promise.all([http.get<Omit<WidgetConfig, 'origins'>>(apiRequest(table, 'widgetConfig', []).path), product.widgetSettings()]);
      return { ...cfg, origins: [...new Set([...settings.envOrigins, ...settings.origins])] };
    },
  };
}
