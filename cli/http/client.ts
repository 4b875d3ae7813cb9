import type { Readable } from 'node:stream';
import { request } from 'undici';
import { AppError, httpStatusFor, type ErrorCode } from '../../core/foundation/errors';

export interface HttpClientOptions {
  baseUrl: string;
  token: string | null;
  /** Where the token file would be, for the 401 message. */
  tokenHint: string;
  signal?: AbortSignal;
}

export interface RawBody {
  stream: Readable;
  length: number;
  contentType: string;
}

export interface HttpClient {
  readonly baseUrl: string;
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  send<T>(method: 'POST' | 'PUT', path: string, body: RawBody): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  del<T = void>(path: string): Promise<T>;
  /** A response whose body is read by the caller (downloads, event streams); errors still become AppError. */
  open(method: 'GET' | 'HEAD' | 'POST', path: string, init?: { headers?: Record<string, string>; json?: unknown }): Promise<RawResponse>;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

const CODES = new Set(Object.keys(httpStatusFor));
const NETWORK = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|UND_ERR_(SOCKET|CONNECT_TIMEOUT|CLOSED)/;

/** The one HTTP client of the CLI: bearer token, JSON, and errors turned into AppError. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(method: string, path: string, init: { body?: string | Readable; headers?: Record<string, string> } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let res;
    try {
      res = await request(`${baseUrl}${path}`, { method: method as 'GET', headers, body: init.body, signal: options.signal, headersTimeout: 10 * 60_000, bodyTimeout: 10 * 60_000 });
    } catch (e) {
      throw networkError(e, baseUrl);
    }
    const text = await res.body.text();
    if (res.statusCode >= 400) throw apiError(res.statusCode, text, method, path, options);
    if (res.statusCode === 204 || !text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch (e) {
      throw new AppError('unavailable', `The server at ${baseUrl} answered ${method} ${path} with something that is not JSON`, { cause: e });
    }
  }

  return {
    baseUrl,
    get(path, query) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.set(k, String(v));
      return call(`GET`, qs.size ? `${path}?${qs}` : path);
    },
    post: (path, body) =>
      call('POST', path, body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    send: (method, path, body) =>
      call(method, path, { body: body.stream, headers: { 'content-type': body.contentType, 'content-length': String(body.length) } }),
    patch: (path, body) => call('PATCH', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    put: (path, body) => call('PUT', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    del: (path) => call('DELETE', path),
    async open(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      let res;
      try {
        res = await request(`${baseUrl}${path}`, {
          method, headers, body: init.json === undefined ? undefined : JSON.stringify(init.json), signal: options.signal,
          headersTimeout: 10 * 60_000, bodyTimeout: 10 * 60_000,
        });
      } catch (e) {
        throw networkError(e, baseUrl);
      }
      if (res.statusCode >= 400) throw apiError(res.statusCode, await res.body.text(), method, path, options);
      return { status: res.statusCode, headers: res.headers, body: res.body as unknown as Readable };
    },
  };
}

function networkError(e: unknown, baseUrl: string): unknown {
  const err = e as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (err?.name === 'AbortError' || err?.code === 'UND_ERR_ABORTED') return e;
  const code = err?.code ?? err?.cause?.code ?? '';
  if (NETWORK.test(code) || NETWORK.test(err?.message ?? '')) {
    return new AppError(
      'unavailable',
      `Cannot reach the server at ${baseUrl} (${code || err?.message}). Start it with \`npm run serve\`, or unset CMS_URL to work on the data folder directly.`,
      { cause: e },
    );
  }
  return new AppError('unavailable', `Request to ${baseUrl} failed: ${err?.message ?? String(e)}`, { cause: e });
}

function apiError(status: number, text: string, method: string, path: string, options: HttpClientOptions): AppError {
  let body: { error?: string; message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: keep the status
  }
  const code: ErrorCode = body.error && CODES.has(body.error) ? (body.error as ErrorCode) : codeForStatus(status);
  if (status === 401) {
    return new AppError(
      'unauthorized',
      options.token
        ? `The server at ${options.baseUrl} rejected the API token. Check CMS_TOKEN (or the token file ${options.tokenHint}).`
        : `The server at ${options.baseUrl} needs an API token: set CMS_TOKEN, or run the CLI where it can read ${options.tokenHint}.`,
    );
  }
  return new AppError(code, body.message || `${method} ${path} failed with HTTP ${status}`, { details: { status } });
}

function codeForStatus(status: number): ErrorCode {
  const found = Object.entries(httpStatusFor).find(([, s]) => s === status);
  return (found?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'unavailable' : 'validation');
}
