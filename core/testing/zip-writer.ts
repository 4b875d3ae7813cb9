/**
 * A minimal ZIP writer for hostile test fixtures: zip bombs built from
 * repeated deflate blocks (hundreds of MiB declared, a few hundred KiB on
 * disk, built in milliseconds) and entries that lie about their size.
 */
import zlib from 'node:zlib';

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
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    let comp: Buffer;
    let size: number;
    let crc: number;
    let method: number;
    if (e.deflated) {
      comp = e.deflated.data; size = e.deflated.size; crc = e.deflated.crc32; method = 8;
    } else {
      const raw = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : (e.data ?? Buffer.alloc(0));
      size = raw.length; crc = zlib.crc32(raw);
      method = e.store ? 0 : 8;
      comp = e.store ? raw : zlib.deflateRawSync(raw);
    }
    const declared = e.declaredSize ?? size;
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0x21, 10); // 1980-01-01
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(0x21, 12);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(comp.length, 20);
    cd.writeUInt32LE(declared, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    parts.push(local, name, comp);
    offset += 30 + name.length + comp.length;
  }
  const cdBuf = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cdBuf.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBuf, eocd]);
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
