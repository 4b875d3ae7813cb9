import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** Searches the indexed content the way the assistants do. */
export const search = (s: Services): Pick<Product, 'search'> => ({
  search: (query, o) => s.search.search(query, { k: o.k, filters: o.type ? { itemType: o.type } : undefined }),
});
