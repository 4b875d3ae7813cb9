import { AppError } from './errors';

/**
 * Sliding-window limiter kept in memory: at most `limit` hits per key in
 * any `windowMs`. Used for login attempts and the public chat.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const hits = new Map<string, number[]>();
  const now = options.now ?? Date.now;
  let lastSweep = now();

  function sweep(t: number) {
    if (t - lastSweep < options.windowMs) return;
    lastSweep = t;
    for (const [k, list] of hits) if (!list.length || list[list.length - 1] <= t - options.windowMs) hits.delete(k);
  }

  return {
    /** Records a hit; throws AppError('rate_limited') when over the limit. */
    hit(key: string, what = 'requests') {
      const t = now();
      sweep(t);
      const list = (hits.get(key) ?? []).filter((x) => x > t - options.windowMs);
      if (list.length >= options.limit) {
        const retryAfter = Math.ceil((list[0] + options.windowMs - t) / 1000);
        hits.set(key, list);
        throw new AppError('rate_limited', `Too many ${what}. Try again in ${retryAfter} s.`, { details: { retryAfter } });
      }
      list.push(t);
      hits.set(key, list);
    },
    reset(key: string) {
      hits.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
