/**
 * The client of a cross-encoder reranking endpoint (RERANK_URL): one POST
 * with a query and the candidate texts, one score per text back. Two
 * request shapes cover the servers in use:
 *
 * - `tei`: Hugging Face Text Embeddings Inference, `POST /rerank
 *   {query, texts, truncate}` -> `[{index, score}]`;
 * - `cohere`: Cohere, Jina, vLLM, Infinity, `POST /v1/rerank` (or `/rerank`)
 *   `{model, query, documents, top_n}` -> `{results: [{index, relevance_score}]}`.
 *
 * RERANK_API chooses; unset, a path with a version (`/v1/rerank`,
 * `/v2/rerank`) or a RERANK_MODEL means `cohere`, else `tei` (TEI serves one
 * model and takes no name). Either reply shape is read whatever was sent.
 * Every failure is a RerankError whose `outcome` says which kind it was
 * (error, timeout, rate_limited): the caller falls back to the fused order
 * (./reranked.ts).
 */
import { AppError } from '../../foundation/errors';

export type RerankApi = 'tei' | 'cohere';
export const RERANK_APIS: readonly RerankApi[] = ['tei', 'cohere'];
/** How a reranking request ended, as counted in `cms_rerank_requests_total`. */
export type RerankOutcome = 'ok' | 'error' | 'timeout' | 'rate_limited';

export interface RerankClientOptions {
  /** The endpoint; a bare host (no path) gets `/rerank`. */
  url: string;
  apiKey?: string | null;
  model?: string | null;
  /** Request shape; null or unset: from the URL and the model (see above). */
  api?: RerankApi | null;
  /** Whole request, reply read included (default 2000 ms). */
  timeoutMs?: number;
}

export interface RerankClient {
  /** The endpoint and model, for logs and reports. */
  readonly id: string;
  readonly api: RerankApi;
  /** One score per text, higher is more relevant; null for a text the endpoint left out. Throws RerankError. */
  scores(query: string, texts: string[], signal?: AbortSignal): Promise<Array<number | null>>;
}

export class RerankError extends AppError {
  readonly outcome: Exclude<RerankOutcome, 'ok'>;
  constructor(outcome: Exclude<RerankOutcome, 'ok'>, message: string, options?: { cause?: unknown }) {
    super(outcome === 'rate_limited' ? 'rate_limited' : 'unavailable', message, options);
    this.outcome = outcome;
  }
}

/** The request shape for an endpoint when RERANK_API does not say. */
export function rerankApiFor(url: string, model?: string | null): RerankApi {
  return /\/v\d+\/rerank\/?$/.test(new URL(url).pathname) || model ? 'cohere' : 'tei';
}

export function createRerankClient(options: RerankClientOptions): RerankClient {
  const endpoint = new URL(options.url);
  if (endpoint.pathname === '/' || endpoint.pathname === '') endpoint.pathname = '/rerank';
  const api = options.api ?? rerankApiFor(options.url, options.model);
  const timeoutMs = options.timeoutMs ?? 2000;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const where = `${endpoint.origin}${endpoint.pathname}`;

  return {
    id: options.model ? `${where} (${options.model})` : where,
    api,
    async scores(query, texts, signal) {
      if (texts.length === 0) return [];
      const body = api === 'tei'
        ? { query, texts, truncate: true }
        : { ...(options.model ? { model: options.model } : {}), query, documents: texts, top_n: texts.length };
      const timeout = AbortSignal.timeout(timeoutMs);
      const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let status: number;
      let text: string;
      try {
        const res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal: both });
        status = res.status;
        text = await res.text();
      } catch (e) {
        // The caller's own cancellation is not the endpoint's failure.
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new RerankError('timeout', `no reply from ${where} within ${timeoutMs} ms`, { cause: e });
        throw new RerankError('error', `${where} could not be reached: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}`, { cause: e });
      }
      if (status === 429) throw new RerankError('rate_limited', `${where} answered 429 (rate limited)`);
      if (status < 200 || status > 299) throw new RerankError('error', `${where} answered ${status}: ${text.slice(0, 200)}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new RerankError('error', `${where} answered something other than JSON: ${text.slice(0, 100)}`);
      }
      return readScores(parsed, texts.length, where);
    },
  };
}

/** Scores from either reply shape: `[{index, score}]` (TEI) or `{results: [{index, relevance_score}]}` (Cohere and kin). */
export function readScores(reply: unknown, n: number, where = 'the reranker'): Array<number | null> {
  const list = Array.isArray(reply) ? reply
    : reply && typeof reply === 'object' && Array.isArray((reply as { results?: unknown }).results) ? (reply as { results: unknown[] }).results
      : null;
  if (!list) throw new RerankError('error', `${where} answered neither [{index, score}] nor {results: [{index, relevance_score}]}`);
  const out: Array<number | null> = new Array(n).fill(null);
  for (const r of list) {
    const { index, score, relevance_score: relevance } = (r ?? {}) as { index?: unknown; score?: unknown; relevance_score?: unknown };
    const value = typeof relevance === 'number' ? relevance : score;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= n || typeof value !== 'number' || !Number.isFinite(value)) {
      throw new RerankError('error', `${where} answered a result that is not an index below ${n} with a score: ${JSON.stringify(r).slice(0, 100)}`);
    }
    out[index] = value;
  }
  if (n > 0 && out.every((s) => s === null)) throw new RerankError('error', `${where} scored none of the ${n} texts`);
  return out;
}
