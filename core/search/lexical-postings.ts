/**
 * One term's postings as the lexical index stores them (./lexical-segments.ts):
 * a blob of n document numbers (uint32), then their n term frequencies
 * (uint8, capped at 255), then (padded to 4 bytes) per block of BLOCK
 * postings the shortest field length (uint32) and the highest frequency
 * (uint8) in it: a bound on any posting's BM25 score in that block, so a
 * query can skip blocks and lists that cannot reach its top k
 * (./lexical-topk.ts). Blobs written before hold no blocks (5n bytes); their
 * bounds are computed when read.
 */
export interface Postings {
  n: number; docs: Uint32Array; tfs: Uint8Array;
  /** Per block of BLOCK postings: the shortest field length and the highest frequency in it (absent: not stored, see `blockBounds`). */
  minLen?: Uint32Array; maxTf?: Uint8Array;
}

/** Names the layout of segment blobs (benchmarks reuse an index built with the same one). */
export const SEGMENT_FORMAT = 'seg-v3:terms-apart+block-bounds-64';

/** Postings per block of stored bounds. */
export const BLOCK = 64;

const pad4 = (n: number) => (n + 3) & ~3;

/** Per block of BLOCK postings of `docs`/`tfs`, the shortest length (`lengths[doc]`) and the highest frequency. */
export function blockBounds(docs: ArrayLike<number>, tfs: ArrayLike<number>, n: number, lengths: ArrayLike<number>): { minLen: Uint32Array; maxTf: Uint8Array } {
  const nb = Math.ceil(n / BLOCK);
  const minLen = new Uint32Array(nb), maxTf = new Uint8Array(nb);
  for (let b = 0; b < nb; b++) {
    let ml = 0xffffffff, mt = 0;
    for (let i = b * BLOCK, end = Math.min(n, i + BLOCK); i < end; i++) {
      const l = lengths[docs[i]];
      if (l < ml) ml = l;
      if (tfs[i] > mt) mt = tfs[i];
    }
    minLen[b] = ml; maxTf[b] = mt;
  }
  return { minLen, maxTf };
}

/** The blob of n postings; with `lengths` (every document's length in the field) their block bounds follow. */
export function encodePostings(docs: ArrayLike<number>, tfs: ArrayLike<number>, n: number, lengths?: ArrayLike<number>): Buffer {
  const nb = lengths ? Math.ceil(n / BLOCK) : 0;
  const at = pad4(n * 5);
  const buf = Buffer.alloc(nb ? at + nb * 5 : n * 5);
  const d = new Uint32Array(buf.buffer, buf.byteOffset, n);
  if (buf.byteOffset % 4 === 0) for (let i = 0; i < n; i++) d[i] = docs[i];
  else for (let i = 0; i < n; i++) buf.writeUInt32LE(docs[i], i * 4);
  for (let i = 0; i < n; i++) buf[n * 4 + i] = tfs[i];
  if (lengths) {
    const { minLen, maxTf } = blockBounds(docs, tfs, n, lengths);
    for (let b = 0; b < nb; b++) buf.writeUInt32LE(minLen[b], at + b * 4);
    buf.set(maxTf, at + nb * 4);
  }
  return buf;
}

export function decodePostings(buf: Buffer, n: number): Postings {
  const aligned = buf.byteOffset % 4 === 0 ? buf : new Uint8Array(buf);
  const p: Postings = {
    n,
    docs: new Uint32Array(aligned.buffer, aligned.byteOffset, n),
    tfs: new Uint8Array(aligned.buffer, aligned.byteOffset + n * 4, n),
  };
  const nb = Math.ceil(n / BLOCK), at = pad4(n * 5);
  if (n > 0 && buf.length === at + nb * 5) {
    p.minLen = new Uint32Array(aligned.buffer, aligned.byteOffset + at, nb);
    p.maxTf = new Uint8Array(aligned.buffer, aligned.byteOffset + at + nb * 4, nb);
  }
  return p;
}

/** Compares like SQLite's BINARY collation on UTF-8 (code point order), not JS's UTF-16 code unit order. */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i), y = b.charCodeAt(i);
    if (x === y) continue;
    x = x >= 0xe000 ? x - 0x800 : x >= 0xd800 ? x + 0x2000 : x;
    y = y >= 0xe000 ? y - 0x800 : y >= 0xd800 ? y + 0x2000 : y;
    return x - y;
  }
  return a.length - b.length;
}

/** Postings of one segment (`seg`: 0 for the one in memory). */
export type SegmentPostings = Postings & { seg: number };
