import { actingActor } from '../features/governance/actor-context';
import type { ProductDeps as Services } from './deps';
import { createSiteRuns } from '../features/sync/site-runs';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const sitesNeeds = { sites: 'read', recordSiteRun: 'upload', startSiteSync: 'manage' } satisfies Needs;

/**
 * Website sources: the sites synced with `cms sync <URL>` and the record of their runs (core/features/sync/site-runs.ts);
 * a run started from the console goes in the background (core/operations/site-sync-runner.ts), its progress in `running`.
 */
export const sites = (s: Pick<Services, 'catalog' | 'siteSyncs'>): Pick<Product, 'sites' | 'recordSiteRun' | 'startSiteSync'> => {
  const runs = createSiteRuns(s.catalog);
  return {
    sites: async () => (await runs.list()).map((site) => ({ ...site, running: s.siteSyncs.progress(site.site) })),
    recordSiteRun: (input) => runs.record(input, actingActor().name),
    startSiteSync: (site) => s.siteSyncs.start(site),
  };
};
