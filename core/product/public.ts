import { newConversationId } from '../engines/conversations/ids';
import { createRateLimiter, type RateLimiter } from '../engines/limits/limiter';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const conversationsNeeds = { newConversation: 'public' } satisfies Needs;

/** A new public conversation: its id carries 128 random bits. */
export const conversations = (): Pick<Product, 'newConversation'> => ({
  newConversation: async () => ({ referenceId: newConversationId() }),
});

/** Groups of public routes, each with its own per-address budget. */
export type PublicRouteGroup = 'bot' | 'auth' | 'files' | 'health';

/** What every public request passes first: a per-address budget a minute per group of routes (shared across servers on PostgreSQL). */
export interface PublicGate {
  /** Counts one request; AppError('rate_limited') with retryAfter past the budget. */
  admit(group: PublicRouteGroup, clientAddress: string): Promise<void>;
}

export function createPublicGate(s: Pick<Services, 'config' | 'rateLimits'>): PublicGate {
  const limiters = new Map<PublicRouteGroup, RateLimiter>();
  return {
    admit(group, clientAddress) {
      let l = limiters.get(group);
      if (!l) {
        l = createRateLimiter({ name: `public-${group}`, limit: s.config.limits.publicPerMinute, windowMs: 60_000, store: s.rateLimits });
        limiters.set(group, l);
      }
      return l.hit(clientAddress, 'requests from your address');
    },
  };
}
