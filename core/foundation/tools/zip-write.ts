/**
 * Writes a plain ZIP archive (deflate or stored, UTF-8 names, no ZIP64):
 * the counterpart of the guarded reader in zip-read.ts, for the copies
 * the product makes of Office packages (links stripped, text translated).
 * Media parts are stored as they are, so images stay byte-identical.
 */
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Already-compressed media gains nothing from deflate: stored as is. */
const STORED = /\.(png|jpe?g|gif|mp4|m4a|mp3|wav|wmv|avi|mov|zip|jar|emz|wdp)$/i;
const DOS_DATE = 0x21; // 1980-01-01, a fixed time so the same parts make the same bytes

/** An entry already compressed (or stored): what the archive holds for it. */
export interface RawZipEntry {
  name: string;
  /** The bytes as stored in the archive (raw deflate for method 8). */
  data: Buffer;
  /** 0 stored, 8 deflate. */
  method: 0 | 8;
  crc32: number;
  /** Uncompressed size written in the headers (a test fixture may lie about it). */
  size: number;
}

/** The archive's bytes for entries whose data is already compressed. */
export function zipOfRaw(entries: RawZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data: comp, method, crc32, size } of entries) {
    const crc = crc32 >>> 0;
    const nameBuf = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(DOS_DATE, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(DOS_DATE, 12);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(comp.length, 20);
    cd.writeUInt32LE(size, 24);
    cd.writeUInt16LE(nameBuf.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, nameBuf, comp);
    central.push(cd, nameBuf);
    offset += 30 + nameBuf.length + comp.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBuf, end]);
}

/** A ZIP of `entries`: media parts stored, the rest deflated. */
export function zipOf(entries: ZipEntry[]): Buffer {
  return zipOfRaw(entries.map(({ name, data }) => {
    const store = STORED.test(name);
    return { name, data: store ? data : zlib.deflateRawSync(data), method: store ? 0 : 8, crc32: zlib.crc32(data), size: data.length };
  }));
}
