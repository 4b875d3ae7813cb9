import { AppError } from './errors';

/**
 * Sliding-window limiter kept in memory: at most `limit` hits per key in
 * any `windowMs`. The one limiter behind sign-in attempts and the public
 * chat. Keys are kept least-recently-used first and capped at `maxKeys`.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number; maxKeys?: number }) {
  const hits = new Map<string, number[]>();
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 50_000;

  /** Records a hit and returns 0, or returns the seconds to wait when over the limit. */
  function take(key: string): number {
    const t = now();
    const list = (hits.get(key) ?? []).filter((x) => x > t - options.windowMs);
    hits.delete(key); // re-insert: Map order is least recently used first
    hits.set(key, list);
    if (list.length >= options.limit) return Math.max(1, Math.ceil((list[0] + options.windowMs - t) / 1000));
    list.push(t);
    if (hits.size > maxKeys) hits.delete(hits.keys().next().value!);
    return 0;
  }

  return {
    take,
    /** Takes back the last hit of a key (when a second limit refused the request). */
    undo(key: string) {
      hits.get(key)?.pop();
    },
    /** Records a hit; throws AppError('rate_limited') when over the limit. */
    hit(key: string, what = 'requests') {
      const retryAfter = take(key);
      if (retryAfter) throw new AppError('rate_limited', `Too many ${what}. Try again in ${retryAfter} s.`, { details: { retryAfter } });
    },
    reset(key: string) {
      hits.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
