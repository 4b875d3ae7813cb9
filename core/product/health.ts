import { safeEqual } from '../auth/secrets';
import { AppError } from '../errors';
import { freeBytes } from '../disk';
import { healthReport } from '../health';
import { metricsText } from '../metrics';
import type { CoreServices as Services } from '../services';
import type { Product } from './types';

const safeFree = (folder: string) => {
  try {
    return freeBytes(folder);
  } catch {
    return Number.NaN;
  }
};

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
