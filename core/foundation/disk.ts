/**
 * Free space: the data folder (catalog, stored files, indexes) and the work
 * folder of jobs must keep MIN_FREE_MB free. Uploads are refused and job
 * steps fail (with a reason, retryable) below it, so the catalog can still
 * record what happened, and health reports degraded.
 */
import { statfsSync } from 'node:fs';
import { AppError } from './errors';

export interface DiskGuard {
  /** The folders watched. */
  readonly folders: string[];
  /** Bytes that must stay free. */
  readonly minFreeBytes: number;
  /** Free bytes of the fullest watched folder, and which one it is. */
  lowest(): { folder: string; freeBytes: number };
  /** Throws AppError('unavailable', reason disk_full) when less than the minimum plus `needBytes` is free. */
  assertRoom(what: string, needBytes?: number): void;
}

const mb = (n: number) => `${Math.floor(n / 1024 ** 2)} MB`;

export function freeBytes(folder: string): number {
  const s = statfsSync(folder);
  return Number(s.bavail) * Number(s.bsize);
}

export function createDiskGuard(folders: string[], minFreeBytes: number): DiskGuard {
  const lowest = () => {
    let worst = { folder: folders[0] ?? '.', freeBytes: Infinity };
    for (const folder of folders) {
      let free: number;
      try { free = freeBytes(folder); } catch { continue; }
      if (free < worst.freeBytes) worst = { folder, freeBytes: free };
    }
    return worst;
  };
  return {
    folders,
    minFreeBytes,
    lowest,
    assertRoom(what, needBytes = 0) {
      if (minFreeBytes <= 0 && needBytes <= 0) return;
      const { folder, freeBytes: free } = lowest();
      if (free >= minFreeBytes + needBytes) return;
      throw new AppError('unavailable', `${what}: the disk holding ${folder} has ${mb(free)} free${needBytes ? ` (${mb(needBytes)} needed)` : ''}, and ${mb(minFreeBytes)} must stay free (MIN_FREE_MB). Free some space on the server, then try again.`, {
        details: { reason: 'disk_full', folder, freeBytes: free, minFreeBytes, retryAfter: 60 },
      });
    },
  };
}

/** Whether an error is the operating system saying the disk is full (ENOSPC, EDQUOT). */
export function isDiskFull(e: unknown): boolean {
  for (let c: unknown = e, i = 0; c && i < 5; c = (c as { cause?: unknown }).cause, i++) {
    const code = (c as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    if (c instanceof AppError && c.details?.reason === 'disk_full') return true;
  }
  return false;
}

/**
 * Runs a write that what is being served does not depend on (a conversation's
 * history, the analytics record of a question): on a full disk it is skipped
 * and undefined returned, so read-only work (answers) goes on; any other
 * failure is thrown.
 */
export async function unlessDiskFull<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (e) {
    if (isDiskFull(e)) return undefined;
    throw e;
  }
}
