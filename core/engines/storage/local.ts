import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../foundation/errors';
import type { StoredObject } from '../../foundation/types';
import { withCheckedLength } from './checked-length';
import { mimeForKey } from '../../formats/mime';
import { assertValidRange } from './key-check';
import { createLocalDisk, errno, isMissing, TMP, toObject, type LocalDisk } from './local-disk';
import type { GetOptions, GetResult, ListOptions, ListPage, ObjectStore, PutOptions } from './types';

/** Objects as files under `root`, written to a temp file and renamed into place. */
export function createLocalStore(options: { root: string }): ObjectStore {
  const disk = createLocalDisk(options.root);
  const { root } = disk;
  return {
    kind: 'local',
    description: `local disk at ${root}`,
    put: async (key: string, body: Readable | Buffer, opts?: PutOptions) => putFile(disk, key, body, opts),
    get: async (key: string, opts?: GetOptions) => getFile(disk, key, opts),
    head: async (key: string) => headFile(disk, key),
    delete: async (key: string) => deleteFile(disk, key),
    list: async (opts?: ListOptions) => listPage(disk, opts),
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

async function putFile(disk: LocalDisk, key: string, body: Readable | Buffer, opts?: PutOptions): Promise<StoredObject> {
  const { root, fail } = disk;
  const dest = disk.fileOf(key);
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
}

async function getFile(disk: LocalDisk, key: string, opts?: GetOptions): Promise<GetResult> {
  const file = disk.fileOf(key);
  assertValidRange(opts);
  let st;
  try {
    st = await disk.statInside(file);
  } catch (e) {
    if (isMissing(e)) throw new AppError('not_found', `No stored file "${key}"`, { cause: e });
    return disk.fail(e);
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
    return disk.fail(e);
  }
  const body = fh.createReadStream({ start: opts?.start, end: opts?.end, signal: opts?.signal });
  return { body, size: st.size, contentType: mimeForKey(key), lastModified: st.mtime.toISOString() };
}

async function headFile(disk: LocalDisk, key: string): Promise<StoredObject | null> {
  const file = disk.fileOf(key);
  try {
    const st = await disk.statInside(file);
    return st?.isFile() ? toObject(key, st) : null;
  } catch (e) {
    if (isMissing(e)) return null;
    return disk.fail(e);
  }
}

async function deleteFile(disk: LocalDisk, key: string): Promise<void> {
  const { root } = disk;
  const file = disk.fileOf(key);
  try {
    await rm(file, { force: true });
  } catch (e) {
    // A folder of that name is not an object: nothing to delete.
    if (errno(e) === 'ERR_FS_EISDIR' || errno(e) === 'EISDIR' || isMissing(e)) return;
    disk.fail(e);
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
}

async function listPage(disk: LocalDisk, opts?: ListOptions): Promise<ListPage> {
  const { root } = disk;
  const limit = Math.max(1, Math.min(opts?.limit ?? 1000, 1000));
  const keys: string[] = [];
  await disk.walk(root, '', keys);
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
}
