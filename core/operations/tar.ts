import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable, type Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { AppError } from '../foundation/errors';

/**
 * A gzip-compressed tar (ustar) written and read as streams, for backups
 * of a data folder: regular files only, names up to 255 bytes (prefix +
 * name), sizes up to 8 GiB each. Extraction refuses absolute names and `..`.
 */

const BLOCK = 512;

/** Permission bits kept in the archive and given back on extraction: a file readable only by its owner (0600: credentials) stays so. */
const modeOf = (mode: number) => (mode & 0o077 ? 0o644 : 0o600);

function header(name: string, size: number, mtime: number, mode = 0o644): Buffer {
  const h = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 1);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155) throw new AppError('validation', `The path ${name} is too long for a backup archive`);
  }
  if (size >= 8 * 1024 ** 3) throw new AppError('too_large', `${name} is over 8 GiB: too large for a backup archive`);
  h.write(base, 0, 100);
  h.write(mode.toString(8).padStart(7, '0') + '\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(size.toString(8).padStart(11, '0') + '\0', 124);
  h.write(Math.floor(mtime / 1000).toString(8).padStart(11, '0') + '\0', 136);
  h.write('        ', 148);
  h.write('0', 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  h.write(prefix, 345, 155);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}

export interface TarWriter {
  /** Adds a file from disk under `name` (its size read when it is opened: a file that grows meanwhile is cut at that size). */
  addFile(name: string, file: string): Promise<number>;
  addBuffer(name: string, data: Buffer, mode?: number): Promise<void>;
  finish(): Promise<void>;
}

/** Writes `target` (temp file + rename by the caller), readable by its owner only: it holds the data folder's credentials. */
export function createTarWriter(target: string): TarWriter {
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(target, { mode: 0o600 }));
  const write = (b: Buffer) => new Promise<void>((resolve, reject) => (gzip.write(b, (e) => (e ? reject(e) : resolve()))));
  const pad = (n: number) => (n % BLOCK ? write(Buffer.alloc(BLOCK - (n % BLOCK))) : Promise.resolve());
  return {
    async addFile(name, file) {
      const fh = await open(file, 'r');
      try {
        const st = await fh.stat();
        await write(header(name, st.size, st.mtimeMs, modeOf(st.mode)));
        let left = st.size;
        const buf = Buffer.alloc(1024 * 1024);
        while (left > 0) {
          const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, left), st.size - left);
          if (bytesRead === 0) {
            // The file shrank while it was read: fill with zeros is wrong for JSON lines, so refuse.
            throw new AppError('conflict', `${file} changed while it was copied`);
          }
          await write(Buffer.from(buf.subarray(0, bytesRead)));
          left -= bytesRead;
        }
        await pad(st.size);
        return st.size;
      } finally {
        await fh.close();
      }
    },
    async addBuffer(name, data, mode = 0o644) {
      await write(header(name, data.length, Date.now(), modeOf(mode)));
      await write(data);
      await pad(data.length);
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await done;
    },
  };
}

const field = (h: Buffer, start: number, len: number) => h.subarray(start, start + len).toString('utf8').replace(/\0.*$/s, '');

/** Extracts a gzip tar into `dir`; returns the names extracted. */
export async function extractTar(file: string, dir: string): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current: { out: import('node:fs').WriteStream; left: number; pad: number } | null = null;
  let ended = false;
  const root = path.resolve(dir);

  async function consume(): Promise<void> {
    for (;;) {
      if (current) {
        if (current.left > 0) {
          if (!pending.length) return;
          const take = pending.subarray(0, Math.min(pending.length, current.left));
          pending = pending.subarray(take.length);
          current.left -= take.length;
          const out = current.out;
          if (!out.write(take)) await new Promise<void>((r) => out.once('drain', () => r()));
          continue;
        }
        if (pending.length < current.pad) return;
        pending = pending.subarray(current.pad);
        const out = current.out;
        await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
        current = null;
        continue;
      }
      if (ended || pending.length < BLOCK) return;
      const h = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        return;
      }
      const prefix = field(h, 345, 155);
      const name = prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100);
      const size = parseInt(field(h, 124, 12).trim() || '0', 8);
      const type = field(h, 156, 1) || '0';
      const mode = modeOf(parseInt(field(h, 100, 8).trim() || '644', 8));
      const target = path.resolve(root, name);
      if (path.isAbsolute(name) || !target.startsWith(root + path.sep)) throw new AppError('corrupt_file', `The backup holds a path outside the data folder: ${name}`);
      if (type !== '0') throw new AppError('corrupt_file', `The backup holds ${name}, which is not a regular file`);
      await mkdir(path.dirname(target), { recursive: true });
      names.push(name);
      current = { out: createWriteStream(target, { flags: 'wx', mode }), left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
    }
  }

  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      consume().then(() => cb(), cb);
    },
  });
  try {
    await pipeline(createReadStream(file) as Readable, createGunzip(), sink);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('corrupt_file', `${file} is not a readable backup: ${(e as Error).message}`, { cause: e });
  }
  if (current || !ended) throw new AppError('corrupt_file', `${file} ends before its last file: the backup is incomplete`);
  return names;
}
