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
import Database from 'better-sqlite3';
import { AppError } from '../errors';
import type { ContentType } from '../types';
import { analyzeWord, contentWords, gramTerms, wordTerms } from '../text/analyze';
import { exhaustiveTopK, prunedTopK, type TermPostings } from './lexical-topk';
import { readLexicalFile } from './lexical-store';
import type { Postings } from './lexical-postings';
import { createSegments, type MergeEvent } from './lexical-segments';
import type { Chunk, SearchFilters } from './types';

/** Analyzer recipe: a stored index made with another recipe is rebuilt from its chunks on load. */
export const LEXICAL_RECIPE = 'lex-v1:stem+g4+title';
export const LEXICAL_FIELDS = ['words', 'grams', 'title'] as const;
export type LexicalField = (typeof LEXICAL_FIELDS)[number];
/** The index file in the data folder. */
export const LEXICAL_FILE = 'lexical-index.sqlite';
/** The file of earlier versions (one binary snapshot held in memory): read once, then removed. */
const LEGACY_FILE = 'lexical-index.bin';
const FIELD_KEY: Record<LexicalField, string> = { words: 'w', grams: 'g', title: 't' };
/** A list is dense, and read into the cache ahead of queries, when its term is in this share of the chunks... */
const WARM_DENSE_SHARE = 1 / 20;
/** ...and it holds at least this many postings (shorter lists are quick to read when asked for). */
const WARM_MIN_POSTINGS = 4096;

/** A hit: its id and language at once, its chunk read from disk when first asked for (fusion needs only the first two). */
/** `chunk` is read when asked for: null when the chunk was removed since the search (e.g. a version went live). */
export interface LexicalHit { id: string; language: string; score: number; readonly chunk: Chunk | null }
export type LexicalResult = Record<LexicalField, LexicalHit[]>;

export interface LexicalSearchOptions {
  k: number;
  /** Language of the query (ISO 639-1): chooses stemmer and function words. */
  language: string;
  filters?: SearchFilters;
  /** Score every posting instead of skipping those that cannot reach the top k (same result; for tests and benchmarks). */
  exhaustive?: boolean;
  /** The fields searched (default all); the others come back empty. */
  fields?: readonly LexicalField[];
}

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

function queryTerms(field: LexicalField, query: string, lang: string): string[] {
  return field === 'grams' ? gramTerms(query, lang, 4, 4) : wordTerms(query, lang);
}

