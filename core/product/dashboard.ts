import { dashboardMetrics } from '../features/content/views';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const dashboardNeeds = { dashboard: 'read' } satisfies Needs;

/** The console's dashboard figures. */
export const dashboard = (s: Services): Pick<Product, 'dashboard'> => ({
  dashboard: async () => await dashboardMetrics(s.catalog, (await s.conversations.stats()).exchanges),
});
