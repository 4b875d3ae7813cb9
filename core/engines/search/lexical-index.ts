/**
 * The lexical side of search: BM25 over three fields of every chunk
 * (stemmed words of heading + text, character 4-grams of the same, title
 * words), and the chunks themselves (so search still answers when Chroma
 * is down), kept on disk in one SQLite file in the data folder
 * (`lexical-index.sqlite`) so a catalog of millions of chunks does not
 * have to fit in memory.
 *
 * Terms come from the product's own analyser (../text/analyze: stemming,
 * folding, Hebrew and Arabic prefixes through 4-grams), computed here in
 * JS; SQLite only stores them. The postings live in segments
 * (./lexical-segments.ts): new chunks go to an in-memory segment that is
 * written as a segment table when it grows or after a quiet time, and
 * segments are merged log-style. Every chunk row is written at once, so a
 * crash loses nothing: chunks newer than the last written segment are
 * analysed again at start. In memory: a few bytes per chunk (lengths, item,
 * language, alive) and the unwritten segment; the chunk text and postings
 * stay on disk.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { AppError } from '../../foundation/errors';
import type { ContentType } from '../../foundation/types';
import { readLexicalFile } from './lexical-store';
import { chunkBatches, chunkRows, createChunkWrites, indexUnwritten, loadDocTable, type ChunkRows } from './lexical-chunks';
import { damaged, openDatabase } from './lexical-database';
import { DocTable } from './lexical-doc-table';
import { FIELD_KEY, type LexicalResult, type LexicalSearchOptions } from './lexical-fields';
import { createSaving } from './lexical-saving';
import { searchLexical } from './lexical-search';
import { createSegments, type MergeEvent, type Segments } from './lexical-segments';
import { createWarming } from './lexical-warm';
import type { Chunk, SearchFilters } from './types';

export { LEXICAL_FIELDS, type LexicalField, type LexicalHit, type LexicalResult, type LexicalSearchOptions } from './lexical-fields';

/** Analyzer recipe: a stored index made with another recipe is rebuilt from its chunks on load. */
export const LEXICAL_RECIPE = 'lex-v1:stem+g4+title';
/** The index file in the data folder. */
export const LEXICAL_FILE = 'lexical-index.sqlite';
/** The file of earlier versions (one binary snapshot held in memory): read once, then removed. */
const LEGACY_FILE = 'lexical-index.bin';

export interface LexicalIndex {
  upsert(chunks: Chunk[]): void;
  /** Removes an item's chunks; returns how many were removed. */
  deleteItem(itemType: ContentType, itemId: number): number;
  clear(): void;
  search(query: string, options: LexicalSearchOptions): LexicalResult;
  get(id: string): Chunk | undefined;
  /** Every chunk held, in insertion order (small indexes and tests; use `batches` for big ones). */
  all(): Chunk[];
  /** Every chunk held, in insertion order, `size` at a time. */
  batches(size: number): Generator<Chunk[]>;
  count(): number;
  /** A value kept with the index (e.g. how far a change feed was applied). */
  getMeta(key: string): string | null;
  setMeta(key: string, value: string): void;
  /** Writes the in-memory segment now (a merge of full levels it makes due runs on in the background). */
  flush(): Promise<void>;
  /**
   * Resolves once the dense postings lists (terms in at least 1/20 of the chunks, and of at least 4,096 postings)
   * are in the postings cache: read a few at a time between queries after the index opens, they are the longest
   * reads a query makes (a common 4-gram at 1 M chunks is a 1 MB list). Queries are answered meanwhile.
   */
  warmed(): Promise<void>;
  /** What the postings cache holds now: lists and bytes. */
  cacheStats(): { entries: number; bytes: number };
  /**
   * What the index does at a quiet time (after `saveDelayMs` without changes): writes the in-memory segment,
   * then merges the segments into one when there are many (after a bulk load) or some are of an earlier layout.
   * Big merges run in a worker thread: searches and writes go on meanwhile. Rejects when the merge fails
   * (the segments stay as they were; tried again at the next quiet time).
   */
  compact(): Promise<void>;
  /** Resolves when no merge is running. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface LexicalIndexOptions {
  /** Folder holding `lexical-index.sqlite`; created when missing. Null: a private temporary file, gone on close. */
  dataDir: string | null;
  /** Quiet time before the in-memory segment is written (default 1000 ms). */
  saveDelayMs?: number;
  /** Postings held in memory before they are written as a segment (default 4,000,000). */
  memoryPostings?: number;
  /**
   * Bytes of written postings kept in memory for queries, least recently used dropped first (default 512 MB). Up to
   * three quarters of it is filled with the dense lists (see `warmed`) after the index opens and after each merge.
   */
  postingsCacheBytes?: number;
  /** The fewest postings of a dense list, read into the cache ahead of queries (default WARM_MIN_POSTINGS in ./lexical-warm: 4,096). */
  warmMinPostings?: number;
  /** Called after each write of a segment (debounced or flushed). */
  onSaved?: () => void;
  /** Told what went wrong in the background (a save or merge at a quiet time, a level merge), e.g. the server's log. */
  log?: (message: string) => void;
  /** Told of every merge of segments as it starts, ends or fails (tests, benchmarks). */
  onMerge?: (event: MergeEvent) => void;
  /** Told when a quiet time's write and merge are over (the index has nothing left to write), with the chunks held. */
  onQuiet?: (chunks: number) => void;
  /** Merges of fewer postings run inline, bigger ones in a worker thread (default WORKER_MIN_POSTINGS in ./lexical-segments). */
  workerMergePostings?: number;
}