export function matchesFilters(chunk: Chunk, filters?: SearchFilters, itemIds?: Set<number>): boolean {
  if (!filters) return true;
  if (filters.itemType && chunk.itemType !== filters.itemType) return false;
  if (itemIds && !itemIds.has(chunk.itemId)) return false;
  if (filters.language && chunk.language !== filters.language) return false;
  return true;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS docs (
    doc INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, item_type TEXT NOT NULL, item_id INTEGER NOT NULL,
    language TEXT NOT NULL, len_w INTEGER NOT NULL, len_g INTEGER NOT NULL, len_t INTEGER NOT NULL, chunk TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS docs_item ON docs (item_type, item_id);
  -- The ids of a search's hits read from this small index, not from the rows (which hold the chunk text: a page read per hit).
  CREATE INDEX IF NOT EXISTS docs_id_of_doc ON docs (doc, id);
  -- The per-chunk figures as of the last close (through = the last document then): a start reads this instead of every chunk row.
  CREATE TABLE IF NOT EXISTS doc_snapshot (one INTEGER PRIMARY KEY CHECK (one = 1), through INTEGER NOT NULL, info TEXT NOT NULL, data BLOB NOT NULL);
`;

const BM25 = { k1: 1.2, b: 0.75 };

/** Small growable per-document arrays (document numbers are SQLite rowids, never reused). */
class DocTable {
  alive = new Uint8Array(1024);
  len = [new Uint32Array(1024), new Uint32Array(1024), new Uint32Array(1024)];
  itemId = new Int32Array(1024);
  itemType = new Uint8Array(1024);
  lang = new Uint8Array(1024);
  live = 0;
  total = [0, 0, 0];
  private codes = new Map<string, number>();

  code(s: string): number {
    let c = this.codes.get(s);
    if (c === undefined) { c = this.codes.size + 1; this.codes.set(s, c); }
    return c;
  }
  knownCode(s: string): number { return this.codes.get(s) ?? -1; }
  private names: string[] = [];
  /** The language of a document. */
  language(doc: number): string {
    if (this.names.length !== this.codes.size + 1) {
      this.names = [''];
      for (const [name, c] of this.codes) this.names[c] = name;
    }
    return this.names[this.lang[doc]].slice(2);
  }

  private ensure(doc: number) {
    if (doc < this.alive.length) return;
    const n = Math.max(doc + 1, this.alive.length * 2);
    const g = <T extends Uint8Array | Uint32Array | Int32Array>(a: T, make: (n: number) => T): T => { const b = make(n); b.set(a); return b; };
    this.alive = g(this.alive, (m) => new Uint8Array(m));
    this.len = this.len.map((a) => g(a, (m) => new Uint32Array(m)));
    this.itemId = g(this.itemId, (m) => new Int32Array(m));
    this.itemType = g(this.itemType, (m) => new Uint8Array(m));
    this.lang = g(this.lang, (m) => new Uint8Array(m));
  }

  add(doc: number, itemType: string, itemId: number, language: string, lens: number[]) {
    this.ensure(doc);
    this.alive[doc] = 1;
    this.itemType[doc] = this.code(`t:${itemType}`);
    this.itemId[doc] = itemId;
    this.lang[doc] = this.code(`l:${language}`);
    for (let f = 0; f < 3; f++) { this.len[f][doc] = lens[f]; this.total[f] += lens[f]; }
    this.live++;
  }

  remove(doc: number) {
    if (doc >= this.alive.length || !this.alive[doc]) return;
    this.alive[doc] = 0;
    for (let f = 0; f < 3; f++) this.total[f] -= this.len[f][doc];
    this.live--;
  }

  size() { return this.alive.length; }

  /** The whole table as one buffer (arrays up to `docs` + 1) and its small figures. */
  save(docs: number): { data: Buffer; info: string } {
    const n = docs + 1;
    const parts = [this.alive.subarray(0, n), ...this.len.map((a) => a.subarray(0, n)), this.itemId.subarray(0, n), this.itemType.subarray(0, n), this.lang.subarray(0, n)];
    const data = Buffer.concat(parts.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)));
    return { data, info: JSON.stringify({ n, live: this.live, total: this.total, codes: [...this.codes] }) };
  }

  /** Restores what `save` wrote. */
  load(data: Buffer, info: string) {
    const { n, live, total, codes } = JSON.parse(info) as { n: number; live: number; total: number[]; codes: Array<[string, number]> };
    if (data.length !== n * 19) throw new Error(`the per-chunk snapshot holds ${data.length} bytes, expected ${n * 19}`);
    const copy = Uint8Array.from(data);
    let at = 0;
    const take = (bytes: number) => { const b = copy.buffer.slice(at, at + n * bytes); at += n * bytes; return b; };
    this.alive = new Uint8Array(take(1));
    this.len = [new Uint32Array(take(4)), new Uint32Array(take(4)), new Uint32Array(take(4))];
    this.itemId = new Int32Array(take(4));
    this.itemType = new Uint8Array(take(1));
    this.lang = new Uint8Array(take(1));
    this.live = live;
    this.total = total;
    this.codes = new Map(codes);
  }
}

function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  try {
    // Postings blobs span many pages, read one page per read (overflow pages): 16 kB pages read them in a quarter of the reads.
    // Taken by a new file only (an existing file keeps the page size it was made with).
    db.pragma('page_size = 16384');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536'); // 64 MB of page cache
    db.pragma('temp_store = FILE');
    db.exec(SCHEMA);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

export async function createLexicalIndex(options: LexicalIndexOptions): Promise<LexicalIndex> {
  let file = '';
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    file = path.join(options.dataDir, LEXICAL_FILE);
  }
  let db: Database.Database;
  try {
    db = openDatabase(file);
  } catch (e) {
    throw new AppError('internal', `The lexical search index ${file} is damaged (${(e as Error).message}); delete it and run a reindex.`, { cause: e, details: { damagedFile: file } });
  }
  const saveDelay = options.saveDelayMs ?? 1000;
  const docs = new DocTable();
  const lengthOfKey: Record<string, number> = { [FIELD_KEY.words]: 0, [FIELD_KEY.grams]: 1, [FIELD_KEY.title]: 2 };
  const where = file || 'its temporary file';
  const log = options.log ?? (() => {});
  const cacheBytes = options.postingsCacheBytes ?? 512 << 20;
  const segments = createSegments(db, { alive: (d) => docs.alive[d] === 1, lengths: (prefix) => docs.len[lengthOfKey[prefix]],
    cacheBytes, listed: [FIELD_KEY.title],
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

  const getMetaStmt = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const setMetaStmt = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const getMeta = (key: string) => getMetaStmt.get(key)?.value ?? null;
  const setMeta = (key: string, value: string) => { segments.writing(() => setMetaStmt.run(key, value)); };
  const insertDoc = db.prepare('INSERT INTO docs (id, item_type, item_id, language, len_w, len_g, len_t, chunk) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const docById = db.prepare<[string], { doc: number }>('SELECT doc FROM docs WHERE id = ?');
  const deleteDoc = db.prepare('DELETE FROM docs WHERE doc = ?');
  const docsOfItem = db.prepare<[string, number], { doc: number }>('SELECT doc FROM docs WHERE item_type = ? AND item_id = ?');
  const chunkOfDoc = db.prepare<[number], { chunk: string }>('SELECT chunk FROM docs WHERE doc = ?');
  const chunkById = db.prepare<[string], { chunk: string }>('SELECT chunk FROM docs WHERE id = ?');
  const idsOfDocs = db.prepare<[string], { doc: number; id: string }>('SELECT doc, id FROM docs INDEXED BY docs_id_of_doc WHERE doc IN (SELECT value FROM json_each(?))');
  const docsAfter = db.prepare<[number, number], { doc: number; chunk: string }>('SELECT doc, chunk FROM docs WHERE doc > ? ORDER BY doc LIMIT ?');

  /** A chunk's term ids in the in-memory segment and its field lengths (the same terms as chunkTerms). */
  const analyse = (chunk: Chunk) => {
    const memory = segments.memory;
    const lang = chunk.language;
    const body = chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text;
    const ids: number[] = [];
    let nw = 0, ng = 0;
    for (const w of contentWords(body, lang)) {
      const wi = memory.wordIds(`${lang}\u0000${w}`, () => {
        const e = analyzeWord(w, lang);
        return [[FIELD_KEY.words, e.stem], ...e.grams.map((g): [string, string] => [FIELD_KEY.grams, g])];
      });
      for (let i = 0; i < wi.length; i++) ids.push(wi[i]);
      nw++; ng += wi.length - 1;
    }
    const title = wordTerms(chunk.title, lang);
    for (const t of title) ids.push(memory.termId(FIELD_KEY.title, t));
    return { ids, lens: [nw, ng, title.length] };
  };
  /** Analyses a chunk into the in-memory segment under document number `doc`. */
  const index = (doc: number, chunk: Chunk) => segments.memory.addIds(doc, analyse(chunk).ids);

  /** The snapshot of per-chunk figures is removed at the first change after a start (written again at close). */
  let snapshotKept = true;
  const dropSnapshot = () => { if (snapshotKept) { db.exec('DELETE FROM doc_snapshot'); snapshotKept = false; } };
  /** The per-chunk figures read from the chunk rows. */
  function loadDocTable() {
    for (const r of db.prepare<[], { doc: number; item_type: string; item_id: number; language: string; len_w: number; len_g: number; len_t: number }>(
      'SELECT doc, item_type, item_id, language, len_w, len_g, len_t FROM docs ORDER BY doc').iterate()) {
      docs.add(r.doc, r.item_type, r.item_id, r.language, [r.len_w, r.len_g, r.len_t]);
    }
  }
  /** The chunks no stored segment holds yet, into the memory segment. */
  function indexUnwritten() {
    for (let after = segments.writtenThrough(); ;) {
      const rows = docsAfter.all(after, 1000);
      if (rows.length === 0) break;
      for (const r of rows) index(r.doc, JSON.parse(r.chunk) as Chunk);
      after = rows[rows.length - 1].doc;
    }
  }
  /**
   * A write SQLite rolled back may have changed the figures and postings in memory already (and its
   * document numbers are given again): both are made again from the rows, so that neither a search nor
   * the snapshot written at close holds chunks that are not stored.
   */
  function rebuildMemory() {
    Object.assign(docs, new DocTable());
    segments.memory.clear();
    segments.memory.maxDoc = segments.writtenThrough();
    loadDocTable();
    indexUnwritten();
  }
  /** False when memory could not be made again after a failed write: no snapshot is written at close then. */
  let memoryTrusted = true;
  /**
   * A write transaction (immediate, with a running merge worker told to give way: see Segments.writing);
   * when it throws, memory is made again from what is stored, and the error goes on.
   */
  const guarded = <A extends unknown[]>(fn: (...a: A) => void) => (...a: A): void => {
    let entered = false;
    const tx = db.transaction((...b: A) => { entered = true; fn(...b); });
    try {
      segments.writing(() => tx.immediate(...a));
    } catch (e) {
      // A write that never began (the lock not had: "database is locked") changed nothing in memory: nothing to make
      // again. Making it again reads every chunk's figures and analyses the unwritten chunks: tens of seconds of the
      // event loop on a big index, each time a bulk import met a lock (issue 39's stalls).
      if (entered) {
        try { rebuildMemory(); } catch { memoryTrusted = false; }
      }
      throw e;
    }
  };

  /**
   * Stores chunks. They are analysed before the write transaction (most of the time an upsert takes), so that
   * SQLite's write lock is held for the rows only: a merge worker writes between two upserts.
   */
  const addChunks = (list: Chunk[]) => {
    const analysed = list.map((chunk) => ({ ...analyse(chunk), json: JSON.stringify(chunk) }));
    storeChunks(list, analysed);
  };
  const storeChunks = guarded((list: Chunk[], analysed: Array<{ ids: number[]; lens: number[]; json: string }>) => {
    dropSnapshot();
    for (let i = 0; i < list.length; i++) {
      const chunk = list[i];
      const old = docById.get(chunk.id);
      if (old) { deleteDoc.run(old.doc); docs.remove(old.doc); }
      const { ids, lens, json } = analysed[i];
      const doc = Number(insertDoc.run(chunk.id, chunk.itemType, chunk.itemId, chunk.language, lens[0], lens[1], lens[2], json).lastInsertRowid);
      docs.add(doc, chunk.itemType, chunk.itemId, chunk.language, lens);
      segments.memory.addIds(doc, ids);
    }
  });

  const clearAll = guarded(() => {
    dropSnapshot();
    segments.dropAll();
    db.exec("DELETE FROM docs; DELETE FROM sqlite_sequence WHERE name = 'docs'");
  });

  // Load: per-document figures into memory, then the chunks no segment holds yet (written before a crash).
  try {
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
    else loadDocTable();
    indexUnwritten();
  } catch (e) {
    db.close();
    if (e instanceof AppError) throw e;
    throw new AppError('internal', `The lexical search index ${file} is damaged (${(e as Error).message}); delete it and run a reindex.`, { cause: e, details: { damagedFile: file } });
  }

  if (options.dataDir) {
    // An index file of an earlier version: its chunks are indexed here once, then it is removed.
    const legacy = path.join(options.dataDir, LEGACY_FILE);
    if (existsSync(legacy)) {
      const snapshot = await readLexicalFile(legacy).catch((e) => { db.close(); throw e; });
      if (snapshot && docs.live === 0) for (let i = 0; i < snapshot.chunks.length; i += 1000) addChunks(snapshot.chunks.slice(i, i + 1000).filter(Boolean));
      segments.write(segments.maxDoc());
      rmSync(legacy, { force: true });
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let closing: Promise<void> | null = null;
  const memoryLimit = options.memoryPostings ?? 4_000_000;

  const save = () => {
    if (timer) { clearTimeout(timer); timer = null; }
    if (closed || segments.memory.postings() === 0) return;
    try {
      segments.write(segments.maxDoc());
    } catch (e) {
      throw new AppError('internal', `Could not save the lexical search index to ${where}: ${(e as Error).message}`, { cause: e });
    }
    options.onSaved?.();
  };

  /** Writes the memory segment, then merges segments as at a quiet time (in a worker when big: awaited, the event loop free). */
  const quiet = async () => {
    save();
    if (closed) return;
    try {
      await segments.compact();
    } catch (e) {
      throw new AppError('internal', `Could not merge the lexical search index in ${where}: ${(e as Error).message}`, { cause: e });
    }
    // The merged tables are dropped by the worker after the swap: done before this resolves (a close would stop it).
    await segments.idle();
  };

  /** When the last change came: the merge of every segment waits for a quiet time (no change for saveDelay). */
  let lastChange = 0;
  const schedule = () => {
    lastChange = performance.now();
    if (segments.memory.postings() >= memoryLimit) { save(); return; }
    if (timer) return;
    const tick = (delay: number) => {
      timer = setTimeout(() => {
        timer = null;
        try {
          save();
        } catch (e) {
          // Kept in memory and in the chunk rows: written at the next change, flush or close.
          log((e as Error).message);
          return;
        }
        if (closed) return;
        // Changes still coming (a bulk import): saved, but every segment is merged into one only once they stop
        // (merging the whole index every second of an import held the event loop and SQLite's lock); full levels
        // are merged as they fill meanwhile.
        const quietFor = performance.now() - lastChange;
        if (quietFor < saveDelay) { tick(saveDelay - quietFor); return; }
        // A failed merge keeps its segments and is logged (onMerge above); tried again at the next quiet time.
        segments.compact().catch(() => {}).then(() => segments.idle()).then(() => { if (!closed) options.onQuiet?.(docs.live); }, () => {});
      }, delay);
      timer.unref?.();
    };
    tick(saveDelay);
  };

  /**
   * Reading the dense lists into the postings cache, one bounded step per turn of the event loop so that queries
   * and writes go between steps; started after the index opens and again by the first search after a merge.
   */
  let warming: Promise<void> | null = null;
  /** The next step; it keeps the process alive only while someone awaits `warmed()` (a CLI run may end first). */
  let nextStep: NodeJS.Immediate | null = null;
  let awaited = false;
  const warm = (): Promise<void> => {
    if (warming) return warming;
    if (closed || !segments.needsWarm()) return Promise.resolve();
    const minPostings = Math.max(WARM_MIN_POSTINGS, Math.ceil(docs.live * WARM_DENSE_SHARE));
    const budget = Math.floor(cacheBytes * 0.75);
    warming = new Promise<void>((resolve) => {
      const later = () => {
        nextStep = setImmediate(step);
        if (!awaited) nextStep.unref();
      };
      const step = () => {
        let more = false;
        // A failed read here is not the index's failure: a query reads the list itself.
        try { more = !closed && segments.reading(() => segments.warmStep(minPostings, budget)); } catch { more = false; }
        if (more) later();
        else { nextStep = null; warming = null; awaited = false; resolve(); }
      };
      later();
    });
    return warming;
  };
  const warmed = (): Promise<void> => {
    const done = warm();
    awaited = true;
    nextStep?.ref();
    return done;
  };

  const fieldIndex: Record<LexicalField, number> = { words: 0, grams: 1, title: 2 };

  const searchField = (field: LexicalField, terms: string[], k: number, accept?: (doc: number) => boolean, exhaustive = false) => {
    const live = docs.live;
    if (live === 0 || k <= 0) return [];
    const fi = fieldIndex[field];
    const stats = { lengths: docs.len[fi], alive: docs.alive, avg: docs.total[fi] / live || 1, k1: BM25.k1, b: BM25.b };
    const postings: TermPostings[] = [];
    for (const t of new Set(terms)) {
      const lists = segments.read(FIELD_KEY[field], t);
      let n = 0;
      for (const p of lists) n += p.n;
      if (n === 0) continue;
      const df = Math.min(n, live);
      postings.push({ idf: Math.log(1 + (live - df + 0.5) / (df + 0.5)), lists });
    }
    return exhaustive ? exhaustiveTopK(postings, stats, k, accept) : prunedTopK(postings, stats, k, accept);
  };

  const hit = (doc: number, score: number, ids: Map<number, string>): LexicalHit => {
    let chunk: Chunk | null | undefined;
    return {
      id: ids.get(doc)!, language: docs.language(doc), score,
      get chunk() {
        if (chunk === undefined) {
          const row = chunkOfDoc.get(doc);
          chunk = row ? JSON.parse(row.chunk) as Chunk : null;
        }
        return chunk;
      },
    };
  };

  function* batches(size: number): Generator<Chunk[]> {
    for (let after = 0; ;) {
      const rows = docsAfter.all(after, size);
      if (rows.length === 0) return;
      yield rows.map((r) => JSON.parse(r.chunk) as Chunk);
      after = rows[rows.length - 1].doc;
    }
  }

  void warm();

  return {
    upsert(list) {
      if (list.length === 0) return;
      addChunks(list);
      schedule();
    },
    deleteItem(itemType, itemId) {
      const rows = docsOfItem.all(itemType, itemId);
      if (rows.length === 0) return 0;
      guarded(() => { dropSnapshot(); for (const r of rows) { deleteDoc.run(r.doc); docs.remove(r.doc); } })();
      segments.noteDeleted(rows.length);
      return rows.length;
    },
    clear() {
      clearAll();
      const fresh = new DocTable();
      Object.assign(docs, fresh);
      segments.setWrittenThrough(0);
    },
    search(query, { k, language, filters, exhaustive, fields = LEXICAL_FIELDS }) {
      void warm(); // after a merge emptied the cache (a no-op while reading or when done)
      let accept: ((doc: number) => boolean) | undefined;
      if (filters) {
        const itemIds = filters.itemIds ? new Set(filters.itemIds) : undefined;
        const type = filters.itemType ? docs.knownCode(`t:${filters.itemType}`) : 0;
        const lang = filters.language ? docs.knownCode(`l:${filters.language}`) : 0;
        accept = (d) => (!type || docs.itemType[d] === type) && (!lang || docs.lang[d] === lang) && (!itemIds || itemIds.has(docs.itemId[d]));
      }
      const found = segments.reading(() => LEXICAL_FIELDS.map((f) => (fields.includes(f) ? searchField(f, queryTerms(f, query, language), k, accept, exhaustive) : [])));
      // The ids of every field's hits in one read (the fields share most of their hits).
      const ids = new Map<number, string>();
      const wanted = [...new Set(found.flatMap((list) => list.map((s) => s.doc)))];
      if (wanted.length) for (const r of idsOfDocs.all(JSON.stringify(wanted))) ids.set(r.doc, r.id);
      const out = {} as LexicalResult;
      LEXICAL_FIELDS.forEach((f, i) => { out[f] = found[i].map((s) => hit(s.doc, s.score, ids)); });
      return out;
    },
    get(id) {
      const r = chunkById.get(id);
      return r ? (JSON.parse(r.chunk) as Chunk) : undefined;
    },
    all() {
      const out: Chunk[] = [];
      for (const b of batches(1000)) out.push(...b);
      return out;
    },
    batches,
    count: () => docs.live,
    getMeta,
    setMeta,
    async flush() { save(); },
    compact: quiet,
    idle: () => segments.idle(),
    warmed,
    cacheStats: () => segments.cacheStats(),
    close() {
      closing ??= (async () => {
        if (timer) { clearTimeout(timer); timer = null; }
        try {
          // A running merge is stopped (its worker ended; its half-written table, listed nowhere, is dropped by a worker after the next start).
          await segments.stop();
          save();
          if (!memoryTrusted) return;
          const last = db.prepare<[], number | null>('SELECT max(doc) FROM docs').pluck().get() ?? 0;
          const { data, info } = docs.save(last);
          db.prepare('INSERT INTO doc_snapshot (one, through, info, data) VALUES (1, ?, ?, ?) ON CONFLICT (one) DO UPDATE SET through = excluded.through, info = excluded.info, data = excluded.data').run(last, info, data);
        } finally {
          closed = true;
          db.close();
        }
      })();
      return closing;
    },
  };
}
