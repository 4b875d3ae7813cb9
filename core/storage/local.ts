import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors';
import type { StoredObject } from '../types';
import { assertValidKey, mimeForKey } from './keys';
import type { GetOptions, GetResult, ListOptions, ListPage, ObjectStore, PutOptions } from './types';

const TMP = '.tmp';

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

  async function walk(dir: string, prefix: string, out: string[]) {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
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
      const tmpDir = path.join(root, TMP);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.dirname(dest), { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      try {
        const src = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(src, createWriteStream(tmp), { signal: opts?.signal });
        await rename(tmp, dest);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      return toObject(key, await stat(dest));
    },

    async get(key: string, opts?: GetOptions): Promise<GetResult> {
      const file = fileOf(key);
      let st;
      try {
        st = await stat(file);
      } catch {
        throw new AppError('not_found', `No stored file "${key}"`);
      }
      if (!st.isFile()) throw new AppError('not_found', `No stored file "${key}"`);
      const body = createReadStream(file, { start: opts?.start, end: opts?.end, signal: opts?.signal });
      return { body, size: st.size, contentType: mimeForKey(key), lastModified: st.mtime.toISOString() };
    },

    async head(key: string) {
      try {
        const st = await stat(fileOf(key));
        return st.isFile() ? toObject(key, st) : null;
      } catch (e) {
        if (e instanceof AppError) throw e;
        return null;
      }
    },

    async delete(key: string) {
      const file = fileOf(key);
      await rm(file, { force: true });
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
        return { ok: true, detail: `local disk at ${root}` };
      } catch (e) {
        return { ok: false, detail: `cannot use ${root}: ${(e as Error).message}` };
      }
    },
  };
}
