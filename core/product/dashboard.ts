import { dashboardMetrics } from '../content/views';
import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** The console's dashboard figures. */
export const dashboard = (s: Services): Pick<Product, 'dashboard'> => ({
  dashboard: async () => await dashboardMetrics(s.catalog, (await s.conversations.stats()).exchanges),
});