export function matchesFilters(chunk: Chunk, filters?: SearchFilters, itemIds?: Set<number>): boolean {
  if (!filters) return true;
  if (filters.itemType && chunk.itemType !== filters.itemType) return false;
  if (itemIds && !itemIds.has(chunk.itemId)) return false;
  if (filters.language && chunk.language !== filters.language) return false;
  return true;
}

export async function createLexicalIndex(options: LexicalIndexOptions): Promise<LexicalIndex> {
  const { file, db } = openFile(options.dataDir);
  const docs = new DocTable();
  const where = file || 'its temporary file';
  const log = options.log ?? (() => {});
  const cacheBytes = options.postingsCacheBytes ?? 512 << 20;
  const segments = openSegments(db, docs, file, where, options);
  const { getMeta, setMeta } = metaTable(db, segments);
  const rows = chunkRows(db);
  const writes = createChunkWrites(db, docs, segments, rows);

  // Load: per-document figures into memory, then the chunks no segment holds yet (written before a crash).
  try {
    loadIndex(db, docs, segments, rows, getMeta, setMeta);
  } catch (e) {
    db.close();
    if (e instanceof AppError) throw e;
    throw damaged(file, e);
  }
  if (options.dataDir) await readLegacyFile(path.join(options.dataDir, LEGACY_FILE), db, docs, segments, writes.add);

  const saving = createSaving(segments, {
    where, log, saveDelay: options.saveDelayMs ?? 1000, memoryLimit: options.memoryPostings ?? 4_000_000,
    onSaved: options.onSaved, onQuiet: () => options.onQuiet?.(docs.live),
  });
  const warming = createWarming(segments, docs, cacheBytes, saving.closed, options.warmMinPostings);
  let closing: Promise<void> | null = null;
  void warming.warm();

  return {
    upsert(list) {
      if (list.length === 0) return;
      writes.add(list);
      saving.schedule();
    },
    deleteItem(itemType, itemId) {
      const gone = rows.docsOfItem.all(itemType, itemId);
      if (gone.length === 0) return 0;
      writes.remove(gone);
      segments.noteDeleted(gone.length);
      return gone.length;
    },
    clear() {
      writes.clear();
      Object.assign(docs, new DocTable());
      segments.setWrittenThrough(0);
    },
    search(query, o) {
      void warming.warm(); // after a merge emptied the cache (a no-op while reading or when done)
      return searchLexical(segments, docs, rows, query, o);
    },
    get(id) {
      const r = rows.chunkById.get(id);
      return r ? (JSON.parse(r.chunk) as Chunk) : undefined;
    },
    all() {
      const out: Chunk[] = [];
      for (const b of chunkBatches(rows, 1000)) out.push(...b);
      return out;
    },
    batches: (size) => chunkBatches(rows, size),
    count: () => docs.live,
    getMeta,
    setMeta,
    async flush() { saving.save(); },
    compact: saving.quiet,
    idle: () => segments.idle(),
    warmed: warming.warmed,
    cacheStats: () => segments.cacheStats(),
    close() {
      closing ??= closeIndex(db, docs, segments, saving, writes.trusted);
      return closing;
    },
  };
}

