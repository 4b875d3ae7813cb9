/**
 * Embedder for any OpenAI-compatible `POST /v1/embeddings` endpoint
 * (OpenAI, Voyage, Ollama, TEI, vLLM). `fetch` is injectable; the API key
 * is optional (local servers need none).
 */
import { AppError } from '../../foundation/errors';
import type { Embedder } from './types';

export interface OpenAiEmbedderOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434 (with or without /v1) */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Expected vector size; learned from the first answer when absent. */
  dimension?: number;
  /** Send `dimensions` in the request (OpenAI text-embedding-3 can shorten vectors). Default false. */
  requestDimensions?: boolean;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Per-request time limit (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface EmbeddingsResponse { data?: Array<{ embedding?: number[]; index?: number }> }

export function embeddingsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v\d+$/.test(base) ? `${base}/embeddings` : `${base}/v1/embeddings`;
}

export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  if (!options.baseUrl || !options.model) {
    throw new AppError('not_configured', 'The OpenAI-compatible embedder needs a base URL and a model name.');
  }
  const url = embeddingsUrl(options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  const batchSize = options.batchSize ?? 64;
  let dimension = options.dimension ?? 0;

  const call = async (input: string[], signal?: AbortSignal): Promise<number[][]> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const body: Record<string, unknown> = { model: options.model, input, encoding_format: 'float' };
    if (options.requestDimensions && options.dimension) body.dimensions = options.dimension;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
    let res: Response;
    try {
      res = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (e) {
      signal?.throwIfAborted();
      throw new AppError('unavailable', `The embedding service at ${url} is not reachable: ${(e as Error).message}`, { cause: e });
    }
    const text = await res.text();
    if (res.status === 401 || res.status === 403) {
      throw new AppError('not_configured', `The embedding service at ${url} refused the API key (HTTP ${res.status}).`);
    }
    if (!res.ok) {
      throw new AppError('unavailable', `The embedding service at ${url} answered HTTP ${res.status}: ${text.slice(0, 300)}`);
    }
    let parsed: EmbeddingsResponse;
    try {
      parsed = JSON.parse(text) as EmbeddingsResponse;
    } catch (e) {
      throw new AppError('unavailable', `The embedding service at ${url} sent a reply that is not JSON: ${text.slice(0, 200)}`, { cause: e });
    }
    const data = parsed.data;
    if (!Array.isArray(data) || data.length !== input.length) {
      throw new AppError('unavailable', `The embedding service at ${url} returned ${Array.isArray(data) ? data.length : 'no'} embeddings for ${input.length} texts.`);
    }
    const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => d.embedding);
    for (const v of ordered) {
      if (!Array.isArray(v) || v.length === 0) throw new AppError('unavailable', `The embedding service at ${url} returned an empty embedding.`);
      if (!dimension) dimension = v.length;
      if (v.length !== dimension) {
        throw new AppError('conflict', `The embedding model ${options.model} returned ${v.length} dimensions, expected ${dimension}.`);
      }
    }
    return ordered as number[][];
  };

  return {
    get id() { return `openai:${options.model}:${dimension}`; },
    get dimension() { return dimension; },
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        // Empty strings are rejected by some servers: send a space instead.
        out.push(...(await call(texts.slice(i, i + batchSize).map((t) => t || ' '), signal)));
      }
      return out;
    },
  };
}
