import { createViewer } from '../features/content/viewer';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import { viewerNeed, type Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const viewerNeeds = { viewer: viewerNeed } satisfies Needs;

/** The source viewer's data (core/features/content/viewer.ts); `public`: anonymous callers, the visibility rule applies. */
export const viewer = (s: Services): Pick<Product, 'viewer'> => {
  const v = createViewer({ catalog: s.catalog, store: s.store, tmpDir: s.tmpDir });
  return { viewer: (type, id, query, options) => v.open(type, id, query, options) };
};
