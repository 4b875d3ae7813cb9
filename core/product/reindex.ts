import { reindexAll } from '../content/reindex';
import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** Rebuilds the search index from the stored text (after an embedder change). */
export const reindex = (s: Services): Pick<Product, 'reindex'> => ({
  reindex: (onProgress) => reindexAll(s.content, onProgress),
});
