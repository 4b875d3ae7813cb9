import { reindexAll } from '../features/content/reindex';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const reindexNeeds = { reindex: 'manage' } satisfies Needs;

/** Rebuilds the search index from the stored text (after an embedder change). */
export const reindex = (s: Services): Pick<Product, 'reindex'> => ({
  reindex: (onProgress) => reindexAll(s.content, onProgress),
});