/** The segments of the index: the per-document figures they need from `docs`, merges logged when they fail. */
function openSegments(db: Database.Database, docs: DocTable, file: string, where: string, options: LexicalIndexOptions): Segments {
  const lengthOfKey: Record<string, number> = { [FIELD_KEY.words]: 0, [FIELD_KEY.grams]: 1, [FIELD_KEY.title]: 2 };
  const log = options.log ?? (() => {});
  return createSegments(db, { alive: (d) => docs.alive[d] === 1, lengths: (prefix) => docs.len[lengthOfKey[prefix]],
    cacheBytes: options.postingsCacheBytes ?? 512 << 20, listed: [FIELD_KEY.title],
    // A merge worker opens the same file (a private temporary database cannot be opened twice: its merges run inline).
    file: file || undefined,
    docs: (through) => ({
      alive: docs.alive.slice(0, through + 1),
      lengths: Object.fromEntries(Object.entries(lengthOfKey).map(([prefix, f]) => [prefix, docs.len[f].slice(0, through + 1)])),
    }),
    workerMinPostings: options.workerMergePostings,
    log,
    onMerge: (e) => {
      if (e.phase === 'failed') {
        log(`Could not merge ${e.segments.length} segments of the lexical search index in ${where} (${e.kind === 'compact' ? 'at a quiet time' : 'a full level'}): ${e.error?.message}; they stay as they were and are merged again at the next quiet time`);
      }
      options.onMerge?.(e);
    } });
}

/** The recipe checked (another analyser's segments dropped), the segments loaded, the per-chunk figures from the snapshot or the rows. */
function loadIndex(db: Database.Database, docs: DocTable, segments: Segments, rows: ChunkRows, getMeta: (key: string) => string | null, setMeta: (key: string, value: string) => void) {
  const recipe = getMeta('recipe');
  if (recipe !== null && recipe !== LEXICAL_RECIPE) {
    // Another analyser built the segments: analyse every chunk again.
    segments.dropAll();
    setMeta('recipe', LEXICAL_RECIPE);
    segments.setWrittenThrough(0);
  } else if (recipe === null) setMeta('recipe', LEXICAL_RECIPE);
  segments.load();
  const snap = db.prepare<[], { through: number; info: string; data: Buffer }>('SELECT through, info, data FROM doc_snapshot').get();
  const last = db.prepare<[], number | null>('SELECT max(doc) FROM docs').pluck().get() ?? 0;
  // Any change since the snapshot removed it; a snapshot that does not end at the last chunk is not used.
  if (snap && snap.through === last) docs.load(snap.data, snap.info);
  else loadDocTable(db, docs);
  indexUnwritten(rows, segments);
}

/** An index file of an earlier version: its chunks are indexed here once, then it is removed. */
async function readLegacyFile(legacy: string, db: Database.Database, docs: DocTable, segments: Segments, add: (list: Chunk[]) => void) {
  if (!existsSync(legacy)) return;
  const snapshot = await readLexicalFile(legacy).catch((e) => { db.close(); throw e; });
  if (snapshot && docs.live === 0) for (let i = 0; i < snapshot.chunks.length; i += 1000) add(snapshot.chunks.slice(i, i + 1000).filter(Boolean));
  segments.write(segments.maxDoc());
  rmSync(legacy, { force: true });
}

/** The index's file in `dataDir` (created when missing), opened; null: a private temporary file. */
function openFile(dataDir: string | null): { file: string; db: Database.Database } {
  let file = '';
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, LEXICAL_FILE);
  }
  try {
    return { file, db: openDatabase(file) };
  } catch (e) {
    throw damaged(file, e);
  }
}

/** Values kept with the index (the analyser's recipe, how far a change feed was applied). */
function metaTable(db: Database.Database, segments: Segments) {
  const getMetaStmt = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const setMetaStmt = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    getMeta: (key: string) => getMetaStmt.get(key)?.value ?? null,
    setMeta: (key: string, value: string) => { segments.writing(() => setMetaStmt.run(key, value)); },
  };
}

/** A running merge stopped, memory written, the per-chunk figures kept for the next start (unless memory is not `trusted`), the file closed. */
async function closeIndex(db: Database.Database, docs: DocTable, segments: Segments, saving: ReturnType<typeof createSaving>, trusted: () => boolean) {
  saving.stopTimer();
  try {
    // A running merge is stopped (its worker ended; its half-written table, listed nowhere, is dropped by a worker after the next start).
    await segments.stop();
    saving.save();
    if (!trusted()) return;
    writeSnapshot(db, docs);
  } finally {
    saving.markClosed();
    db.close();
  }
}

/** The per-chunk figures as of now, read at the next start instead of every chunk row. */
function writeSnapshot(db: Database.Database, docs: DocTable) {
  const last = db.prepare<[], number | null>('SELECT max(doc) FROM docs').pluck().get() ?? 0;
  const { data, info } = docs.save(last);
  db.prepare('INSERT INTO doc_snapshot (one, through, info, data) VALUES (1, ?, ?, ?) ON CONFLICT (one) DO UPDATE SET through = excluded.through, info = excluded.info, data = excluded.data').run(last, info, data);
}
