import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const handoffNeeds = {
  requestHandoff: 'public', handoffRequests: 'read', handoffRequest: 'read', markHandoffHandled: 'edit',
  removeHandoffRequest: 'delete',
} satisfies Needs;

/** Hand-off to a person: a visitor leaves a request; staff list, handle, export and delete them. */
export const handoff = (s: Pick<Services, 'handoff'>): Pick<Product, 'requestHandoff' | 'handoffRequests' | 'handoffRequest' | 'markHandoffHandled' | 'removeHandoffRequest'> => ({
  async requestHandoff(input) {
    const r = await s.handoff.submit(input);
    return { id: r.id, createdAt: r.createdAt };
  },
  handoffRequests: (filter) => s.handoff.list(filter),
  handoffRequest: (id) => s.handoff.get(id),
  markHandoffHandled: (id, handled) => s.handoff.markHandled(id, handled),
  removeHandoffRequest: (id) => s.handoff.remove(id),
});
