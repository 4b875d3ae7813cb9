import { actingActor } from '../governance/actor-context';
import type { CoreServices as Services } from '../services';
import { createSiteRuns } from '../sync/site-runs';
import type { Product } from './types';

/** Website sources: the sites synced with `cms sync <URL>` and the record of their runs (core/sync/site-runs.ts). */
export const sites = (s: Pick<Services, 'catalog'>): Pick<Product, 'sites' | 'recordSiteRun'> => {
  const runs = createSiteRuns(s.catalog);
  return {
    sites: () => runs.list(),
    recordSiteRun: (input) => runs.record(input, actingActor().name),
  };
};
