import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const searchNeeds = { search: 'read' } satisfies Needs;

/** Searches the indexed content the way the assistants do. */
export const search = (s: Services): Pick<Product, 'search'> => ({
  search: (query, o) => s.search.search(query, { k: o.k, filters: o.type ? { itemType: o.type } : undefined }),
});
