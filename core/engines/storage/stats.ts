import type { StorageStats } from '../../foundation/types';
import { folderOf } from './key-check';
import type { ObjectStore } from './types';

/** Walks every page of the store: totalFiles, totalSize, folderCounts by first segment. */
export async function storageStats(store: ObjectStore): Promise<StorageStats> {
  const stats: StorageStats = { totalFiles: 0, totalSize: 0, folderCounts: {} };
  let cursor: string | null = null;
  do {
    const page = await store.list({ cursor, limit: 1000 });
    for (const o of page.objects) {
      stats.totalFiles++;
      stats.totalSize += o.size;
      const f = folderOf(o.key);
      stats.folderCounts[f] = (stats.folderCounts[f] ?? 0) + 1;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return stats;
}

/** Every object, all pages (for small stores and the file manager list). */
export async function listAll(store: ObjectStore, prefix?: string) {
  const out = [];
  let cursor: string | null = null;
  do {
    const page = await store.list({ prefix, cursor, limit: 1000 });
    out.push(...page.objects);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** Deletes every object under a prefix (or all); returns how many. */
export async function deletePrefix(store: ObjectStore, prefix?: string): Promise<number> {
  const all = await listAll(store, prefix);
  for (const o of all) await store.delete(o.key);
  return all.length;
}
