/**
 * The lexical index file: one binary file written atomically (temp file,
 * fsync, rename). Layout: magic line, uint32 header length, JSON header,
 * then per field the term list, posting counts, packed postings and
 * document lengths, then the chunks as JSON lines.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { AppError } from '../../foundation/errors';
import type { Chunk } from './types';

const MAGIC = Buffer.from('CMS-LEXICAL-2\n');

/** One field's BM25 postings as the legacy file holds them. */
export interface SerializedField {
  terms: string[];
  /** Number of postings of terms[i], in order. */
  counts: Uint32Array;
  /** All postings, term after term: (doc << 8) | tf. */
  postings: Uint32Array;
  lengths: Uint32Array;
}

export interface LexicalSnapshot {
  recipe: string;
  chunks: Chunk[];
  fields: Record<string, SerializedField>;
}

interface Header {
  recipe: string;
  fields: Record<string, { terms: number; postings: number; docs: number }>;
  chunkBytes: number;
}

const bytesOf = (a: Uint32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const pad4 = (n: number) => Buffer.alloc((4 - (n % 4)) % 4);

export async function writeLexicalFile(file: string, snapshot: LexicalSnapshot): Promise<void> {
  const parts: Buffer[] = [];
  const header: Header = { recipe: snapshot.recipe, fields: {}, chunkBytes: 0 };
  for (const [name, f] of Object.entries(snapshot.fields)) {
    const terms = Buffer.from(f.terms.join('\n'), 'utf8');
    header.fields[name] = { terms: terms.length, postings: f.postings.length, docs: f.lengths.length };
    parts.push(terms, pad4(terms.length), bytesOf(f.counts), bytesOf(f.postings), bytesOf(f.lengths));
  }
  // One buffer per chunk line: a single joined string would hit V8's string size limit on big indexes.
  let chunkBytes = 0;
  for (const c of snapshot.chunks) {
    const line = Buffer.from(`${JSON.stringify(c)}\n`, 'utf8');
    chunkBytes += line.length;
    parts.push(line);
  }
  header.chunkBytes = chunkBytes;
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(headerBytes.length);
  const all = [MAGIC, len, headerBytes, pad4(MAGIC.length + 4 + headerBytes.length), ...parts];

  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fh = await open(tmp, 'w');
  try {
    await fh.writev(all);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** The snapshot in `file`, or null when there is none. A damaged file is an error, never silently dropped. */
export async function readLexicalFile(file: string): Promise<LexicalSnapshot | null> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AppError('internal', `Could not read the lexical search index ${file}: ${(e as Error).message}`, { cause: e });
  }
  try {
    if (!buf.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a lexical index file');
    let at = MAGIC.length;
    const headerLen = buf.readUInt32LE(at); at += 4;
    const header = JSON.parse(buf.subarray(at, at + headerLen).toString('utf8')) as Header;
    at += headerLen;
    at += (4 - (at % 4)) % 4;
    const take = (n: number) => { const b = buf.subarray(at, at + n); if (b.length !== n) throw new Error('truncated'); at += n; return b; };
    const u32 = (n: number) => { const b = take(n * 4); return new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)); };
    const fields: Record<string, SerializedField> = {};
    for (const [name, h] of Object.entries(header.fields)) {
      const termText = take(h.terms).toString('utf8');
      at += (4 - (at % 4)) % 4;
      const terms = h.terms === 0 ? [] : termText.split('\n');
      const counts = u32(terms.length);
      const postings = u32(h.postings);
      const lengths = u32(h.docs);
      fields[name] = { terms, counts, postings, lengths };
    }
    const chunkBytes = take(header.chunkBytes);
    const chunks: Chunk[] = [];
    for (let start = 0; start < chunkBytes.length;) {
      let end = chunkBytes.indexOf(0x0a, start);
      if (end < 0) end = chunkBytes.length;
      chunks.push(JSON.parse(chunkBytes.toString('utf8', start, end)) as Chunk);
      start = end + 1;
    }
    return { recipe: header.recipe, chunks, fields };
  } catch (e) {
    throw new AppError('internal', `The lexical search index ${file} is damaged (${(e as Error).message}); delete it and run a reindex.`, { cause: e, details: { damagedFile: file } });
  }
}
