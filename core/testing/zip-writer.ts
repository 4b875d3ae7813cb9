/**
 * Hostile ZIP test fixtures, written by the product's own ZIP writer (core/foundation/tools/zip-write.ts): zip bombs built from
 * repeated deflate blocks (hundreds of MiB declared, a few hundred KiB on
 * disk, built in milliseconds) and entries that lie about their size.
 */
import zlib from 'node:zlib';
import { zipOfRaw, type RawZipEntry } from '../foundation/tools/zip-write';

export interface ZipInputEntry {
  name: string;
  /** Plain content, deflated (or stored) by the writer. */
  data?: Buffer | string;
  /** Already raw-deflated content with its real size and CRC. */
  deflated?: { data: Buffer; size: number; crc32: number };
  store?: boolean;
  /** Write this as the uncompressed size instead of the real one (a lying entry). */
  declaredSize?: number;
}

export function buildZip(entries: ZipInputEntry[]): Buffer {
  return zipOfRaw(entries.map((e): RawZipEntry => {
    if (e.deflated) return { name: e.name, data: e.deflated.data, method: 8, crc32: e.deflated.crc32, size: e.declaredSize ?? e.deflated.size };
    const raw = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : (e.data ?? Buffer.alloc(0));
    return { name: e.name, data: e.store ? raw : zlib.deflateRawSync(raw), method: e.store ? 0 : 8, crc32: zlib.crc32(raw), size: e.declaredSize ?? raw.length };
  }));
}

/**
 * Raw deflate data for `mib` MiB of zeros, made by repeating one fully
 * flushed 16 MiB block: about 1 KiB on disk per 1 MiB inflated.
 */
export function deflatedZeros(mib: number): { data: Buffer; size: number; crc32: number } {
  const blockMiB = 16;
  if (mib % blockMiB !== 0) throw new Error(`deflatedZeros: ${mib} is not a multiple of ${blockMiB}`);
  const block = Buffer.alloc(blockMiB * 1024 * 1024);
  const part = zlib.deflateRawSync(block, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const n = mib / blockMiB;
  let crc = 0;
  for (let i = 0; i < n; i++) crc = zlib.crc32(block, crc);
  // 0x03 0x00: a final, empty, fixed-Huffman block.
  return { data: Buffer.concat([...Array<Buffer>(n).fill(part), Buffer.from([3, 0])]), size: n * block.length, crc32: crc };
}
