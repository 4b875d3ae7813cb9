import type { FastifyRequest } from 'fastify';
import { createRateLimiter } from '../core/limits/limiter';
import type { RateLimitStore } from '../core/limits/types';

/**
 * onRequest hook for public routes: at most `perMinute` requests a minute
 * from one client address to this group of routes (counted in the shared
 * store, so the budget holds across servers). Answers 429 with Retry-After.
 */
export function limitPublic(name: string, perMinute: number, store: RateLimitStore) {
  const limiter = createRateLimiter({ name: `public-${name}`, limit: perMinute, windowMs: 60_000, store });
  return async (request: FastifyRequest) => {
    await limiter.hit(request.ip, 'requests from your address');
  };
}
