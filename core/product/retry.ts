import { retryById, retryFailed, retryItem, retryJob } from '../features/content/retry';
import type { ProductDeps as Services } from './deps';
import type { ContentType } from '../foundation/types';
import type { ItemRecordOf, Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const retryNeeds = { retry: 'upload', retryJob: 'upload', retryFailed: 'upload' } satisfies Needs;

/** Processes failed work again: an item (by its id or a job's), one job, or every failed job. */
export const retry = (s: Services): Pick<Product, 'retry' | 'retryJob' | 'retryFailed'> => ({
  retry: async <T extends ContentType = ContentType>(id: number, type?: T) =>
    (type ? { type, item: await retryItem(s.content, type, id) } : await retryById(s.content, id)) as { type: ContentType; item: ItemRecordOf<T> },
  retryJob: async (id) => await retryJob(s.content, id),
  retryFailed: async () => await retryFailed(s.content),
});
