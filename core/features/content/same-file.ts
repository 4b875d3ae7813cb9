import type { ItemRecord } from '../../engines/catalog/types';
import { failedInTranslation } from '../../engines/jobs/status';
import type { ContentType, SyncSource } from '../../foundation/types';
import type { ContentDeps } from './deps';

/**
 * "The same file" for imports, retries and sync: the same bytes (sha256)
 * under the same file name, and, when both came from a synced folder, the
 * same place in it. Hidden drafts of a new version are never a match.
 */
export function sameFile(a: { sha256: string | null; fileName: string; syncSource?: SyncSource | null }, b: ItemRecord): boolean {
  if (!a.sha256 || a.sha256 !== b.sha256 || a.fileName !== b.fileName || b.versionOf != null) return false;
  const sa = a.syncSource, sb = b.syncSource;
  return !sa || !sb || (sa.root === sb.root && sa.path === sb.path);
}

/** A record that failed its ingest (not one failed only in a translated version). */
export const failedIngest = (r: ItemRecord) => r.status === 'failed' && !failedInTranslation(r);

/** The records of `type` holding the same file as `file`, oldest first. */
export async function recordsOfSameFile(
  deps: ContentDeps, type: ContentType, file: { sha256: string | null; fileName: string; syncSource?: SyncSource | null }, except?: number,
): Promise<ItemRecord[]> {
  if (!file.sha256) return [];
  // By the indexed field (PostgreSQL asks it in SQL), not a read of the whole collection.
  const rows = await deps.catalog.items(type).list({ where: { sha256: file.sha256 } });
  return rows.filter((r) => r.id !== except && sameFile(file, r));
}
