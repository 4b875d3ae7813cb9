import { createWriteStream } from 'node:fs';
import { access, constants, lstat, mkdir, open, readdir, realpath, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../foundation/errors';
import type { StoredObject } from '../../foundation/types';
import { withCheckedLength } from './checked-length';
import { mimeForKey } from '../../formats/mime';
import { assertValidKey, assertValidRange } from './key-check';
import type { GetOptions, GetResult, ListOptions, ListPage, ObjectStore, PutOptions } from './types';

const TMP = '.tmp';
const errno = (e: unknown) => (e as NodeJS.ErrnoException)?.code;
/** "no such file": the key (or one of its folders) is missing or is a file where a folder is needed. */
const isMissing = (e: unknown) => errno(e) === 'ENOENT' || errno(e) === 'ENOTDIR';

/** Objects as files under `root`, written to a temp file and renamed into place. */
export function createLocalStore(options: { root: string }): ObjectStore {
  const root = path.resolve(options.root);
  const fileOf = (key: string) => {
    assertValidKey(key);
    const p = path.join(root, ...key.split('/'));
    if (!p.startsWith(root + path.sep)) throw new AppError('validation', 'Invalid object key: it leaves the storage folder');
    if (key === TMP || key.startsWith(TMP + '/')) throw new AppError('validation', 'Invalid object key: reserved folder');
    return p;
  };
  const toObject = (key: string, st: { size: number; mtime: Date }): StoredObject => ({
    key,
    size: st.size,
    lastModified: st.mtime.toISOString(),
    storageClass: 'STANDARD',
  });
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

  return {
    kind: 'local',
    description: `local disk at ${root}`,

    async put(key: string, body: Readable | Buffer, opts?: PutOptions) {
      const dest = fileOf(key);
      const checked = withCheckedLength(body, opts?.size);
      const tmpDir = path.join(root, TMP);
      const tmp = path.join(tmpDir, randomUUID());
      let sourceError: unknown;
      try {
        await mkdir(tmpDir, { recursive: true });
        const src = Buffer.isBuffer(checked) ? Readable.from([checked]) : checked;
        src.once('error', (e) => (sourceError ??= e));
        await pipeline(src, createWriteStream(tmp), { signal: opts?.signal });
      } catch (e) {
        await rm(tmp, { force: true }).catch(() => undefined); // the error below says more
        if (sourceError && e === sourceError) throw e; // the caller's stream broke (or had the wrong length), not the disk
        fail(e);
      }
      try {
        // The folder is made just before the rename, and again if a concurrent
        // delete removed it as empty in between.
        for (let attempt = 1; ; attempt++) {
          try {
            await mkdir(path.dirname(dest), { recursive: true });
            await rename(tmp, dest);
            break;
          } catch (e) {
            if (errno(e) !== 'ENOENT' || attempt === 5) throw e;
          }
        }
      } catch (e) {
        await rm(tmp, { force: true }).catch(() => undefined);
        fail(e, key);
      }
      return toObject(key, await stat(dest));
    },

    async get(key: string, opts?: GetOptions): Promise<GetResult> {
      const file = fileOf(key);
      assertValidRange(opts);
      let st;
      try {
        st = await statInside(file);
      } catch (e) {
        if (isMissing(e)) throw new AppError('not_found', `No stored file "${key}"`, { cause: e });
        return fail(e);
      }
      if (!st?.isFile()) throw new AppError('not_found', `No stored file "${key}"`);
      if (opts?.start !== undefined && opts.start >= st.size) {
        throw new AppError('validation', `The range is outside "${key}" (${st.size} bytes)`);
      }
      // O_NOFOLLOW: a link swapped in after the check is not followed either.
      let fh;
      try {
        fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (e) {
        if (isMissing(e) || errno(e) === 'ELOOP') throw new AppError('not_found', `No stored file "${key}"`, { cause: e });
        return fail(e);
      }
      const body = fh.createReadStream({ start: opts?.start, end: opts?.end, signal: opts?.signal });
      return { body, size: st.size, contentType: mimeForKey(key), lastModified: st.mtime.toISOString() };
    },

    async head(key: string) {
      const file = fileOf(key);
      try {
        const st = await statInside(file);
        return st?.isFile() ? toObject(key, st) : null;
      } catch (e) {
        if (isMissing(e)) return null;
        return fail(e);
      }
    },

    async delete(key: string) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (e) {
        // A folder of that name is not an object: nothing to delete.
        if (errno(e) === 'ERR_FS_EISDIR' || errno(e) === 'EISDIR' || isMissing(e)) return;
        fail(e);
      }
      // Remove now-empty parent folders up to the root.
      let dir = path.dirname(file);
      while (dir.startsWith(root + path.sep)) {
        try {
          await rmdir(dir);
        } catch {
          break;
        }
        dir = path.dirname(dir);
      }
    },

    async list(opts?: ListOptions): Promise<ListPage> {
      const limit = Math.max(1, Math.min(opts?.limit ?? 1000, 1000));
      const keys: string[] = [];
      await walk(root, '', keys);
      keys.sort();
      let filtered = opts?.prefix ? keys.filter((k) => k.startsWith(opts.prefix!)) : keys;
      if (opts?.cursor) filtered = filtered.filter((k) => k > opts.cursor!);
      const pageKeys = filtered.slice(0, limit);
      const objects: StoredObject[] = [];
      for (const key of pageKeys) {
        try {
          objects.push(toObject(key, await stat(path.join(root, ...key.split('/')))));
        } catch {
          /* deleted while listing */
        }
      }
      const nextCursor = filtered.length > limit ? pageKeys[pageKeys.length - 1] : null;
      return { objects, nextCursor };
    },

    async health() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return { ok: true, detail: `local disk at ${root}` };
      } catch (e) {
        return { ok: false, detail: `cannot use ${root}: ${(e as Error).message}` };
      }
    },
  };
}
