/**
 * One term's postings as the lexical index stores them (./lexical-segments.ts),
 * in one of two encodings, told apart by the segment's layout:
 *
 * - packed (layout 4, written now): the n term frequencies (uint8, capped at
 *   255), then per block of BLOCK postings the shortest field length (uint32)
 *   and the highest frequency (uint8) in it, then the document numbers as
 *   gaps from the one before (the first from 0), each a LEB128 varint: about
 *   2.3 bytes a posting at a million chunks instead of 5, so a question reads
 *   fewer pages and more lists stay in the page cache;
 * - fixed (layouts 2 and 3, written before): n document numbers (uint32),
 *   their n frequencies, then (padded to 4 bytes) the same block bounds, or
 *   none in blobs written before those were stored (5n bytes; their bounds
 *   are computed when read).
 *
 * The block bounds bound any posting's BM25 score in the block, so a query
 * can skip blocks and lists that cannot reach its top k (./lexical-topk.ts).
 * Decoded, both are the same arrays.
 */
export interface Postings {
  n: number; docs: Uint32Array; tfs: Uint8Array;
  /** Per block of BLOCK postings: the shortest field length and the highest frequency in it (absent: not stored, see `blockBounds`). */
  minLen?: Uint32Array; maxTf?: Uint8Array;
}

/** Names the layout of segment blobs (benchmarks reuse an index built with the same one). */
export const SEGMENT_FORMAT = 'seg-v4:terms-apart+block-bounds-64+varint-gaps';

/** Postings per block of stored bounds. */
export const BLOCK = 64;

const pad4 = (n: number) => (n + 3) & ~3;

/** Per block of BLOCK postings of `docs`/`tfs`, the shortest length (`lengths[doc]`; absent: 0) and the highest frequency. */
export function blockBounds(docs: ArrayLike<number>, tfs: ArrayLike<number>, n: number, lengths?: ArrayLike<number>): { minLen: Uint32Array; maxTf: Uint8Array } {
  const nb = Math.ceil(n / BLOCK);
  const minLen = new Uint32Array(nb), maxTf = new Uint8Array(nb);
  for (let b = 0; b < nb; b++) {
    let ml = lengths ? 0xffffffff : 0, mt = 0;
    for (let i = b * BLOCK, end = Math.min(n, i + BLOCK); i < end; i++) {
      const l = lengths ? lengths[docs[i]] : 0;
      if (l < ml) ml = l;
      if (tfs[i] > mt) mt = tfs[i];
    }
    minLen[b] = ml; maxTf[b] = mt;
  }
  return { minLen, maxTf };
}

/** How a segment's blobs are encoded: `fixed` in layouts 2 and 3, `packed` from layout 4 (see the top of this file). */
export type PostingsEncoding = 'fixed' | 'packed';

/**
 * Layouts of a segment table (`segments.layout`, ./lexical-segments.ts): 2 = WITHOUT ROWID, the term the key
 * of a whole row; 3 = the term in an index of its own; 4 = as 3, postings packed: the one written now.
 */
export const SEGMENT_LAYOUT = { withoutRowid: 2, termsApart: 3, packed: 4 } as const;

/** How the postings blobs of a segment of `layout` are encoded. */
export const encodingOf = (layout: number): PostingsEncoding => (layout >= SEGMENT_LAYOUT.packed ? 'packed' : 'fixed');

/**
 * The blob of n postings (documents ascending) in the packed encoding, its block bounds from `lengths` (every
 * document's length in the field; absent: 0 for every block, a bound that holds for any length).
 */
export function encodePostings(docs: ArrayLike<number>, tfs: ArrayLike<number>, n: number, lengths?: ArrayLike<number>): Buffer {
  const nb = Math.ceil(n / BLOCK);
  let gapBytes = 0;
  for (let i = 0, prev = 0; i < n; i++) {
    const g = docs[i] - prev;
    prev = docs[i];
    gapBytes += g < 0x80 ? 1 : g < 0x4000 ? 2 : g < 0x200000 ? 3 : g < 0x10000000 ? 4 : 5;
  }
  const buf = Buffer.allocUnsafe(n + nb * 5 + gapBytes);
  for (let i = 0; i < n; i++) buf[i] = tfs[i];
  const { minLen, maxTf } = blockBounds(docs, tfs, n, lengths);
  for (let b = 0; b < nb; b++) buf.writeUInt32LE(minLen[b], n + b * 4);
  buf.set(maxTf, n + nb * 4);
  let o = n + nb * 5;
  for (let i = 0, prev = 0; i < n; i++) {
    let g = docs[i] - prev;
    prev = docs[i];
    while (g >= 0x80) { buf[o++] = (g & 0x7f) | 0x80; g >>>= 7; }
    buf[o++] = g;
  }
  return buf;
}

/** The n postings of a blob in `encoding`; fixed blobs are read in place (views of `buf`), packed ones into arrays of their own. */
export function decodePostings(buf: Buffer, n: number, encoding: PostingsEncoding = 'packed'): Postings {
  return encoding === 'packed' ? decodePacked(buf, n) : decodeFixed(buf, n);
}

function decodePacked(buf: Buffer, n: number): Postings {
  const nb = Math.ceil(n / BLOCK);
  const docs = new Uint32Array(n);
  const tfs = new Uint8Array(n);
  tfs.set(buf.subarray(0, n));
  const minLen = new Uint32Array(nb);
  for (let b = 0; b < nb; b++) minLen[b] = buf.readUInt32LE(n + b * 4);
  const maxTf = new Uint8Array(nb);
  maxTf.set(buf.subarray(n + nb * 4, n + nb * 5));
  let o = n + nb * 5;
  for (let i = 0, prev = 0; i < n; i++) {
    let x = buf[o++];
    if (x >= 0x80) {
      let g = x & 0x7f, shift = 7;
      do { x = buf[o++]; g += (x & 0x7f) * 2 ** shift; shift += 7; } while (x >= 0x80);
      x = g;
    }
    prev += x;
    docs[i] = prev;
  }
  if (o !== buf.length) throw new Error(`a postings blob of ${buf.length} bytes holds ${o} for ${n} postings`);
  return { n, docs, tfs, minLen, maxTf };
}

function decodeFixed(buf: Buffer, n: number): Postings {
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
