import { safeEqual } from '../features/auth/secrets';
import { AppError } from '../foundation/errors';
import { freeBytes } from '../foundation/disk';
import { healthReport } from './health-report';
import { metricsText } from '../engines/metrics';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import { metricsNeed, type Needs } from './guard';

const safeFree = (folder: string) => {
  try {
    return freeBytes(folder);
  } catch {
    return Number.NaN;
  }
};

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const healthNeeds = { health: 'public', metrics: metricsNeed } satisfies Needs;

/** Whether the backing services (catalog, storage, search, model) are up. */
export const health = (s: Services): Pick<Product, 'health' | 'metrics'> => ({
  health: () => healthReport(s),
  async metrics(options = {}) {
    // With a token the caller is not signed in (the guard let it through as public): it must be METRICS_TOKEN.
    if (options.token != null && !(s.config.metricsToken && safeEqual(options.token, s.config.metricsToken))) {
      throw new AppError('unauthorized', 'Sign in as an admin or present METRICS_TOKEN to read the metrics');
    }
    return metricsText({
      health: () => healthReport(s), catalogKind: s.config.databaseUrl ? 'postgres' : 'file',
      disk: () => (s.disk ? s.disk.folders.map((folder) => ({ folder, freeBytes: safeFree(folder) })) : []),
    });
  },
});
