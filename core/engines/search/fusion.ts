/**
 * Fusion of ranked lists from different retrievers (word BM25, n-gram
 * BM25, title BM25, vectors).
 *
 * Default method: each list's scores are divided by that list's best score
 * (so every retriever speaks on a 0..1 scale relative to its own best
 * match), multiplied by the retriever's weight and summed. Unlike
 * reciprocal-rank fusion this keeps how far ahead the best match is: a
 * strong first place in one list is not cancelled by a weak rank in a list
 * that barely discriminates. Measured on the pooled eval, equal-weight RRF
 * of word and n-gram BM25 lost to n-gram BM25 alone in 3 of 5 languages,
 * while max-normalised fusion beat both halves in all 5.
 * RRF is kept as an option for comparison.
 */

export interface RankedList<T> {
  /** Best first. Scores: higher is better, any scale. */
  hits: Array<{ id: string; score: number; item: T }>;
  weight: number;
}

export interface FusedHit<T> { id: string; score: number; item: T }

export interface FusionOptions<T> {
  method?: 'max-normalized' | 'rrf';
  /** RRF constant (default 60). */
  rrfK?: number;
  /** Multiplier applied per item after fusion, e.g. a same-language preference. */
  prior?: (item: T) => number;
}

export function fuseRankings<T>(lists: RankedList<T>[], k: number, options: FusionOptions<T> = {}): FusedHit<T>[] {
  const method = options.method ?? 'max-normalized';
  const rrfK = options.rrfK ?? 60;
  const acc = new Map<string, FusedHit<T>>();
  for (const list of lists) {
    if (list.weight <= 0 || list.hits.length === 0) continue;
    const top = list.hits[0].score;
    list.hits.forEach((h, rank) => {
      let s: number;
      if (method === 'rrf') s = 1 / (rrfK + rank + 1);
      else s = top > 0 ? Math.max(0, h.score) / top : 0;
      const cur = acc.get(h.id);
      if (cur) cur.score += list.weight * s;
      else acc.set(h.id, { id: h.id, score: list.weight * s, item: h.item });
    });
  }
  const out = [...acc.values()];
  if (options.prior) for (const h of out) h.score *= options.prior(h.item);
  out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out.slice(0, k);
}
