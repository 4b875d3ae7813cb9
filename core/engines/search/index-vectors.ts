import { AppError, isAppError } from '../../foundation/errors';
import type { SearchFilters } from './types';
import type { VectorHit, VectorIndex } from './vector-index';

/** Above this many allowed item ids a vector search filters Chroma's hits here instead of in Chroma's `where` (see VectorSide.query). */
export const MAX_WHERE_ITEM_IDS = 256;

export interface VectorSideOptions {
  /** The vector retriever's weight in fusion: at 0 searches do not ask Chroma. */
  weight: number;
  /** Pause before trying Chroma again after a failed search. */
  retryAfterMs: number;
  /** How long a write waits for Chroma to come back before failing (0: fail at once). */
  writeWaitMs: number;
  /** The configured embedder's id, named in health. */
  embedderId: string;
}

/**
 * The search index's side of Chroma (./index.ts): writes wait for it to come
 * back, for at most `writeWaitMs`; searches skip it for `retryAfterMs` after
 * it failed (until then it is known down, and health names the failure).
 */
export class VectorSide {
  private downUntil = 0;
  private lastError: string | null = null;

  constructor(readonly vectors: VectorIndex, private readonly options: VectorSideOptions) {}

  /** Runs a vector write, retrying while Chroma is unavailable, for at most writeWaitMs. */
  async whenUp<T>(fn: () => Promise<T>): Promise<T> {
    const writeWait = this.options.writeWaitMs;
    const started = Date.now();
    for (let delay = 250; ; delay = Math.min(delay * 2, 2000)) {
      try {
        return await fn();
      } catch (e) {
        if (!isAppError(e) || e.code !== 'unavailable') throw e;
        if (Date.now() - started + delay > writeWait) {
          if (writeWait <= 0) throw e;
          throw new AppError('unavailable', `${e.message} (waited ${Math.round((Date.now() - started) / 1000)} s for it to come back)`, { cause: e });
        }
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  /** Whether this search should ask Chroma (weighted, not known to be down, same embedder). */
  async ready(): Promise<boolean> {
    if (this.options.weight <= 0 || Date.now() < this.downUntil) return false;
    try {
      return !(await this.vectors.needsReindex());
    } catch (e) {
      this.markDown(e);
      return false;
    }
  }

  /** The vector hits for a search; null when Chroma failed (then known down for a while). */
  async hits(query: string, n: number, filters?: SearchFilters): Promise<VectorHit[] | null> {
    try {
      const hits = await this.query(query, n, filters);
      this.lastError = null;
      return hits;
    } catch (e) {
      this.markDown(e);
      return null;
    }
  }

  /** Health of the vector side beside a lexical index of `n` chunks. */
  async health(n: number): Promise<{ ok: boolean; detail: string }> {
    const { vectors } = this;
    const embedderId = this.options.embedderId;
    try {
      await vectors.heartbeat();
      if (await vectors.needsReindex()) {
        return { ok: false, detail: `${n} chunks; the vector index was built by another embedder than ${embedderId}: run \`cms reindex\`` };
      }
      const v = await vectors.count();
      const stale = v !== n ? `; vector index holds ${v}, lexical ${n}: run \`cms reindex\`` : '';
      this.downUntil = 0;
      return { ok: v === n, detail: `${n} chunks, Chroma at ${vectors.url} with ${embedderId}${stale}` };
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      return { ok: false, detail: `degraded to lexical search: ${this.lastError ?? msg}` };
    }
  }

  /** Rethrows what is not Chroma being unavailable; otherwise remembers it is down. */
  private markDown(e: unknown) {
    if (!isAppError(e) || e.code !== 'unavailable') throw e;
    this.downUntil = Date.now() + this.options.retryAfterMs;
    this.lastError = e.message;
  }

  /**
   * The vector hits for a search. A long list of allowed items (public
   * search sends at most MAX_WHERE_ITEM_IDS, except for a catalog of many
   * public items all ranked below 64 k hidden hits: core/features/governance/visibility.ts)
   * makes Chroma's `$in` filter
   * the slowest part of a query (measured: 152 ms against 29 ms unfiltered at
   * 500 items, and it grows with the list): Chroma is asked unfiltered for
   * twice the depth and the allowed hits kept. When `depth` of them are
   * allowed they are exactly the filtered query's first `depth` (any closer
   * allowed chunk would be among them); otherwise (a mostly private
   * catalog) Chroma is asked again with the list.
   */
  private async query(query: string, n: number, filters?: SearchFilters): Promise<VectorHit[]> {
    const { vectors } = this;
    const ids = filters?.itemIds;
    if (!ids || ids.length <= MAX_WHERE_ITEM_IDS) return vectors.search(query, n, filters);
    const allowed = new Set(ids);
    const wide = await vectors.search(query, n * 2, { ...filters, itemIds: undefined });
    const kept = wide.filter((h) => allowed.has(h.itemId));
    return kept.length >= n ? kept.slice(0, n) : vectors.search(query, n, filters);
  }
}
