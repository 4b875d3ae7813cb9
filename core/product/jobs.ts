import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const jobsNeeds = { jobs: 'read' } satisfies Needs;

/** The job records (ingest, and later translate and transcribe), optionally in one state. */
export const jobs = (s: Services): Pick<Product, 'jobs'> => ({
  jobs: async (state) => await s.catalog.jobs.list(state ? { where: { state } } : undefined),
});
