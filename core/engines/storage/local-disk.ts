import { lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import type { StoredObject } from '../../foundation/types';
import { assertValidKey } from './key-check';

/** The local store's folder: keys as files in it, disk errors as the product's, and files checked to be inside it. */

/** The folder of files being written (renamed into place when complete); never a key. */
export const TMP = '.tmp';
export const errno = (e: unknown) => (e as NodeJS.ErrnoException)?.code;
/** "no such file": the key (or one of its folders) is missing or is a file where a folder is needed. */
export const isMissing = (e: unknown) => errno(e) === 'ENOENT' || errno(e) === 'ENOTDIR';

export const toObject = (key: string, st: { size: number; mtime: Date }): StoredObject => ({
  key,
  size: st.size,
  lastModified: st.mtime.toISOString(),
  storageClass: 'STANDARD',
});

export function createLocalDisk(rootOption: string) {
  const root = path.resolve(rootOption);
  const fileOf = (key: string) => {
    assertValidKey(key);
    const p = path.join(root, ...key.split('/'));
    if (!p.startsWith(root + path.sep)) throw new AppError('validation', 'Invalid object key: it leaves the storage folder');
    if (key === TMP || key.startsWith(TMP + '/')) throw new AppError('validation', 'Invalid object key: reserved folder');
    return p;
  };
  /** Disk errors as the product's: a key that clashes with a folder, or the disk failing. */
  const fail = (e: unknown, key?: string): never => {
    if (e instanceof AppError || (e as Error)?.name === 'AbortError') throw e;
    const code = errno(e);
    if (key !== undefined && (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOTEMPTY')) {
      throw new AppError('conflict', `Cannot store "${key}": it clashes with an existing file or folder of that name`, { cause: e });
    }
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      throw new AppError('unavailable', `The disk holding the stored files (${root}) is full. Free some space (or move the storage to a larger disk) and try again.`, { cause: e, details: { reason: 'disk_full' } });
    }
    throw new AppError('unavailable', `Object storage (local disk at ${root}) failed: ${(e as Error)?.message ?? e}`, { cause: e });
  };
  let realRoot: string | undefined;
  /**
   * Stat of a stored file that is really inside the store: a symbolic link
   * anywhere on the way (put there by someone with disk access) is treated
   * as no object, so the server never serves files from outside the store.
   */
  const statInside = async (file: string) => {
    const st = await lstat(file);
    if (st.isSymbolicLink()) return null;
    realRoot ??= await realpath(root);
    const real = await realpath(file);
    return real === path.join(realRoot, path.relative(root, file)) ? st : null;
  };

  /** Adds to `out` the key of every file under `dir` (whose key is `prefix`), the temp folder left out. */
  async function walk(dir: string, prefix: string, out: string[]) {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if (errno(e) === 'ENOENT') return;
      return fail(e);
    }
    for (const ent of entries) {
      if (prefix === '' && ent.name === TMP) continue;
      const key = prefix === '' ? ent.name : `${prefix}/${ent.name}`;
      if (ent.isDirectory()) await walk(path.join(dir, ent.name), key, out);
      else if (ent.isFile()) out.push(key);
    }
  }

  return { root, fileOf, fail, statInside, walk };
}

export type LocalDisk = ReturnType<typeof createLocalDisk>;
