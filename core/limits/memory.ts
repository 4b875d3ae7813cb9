import type { RateLimitStore } from './types';

/**
 * Rate-limit hits kept in this process's memory (the one-machine default).
 * Keys are kept least-recently-used first and capped at `maxKeys`.
 */
export function createMemoryRateLimitStore(options: { now?: () => number; maxKeys?: number } = {}): RateLimitStore {
  const hits = new Map<string, number[]>();
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;

  return {
    async take(key, limit, windowMs) {
      const t = now();
      const list = (hits.get(key) ?? []).filter((x) => x > t - windowMs);
      hits.delete(key); // re-insert: Map order is least recently used first
      hits.set(key, list);
      if (list.length >= limit) return Math.max(1, Math.ceil((list[0] + windowMs - t) / 1000));
      list.push(t);
      if (hits.size > maxKeys) hits.delete(hits.keys().next().value!);
      return 0;
    },
    async undo(key) {
      hits.get(key)?.pop();
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}
