/**
 * The one HTTP client of the console. Every call sends credentials, turns a
 * non-success answer into an ApiError whose message is "status: body text"
 * (or the status text when the body is empty), and reports a 401 to the
 * registered handler, which returns the user to the sign-in screen.
 */
import { LIST_PAGE_MAX, type ApiErrorBody, type Coded } from '@core/foundation/types';

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The server's machine code and human message when the body was the JSON error shape. */
  readonly code: string | null;
  readonly serverMessage: string | null;
  /** The message as a code with parameters, when the server sent one (worded in the console's language). */
  readonly coded: Coded | null;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    let parsed: Partial<ApiErrorBody> | null = null;
    try {
      parsed = body ? (JSON.parse(body) as Partial<ApiErrorBody>) : null;
    } catch {
      parsed = null;
    }
    this.code = typeof parsed?.error === 'string' ? parsed.error : null;
    this.serverMessage = typeof parsed?.message === 'string' ? parsed.message : null;
    this.coded = parsed?.coded && typeof parsed.coded.code === 'string' ? parsed.coded : null;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

let unauthorizedHandler: (() => void) | null = null;

/** The auth provider registers what a 401 does (clear the flag, show sign-in). */
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  unauthorizedHandler = fn;
}

export function reportUnauthorized(): void {
  unauthorizedHandler?.();
}

/** What a 401 means for this call: sign out (default), answer null, or just fail. */
export type On401 = 'signOut' | 'null' | 'throw';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  on401?: On401;
  headers?: Record<string, string>;
}

export function withParams(path: string, params?: RequestOptions['params']): string {
  if (!params) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Low level: performs the request and checks the status; the caller reads the body. */
export async function rawRequest(path: string, opts: RequestOptions = {}): Promise<Response | null> {
  // The console's chosen language (set on <html lang>), so server replies such as the chat greeting match it.
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  const headers: Record<string, string> = { accept: 'application/json', ...(lang ? { 'accept-language': lang } : {}), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(withParams(path, opts.params), {
    method: opts.method ?? 'GET',
    credentials: 'include',
    headers,
    body,
    signal: opts.signal,
  });
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  if (res.status === 401) {
    const on401 = opts.on401 ?? 'signOut';
    if (on401 === 'null') return null;
    if (on401 === 'signOut') reportUnauthorized();
  }
  throw new ApiError(res.status, res.statusText, text);
}

/** Performs the request and parses a JSON answer (undefined for 204/empty). */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await rawRequest(path, opts);
  if (res === null) return null as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T = void>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'DELETE' }),
};

/** One page of a list route (`limit`/`offset`, optionally `afterId` in params) and the list's whole length from `X-Total-Count`. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** GET one page of a list route: `offset` rows skipped, at most `limit` rows (1-1,000). */
export async function getPage<T>(
  path: string, page: { limit: number; offset: number }, params: RequestOptions['params'] = {}, opts: Pick<RequestOptions, 'headers'> = {},
): Promise<Page<T>> {
  const res = await rawRequest(path, { ...opts, params: { ...params, limit: page.limit, offset: page.offset } });
  const text = res ? await res.text() : '';
  const items = (text ? JSON.parse(text) : []) as T[];
  const header = Number(res?.headers.get('x-total-count'));
  return { items, total: Number.isFinite(header) && header >= 0 && res?.headers.has('x-total-count') ? header : page.offset + items.length };
}

/**
 * GET a whole list, page after page of LIST_PAGE_MAX, for screens that group or filter over every item
 * (the images screens, the card grids). Each page is asked after the last id of the one before
 * (`afterId`), so a row deleted between two pages makes no other row skipped. Stops at a short page.
 */
export async function getAllPages<T extends { id: number }>(
  path: string, params: RequestOptions['params'] = {}, opts: Pick<RequestOptions, 'headers'> = {},
): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const last = all.at(-1);
    const { items } = await getPage<T>(path, { limit: LIST_PAGE_MAX, offset: 0 }, last ? { ...params, afterId: last.id } : params, opts);
    all.push(...items);
    if (items.length < LIST_PAGE_MAX) return all;
  }
}

/**
 * Multipart upload through XMLHttpRequest so big files report progress
 * (fetch has no upload progress). Same credentials, error and 401 rules.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) report(Math.min(1, e.loaded / e.total));
      };
    }
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch (e) {
          reject(e);
        }
        return;
      }
      if (xhr.status === 401) reportUnauthorized();
      reject(new ApiError(xhr.status, xhr.statusText, text));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', ''));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Downloads a URL as a blob and saves it under `fileName` (credentials included). */
export async function downloadToFile(path: string, fileName?: string): Promise<void> {
  const res = await rawRequest(path, { headers: { accept: '*/*' } });
  if (!res) return;
  const blob = await res.blob();
  const name = fileName ?? fileNameFromDisposition(res.headers.get('content-disposition')) ?? path.split('/').pop() ?? 'download';
  saveBlob(blob, name);
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : null;
}
