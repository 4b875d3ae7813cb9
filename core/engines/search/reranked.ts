/**
 * Reranking applied to retrieval (RERANK_URL): the first `topN` passages of
 * the fused order are sent to the reranking endpoint (./rerank.ts) and put
 * in its order; the passages after them keep theirs. A failure, a timeout
 * or a 429 leaves the fused order as it was: counted in
 * `cms_rerank_requests_total{outcome}` and written to the log once, at the
 * first failure of a run of them (and once when it works again), not on
 * every question.
 */
import type { Config } from '../../foundation/config';
import { rerankRequests } from '../metrics';
import { createRerankClient, RerankError, type RerankClient } from './rerank';
import type { Passage, Reranker } from './types';

/** RERANK_URL and its companions, as read by core/foundation/config.ts. */
export type RerankConfig = NonNullable<Config['search']['rerank']>;

export type { Reranker } from './types';

/** What a reranking endpoint reads of a passage: its title, heading and text. */
export const passageText = (p: Passage): string =>
  [p.hit.chunk.title, p.hit.chunk.heading, p.hit.chunk.text].filter((s) => s && s.trim()).join('\n');

export function createReranker(client: RerankClient, options: { topN: number; warn?: (message: string) => void }): Reranker {
  const warn = options.warn ?? (() => {});
  /** The reason of the failure the log was last told of; null while it works. */
  let failing: string | null = null;
  let fallbacks = 0;
  return {
    id: client.id,
    topN: options.topN,
    async rerank(query, passages, signal) {
      if (passages.length < 2) return { passages, outcome: null };
      const head = passages.slice(0, options.topN);
      let scores: Array<number | null>;
      try {
        scores = await client.scores(query, head.map(passageText), signal);
      } catch (e) {
        if (signal?.aborted) throw e;
        const outcome = e instanceof RerankError ? e.outcome : 'error';
        rerankRequests.inc({ outcome });
        fallbacks++;
        if (failing === null) warn(`Reranking failed (${outcome}: ${(e as Error).message}); answering in the fused order until it works again`);
        failing = (e as Error).message;
        return { passages, outcome };
      }
      rerankRequests.inc({ outcome: 'ok' });
      if (failing !== null) warn(`Reranking at ${client.id} works again (${fallbacks} request(s) fell back to the fused order)`);
      failing = null;
      fallbacks = 0;
      // Highest score first; a passage the endpoint left unscored after the scored ones, ties in the fused order.
      const order = head.map((p, i) => ({ p, i, s: scores[i] ?? -Infinity })).sort((a, b) => b.s - a.s || a.i - b.i);
      return { passages: [...order.map((o) => o.p), ...passages.slice(options.topN)], outcome: 'ok' };
    },
  };
}

/** The configured reranker, or null without RERANK_URL. */
export function rerankerFromConfig(config: RerankConfig | null, options: { warn?: (message: string) => void } = {}): Reranker | null {
  if (!config) return null;
  const client = createRerankClient({ url: config.url, apiKey: config.apiKey, model: config.model, api: config.api, timeoutMs: config.timeoutMs });
  return createReranker(client, { topN: config.topN, warn: options.warn });
}
