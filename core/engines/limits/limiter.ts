import { AppError } from '../../foundation/errors';
import { rateLimited } from '../metrics';
import { createMemoryRateLimitStore } from './memory';
import type { RateLimitStore } from './types';

export interface RateLimiterOptions {
  /** Names the limit's keys in a shared store ("login", "chat-address"...). */
  name: string;
  limit: number;
  windowMs: number;
  /** Where hits are counted; in this process's memory when absent. */
  store?: RateLimitStore;
}

/** One sliding-window limit: sign-in attempts, chat messages, public requests. */
export function createRateLimiter(options: RateLimiterOptions) {
  const store = options.store ?? createMemoryRateLimitStore();
  const k = (key: string) => `${options.name}:${key}`;
  const take = async (key: string) => {
    const retryAfter = await store.take(k(key), options.limit, options.windowMs);
    if (retryAfter) rateLimited.inc({ group: options.name });
    return retryAfter;
  };
  return {
    /** Records a hit and returns 0, or returns the seconds to wait when over the limit. */
    take,
    undo: (key: string) => store.undo(k(key)),
    /** Records a hit; throws AppError('rate_limited') with details.retryAfter when over the limit. */
    async hit(key: string, what = 'requests') {
      const retryAfter = await take(key);
      if (retryAfter) throw new AppError('rate_limited', `Too many ${what}. Try again in ${retryAfter} s.`, { details: { retryAfter } });
    },
    reset: (key: string) => store.reset(k(key)),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
