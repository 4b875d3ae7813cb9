import { healthReport } from '../health';
import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** Whether the backing services (catalog, storage, search, model) are up. */
export const health = (s: Services): Pick<Product, 'health'> => ({
  health: () => healthReport(s),
});
