import type { RateLimitStore } from './types';
import { roll, waitMs, type WindowState } from './window';

/**
 * Rate-limit counts kept in this process's memory (the one-machine
 * default). Keys are kept least-recently-used first and capped at `maxKeys`.
 */
export function createMemoryRateLimitStore(options: { now?: () => number; maxKeys?: number } = {}): RateLimitStore {
  const windows = new Map<string, WindowState>();
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;

  return {
    async take(key, limit, windowMs) {
      const t = now();
      const s = roll(windows.get(key), t, windowMs);
      windows.delete(key); // re-insert: Map order is least recently used first
      windows.set(key, s);
      if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
      const wait = waitMs(s, t, windowMs, limit);
      if (wait) return Math.max(1, Math.ceil(wait / 1000));
      s.curr++;
      return 0;
    },
    async undo(key) {
      const s = windows.get(key);
      if (s && s.curr > 0) s.curr--;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
