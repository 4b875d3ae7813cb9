import { createViewer } from '../content/viewer';
import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** The source viewer's data (core/content/viewer.ts); `public`: anonymous callers, the visibility rule applies. */
export const viewer = (s: Services): Pick<Product, 'viewer'> => {
  const v = createViewer({ catalog: s.catalog, store: s.store, tmpDir: s.tmpDir });
  return { viewer: (type, id, query, options) => v.open(type, id, query, options) };
};
