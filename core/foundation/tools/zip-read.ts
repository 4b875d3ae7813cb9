/**
 * A small, defensive ZIP reader for DOCX/PPTX. It reads the central
 * directory from the end of the file (never the whole file), rejects zip
 * bombs from the declared sizes before inflating anything, and inflates
 * single entries with a hard cap so an entry that lies about its size
 * cannot blow up memory.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { AppError } from '../errors';

const inflateRaw = promisify(zlib.inflateRaw);
const MiB = 1024 * 1024;

export interface ZipLimits {
  /** Sum of declared uncompressed sizes. Default 512 MiB. */
  maxTotalUncompressed: number;
  /** Default 10,000. */
  maxEntries: number;
  /** Per entry: reject uncompressed/compressed above this ratio ... */
  maxRatio: number;
  /** ... when the entry is larger than this. Default 50 MiB. */
  ratioMinSize: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalUncompressed: 512 * MiB,
  maxEntries: 10_000,
  maxRatio: 200,
  ratioMinSize: 50 * MiB,
};

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD64_SIG = 0x06064b50;
const CDH_SIG = 0x02014b50;
const LFH_SIG = 0x04034b50;

function corrupt(label: string, why: string, cause?: unknown): AppError {
  return new AppError('corrupt_file', `${label} is damaged: ${why}.`, cause === undefined ? undefined : { cause });
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/**
 * Reads the central directory. `label` names the file in messages, e.g.
 * 'The file "guide.docx"'. Throws AppError('corrupt_file') when it is not a
 * ZIP archive or its directory is broken.
 */
export async function readZipDirectory(fh: FileHandle, fileSize: number, label: string): Promise<ZipEntry[]> {
  if (fileSize < 22) throw corrupt(label, 'it is too small to be a ZIP-based Office file');
  const tailLen = Math.min(fileSize, 22 + 0xffff + 20);
  const tailStart = fileSize - tailLen;
  const tail = await readAt(fh, tailStart, tailLen);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIG) { eocd = i; break; }
  }
  if (eocd < 0) {
    const head = await readAt(fh, 0, 4);
    const why = head.length === 4 && head.readUInt32LE(0) === LFH_SIG
      ? 'the ZIP archive is incomplete (its directory is missing; the file may have been cut off during upload)'
      : 'it is not a ZIP archive, so it cannot be a DOCX or PPTX';
    throw corrupt(label, why);
  }
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || tail.readUInt32LE(loc) !== EOCD64_LOCATOR_SIG) throw corrupt(label, 'its ZIP64 directory is missing');
    const rec64Offset = Number(tail.readBigUInt64LE(loc + 8));
    const rec = await readAt(fh, rec64Offset, 56);
    if (rec.length < 56 || rec.readUInt32LE(0) !== EOCD64_SIG) throw corrupt(label, 'its ZIP64 directory is broken');
    count = Number(rec.readBigUInt64LE(32));
    cdSize = Number(rec.readBigUInt64LE(40));
    cdOffset = Number(rec.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > fileSize) throw corrupt(label, 'its ZIP directory points past the end of the file (the file may be truncated)');
  // 46 bytes minimum per record; refuse absurd directories before reading them.
  if (cdSize > 64 * MiB || count * 46 > cdSize) throw corrupt(label, 'its ZIP directory is inconsistent');

  const cd = await readAt(fh, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CDH_SIG) throw corrupt(label, 'its ZIP directory is broken');
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const crc32 = cd.readUInt32LE(p + 16);
    let compressedSize = cd.readUInt32LE(p + 20);
    let uncompressedSize = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    let localHeaderOffset = cd.readUInt32LE(p + 42);
    const nameBuf = cd.subarray(p + 46, p + 46 + nameLen);
    const name = nameBuf.toString(flags & 0x800 ? 'utf8' : 'latin1');
    // ZIP64 extra field: only the fields that are 0xFFFFFFFF in the record are present, in this order.
    let x = p + 46 + nameLen;
    const xEnd = x + extraLen;
    while (x + 4 <= xEnd) {
      const id = cd.readUInt16LE(x);
      const size = cd.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let q = x + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= x + 4 + size) { uncompressedSize = Number(cd.readBigUInt64LE(q)); q += 8; }
        if (compressedSize === 0xffffffff && q + 8 <= x + 4 + size) { compressedSize = Number(cd.readBigUInt64LE(q)); q += 8; }
        if (localHeaderOffset === 0xffffffff && q + 8 <= x + 4 + size) { localHeaderOffset = Number(cd.readBigUInt64LE(q)); }
      }
      x += 4 + size;
    }
    entries.push({ name, method, flags, crc32, compressedSize, uncompressedSize, localHeaderOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Throws AppError('corrupt_file') when the declared sizes look like a zip bomb. Inflates nothing. */
export function checkZipLimits(entries: ZipEntry[], label: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): void {
  const bomb = (why: string) => new AppError('corrupt_file', `${label} was rejected as a possible zip bomb: ${why}.`, {
    details: { reason: 'zip_bomb' },
  });
  if (entries.length > limits.maxEntries) {
    throw bomb(`it holds ${entries.length} files (the limit is ${limits.maxEntries})`);
  }
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    const ratio = e.uncompressedSize / Math.max(e.compressedSize, 1);
    if (e.uncompressedSize > limits.ratioMinSize && ratio > limits.maxRatio) {
      throw bomb(`"${e.name}" would expand ${Math.round(ratio)} times to ${formatBytes(e.uncompressedSize)}`);
    }
  }
  if (total > limits.maxTotalUncompressed) {
    throw bomb(`its contents would expand to ${formatBytes(total)} (the limit is ${formatBytes(limits.maxTotalUncompressed)})`);
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * MiB) return `${(n / 1024 / MiB).toFixed(1)} GiB`;
  if (n >= MiB) return `${(n / MiB).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

export interface SafeZip {
  entries: ZipEntry[];
  /** Exact name, or case-insensitive match as Office does. */
  find(name: string): ZipEntry | undefined;
  has(name: string): boolean;
  /** Inflates one entry, never beyond its declared size nor the archive's total limit. */
  read(name: string): Promise<Buffer>;
  readText(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface OpenZipOptions {
  /** Names the file in messages, e.g. 'The file "guide.docx"'. */
  label: string;
  limits?: Partial<ZipLimits>;
}

/** Opens a ZIP file after checking it against the limits. Call close() when done. */
export async function openSafeZip(path: string, opts: OpenZipOptions): Promise<SafeZip> {
  const limits = { ...DEFAULT_ZIP_LIMITS, ...opts.limits };
  const { label } = opts;
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const entries = await readZipDirectory(fh, size, label);
    checkZipLimits(entries, label, limits);
    const byName = new Map(entries.map((e) => [e.name, e]));
    const byLower = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
    let inflatedTotal = 0;
    const find = (name: string) => byName.get(name) ?? byLower.get(name.replace(/^\//, '').toLowerCase());

    const read = async (name: string): Promise<Buffer> => {
      const e = find(name);
      if (!e) throw corrupt(label, `the part "${name}" is missing`);
      if (e.flags & 1) throw new AppError('corrupt_file', `${label} is password-protected; remove the password and upload it again.`);
      const lfh = await readAt(fh, e.localHeaderOffset, 30);
      if (lfh.length < 30 || lfh.readUInt32LE(0) !== LFH_SIG) throw corrupt(label, `the part "${e.name}" cannot be found in the archive`);
      const dataStart = e.localHeaderOffset + 30 + lfh.readUInt16LE(26) + lfh.readUInt16LE(28);
      if (dataStart + e.compressedSize > size) throw corrupt(label, `the part "${e.name}" is cut off (the file may be truncated)`);
      if (inflatedTotal + e.uncompressedSize > limits.maxTotalUncompressed) {
        throw new AppError('corrupt_file', `${label} was rejected as a possible zip bomb: its contents expand beyond ${formatBytes(limits.maxTotalUncompressed)}.`, { details: { reason: 'zip_bomb' } });
      }
      const raw = await readAt(fh, dataStart, e.compressedSize);
      let data: Buffer;
      if (e.method === 0) {
        data = raw;
      } else if (e.method === 8) {
        try {
          // maxOutputLength stops inflation at the declared size: a lying entry cannot grow past it.
          data = await inflateRaw(raw, { maxOutputLength: Math.max(e.uncompressedSize, 1) });
        } catch (cause) {
          if (cause instanceof RangeError || (cause as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
            throw new AppError('corrupt_file', `${label} was rejected as a possible zip bomb: "${e.name}" expands beyond its declared size of ${formatBytes(e.uncompressedSize)}.`, { cause, details: { reason: 'zip_bomb' } });
          }
          throw corrupt(label, `the part "${e.name}" cannot be decompressed`, cause);
        }
      } else {
        throw corrupt(label, `the part "${e.name}" uses an unsupported compression method (${e.method})`);
      }
      if (data.length !== e.uncompressedSize) throw corrupt(label, `the part "${e.name}" has the wrong size`);
      if (zlib.crc32(data) !== e.crc32) throw corrupt(label, `the part "${e.name}" fails its checksum`);
      inflatedTotal += data.length;
      return data;
    };

    return {
      entries,
      find,
      has: (name) => find(name) !== undefined,
      read,
      readText: async (name) => (await read(name)).toString('utf8').replace(/^\uFEFF/, ''),
      close: () => fh.close(),
    };
  } catch (e) {
    await fh.close();
    throw e;
  }
}
