/**
 * A merge of lexical segments (./lexical-segments.ts): the postings of some
 * segment tables written into a new table `seg_<into>`, term by term in key
 * order, postings of removed documents dropped. The same code runs inline
 * (small merges, on the index's own connection, in its transaction) and in a
 * worker thread (./lexical-merge-worker.ts, its own connection to the same
 * file), so that a merge of millions of postings never holds the event loop.
 *
 * A worker merge shares the database with the index's connection (WAL: the
 * index keeps reading the old segments meanwhile). SQLite has one writer at
 * a time, so the worker writes in short transactions (`batchMs`) and, between
 * two, gives way while the index has a write waiting (`pause`, a counter the
 * index raises around its writes, see `Segments.writing`): a write of the
 * index waits for one batch at most. The worker creates and fills its table;
 * the swap (register it, unlist the merged segments, new segment list, caches
 * cleared) is the index's own short transaction once the worker is done. The
 * merged tables are then listed nowhere and no statement of the index runs
 * on them again: the worker drops them, a few rows per statement, because a
 * DROP TABLE reads every page of a table (its overflow chains) in one
 * statement: 0.7 s on the index's thread for 8.9 M postings measured, tens of
 * seconds at a million chunks. A table not in the `segments` registry is
 * garbage (a merge that failed, or stopped by a close or clear): the failing
 * worker drops its own; otherwise the next worker, or one started at the next
 * open, drops it.
 */
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { compareUtf8, decodePostings, encodePostings, encodingOf, SEGMENT_LAYOUT, type Postings } from './lexical-postings';

/** Creates the (empty) table of segment `seg` in the current layout (4: the term in an index of its own, postings packed). */
export function createSegmentTable(db: Database.Database, seg: number): void {
  // Rows appended in term order: row ids follow the terms, so reading a segment in term order reads its table in order.
  db.exec(`CREATE TABLE seg_${seg} (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, n INTEGER NOT NULL, docs BLOB NOT NULL)`);
}

/** What a merge needs to know of the documents: which are alive, and each one's length per field (for the block bounds). */
export interface MergeDocs {
  alive: (doc: number) => boolean;
  lengths?: (prefix: string) => ArrayLike<number> | undefined;
}

/** Only live documents' postings of `p`. */
export function livePostings(p: Postings, alive: (doc: number) => boolean): Postings {
  let m = 0;
  for (let i = 0; i < p.n; i++) if (alive(p.docs[i])) m++;
  if (m === p.n) return p;
  const docs = new Uint32Array(m), tfs = new Uint8Array(m);
  for (let i = 0, j = 0; i < p.n; i++) if (alive(p.docs[i])) { docs[j] = p.docs[i]; tfs[j] = p.tfs[i]; j++; }
  return { n: m, docs, tfs };
}

/**
 * The postings of one term from several segments as one list, documents ascending. A document is in one
 * segment only and a segment holds a run of documents of its own, so the parts are put in order of their
 * first document; should runs ever interleave (they do not), the postings are sorted one by one.
 */
export function concatAscending(parts: Postings[], n: number): { docs: Uint32Array; tfs: Uint8Array } {
  const docs = new Uint32Array(n), tfs = new Uint8Array(n);
  const ordered = parts.filter((p) => p.n > 0).sort((a, b) => a.docs[0] - b.docs[0]);
  let o = 0;
  for (const p of ordered) { docs.set(p.docs.subarray(0, p.n), o); tfs.set(p.tfs.subarray(0, p.n), o); o += p.n; }
  for (let i = 1; i < n; i++) {
    if (docs[i] > docs[i - 1]) continue;
    const order = Array.from({ length: n }, (_, j) => j).sort((a, b) => docs[a] - docs[b]);
    return { docs: Uint32Array.from(order, (j) => docs[j]), tfs: Uint8Array.from(order, (j) => tfs[j]) };
  }
  return { docs, tfs };
}

/**
 * Creates `seg_<into>` and fills it with the merged postings of the tables `sources`, reading each a page
 * at a time in term order; `hooks.created` runs once the table is made, `hooks.afterRow` after each row
 * written (a worker commits there). Returns the number of postings written.
 */
export function writeMerged(db: Database.Database, sources: number[], into: number, docs: MergeDocs,
  hooks: { created?: () => void; afterRow?: () => void } = {}): number {
  const page = 2000;
  const layoutOf = db.prepare<[number], number>('SELECT layout FROM segments WHERE seg = ?').pluck();
  const cursors = sources.map((seg) => ({
    encoding: encodingOf(layoutOf.get(seg) ?? SEGMENT_LAYOUT.withoutRowid),
    stmt: db.prepare<[string, number], { term: string; n: number; docs: Buffer }>(`SELECT term, n, docs FROM seg_${seg} WHERE term > ? ORDER BY term LIMIT ?`),
    rows: [] as Array<{ term: string; n: number; docs: Buffer }>, at: 0, last: '', done: false,
  }));
  const head = (c: (typeof cursors)[number]) => {
    if (c.at < c.rows.length) return c.rows[c.at];
    if (c.done) return null;
    c.rows = c.stmt.all(c.last, page); c.at = 0;
    if (c.rows.length < page) c.done = true;
    if (c.rows.length === 0) return null;
    c.last = c.rows[c.rows.length - 1].term;
    return c.rows[0];
  };
  createSegmentTable(db, into);
  hooks.created?.();
  const ins = db.prepare(`INSERT INTO seg_${into} (term, n, docs) VALUES (?, ?, ?)`);
  let total = 0;
  for (;;) {
    let min: string | null = null;
    for (const c of cursors) { const h = head(c); if (h && (min === null || compareUtf8(h.term, min) < 0)) min = h.term; }
    if (min === null) return total;
    const parts: Postings[] = [];
    for (const c of cursors) {
      const h = head(c);
      if (h && h.term === min) { parts.push(livePostings(decodePostings(h.docs, h.n, c.encoding), docs.alive)); c.at++; }
    }
    let n = 0;
    for (const p of parts) n += p.n;
    if (n === 0) continue;
    const { docs: merged, tfs } = concatAscending(parts, n);
    ins.run(min, n, encodePostings(merged, tfs, n, docs.lengths?.(min[0])));
    total += n;
    hooks.afterRow?.();
  }
}

/**
 * Empties and drops the table of segment `seg` a few rows at a time (`afterRows` between two deletes: a
 * worker ends a batch there). A DROP TABLE alone reads every page of the table (its overflow chains) in one
 * statement: seconds of holding SQLite's write lock for a big segment.
 */
export function dropInBatches(db: Database.Database, seg: number, afterRows?: () => void): void {
  const sql = db.prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(`seg_${seg}`);
  if (sql === undefined) return;
  const key = /WITHOUT ROWID/i.test(sql) ? 'term' : 'rowid';
  const del = db.prepare(`DELETE FROM seg_${seg} WHERE ${key} IN (SELECT ${key} FROM seg_${seg} ORDER BY ${key} LIMIT 64)`);
  while (del.run().changes > 0) afterRows?.();
  db.exec(`DROP TABLE seg_${seg}`);
}

/** What the index gives a merge worker (`workerData`). */
export interface MergeWorkerInput {
  file: string;
  /** Segments to merge into `into` (none: the worker only drops `drop`). */
  sources: number[];
  into: number;
  /** Tables no segment lists (garbage of a stopped merge): dropped once the merge is done. */
  drop: number[];
  /** Per document number (up to the last one the sources can hold): 1 when alive. */
  alive: Uint8Array;
  /** Per field key prefix, every document's length in that field. */
  lengths: Record<string, Uint32Array>;
  /** Int32 counter: above 0 while the index has a write waiting (the worker gives way between its batches). */
  pause: SharedArrayBuffer;
  /** Longest write transaction of the worker (a write of the index waits at most about this long). */
  batchMs: number;
}

/** Worker to index. After `done` the worker waits for `swapped` (then drops the merged tables) or `abandon` (drops its own). */
export type MergeWorkerMessage =
  | { type: 'started' }
  | { type: 'done'; postings: number }
  | { type: 'failed'; message: string; stack?: string }
  | { type: 'dropFailed'; message: string };
/** Index to worker, after `done`. */
export type MergeWorkerReply = { type: 'swapped' } | { type: 'abandon' };

/** A merge running in a worker. */
export interface MergeWorker {
  /** Resolves once its table exists (never, when it fails before). */
  started: Promise<void>;
  /** Resolves with the postings written; rejects when the merge fails or the worker ends before. */
  done: Promise<number>;
  /** Tells the worker what became of its table (after `done`): it then drops what is garbage and ends. */
  reply(r: MergeWorkerReply): void;
  /** Resolves when the worker has ended (after its drops, or stopped). */
  ended: Promise<void>;
  /** Stops the worker (its open transaction is rolled back); resolves when it has ended. */
  stop(): Promise<void>;
}

/** Set by a build (bin/esbuild-options.mjs `mergeWorkerBuild`): the URL of the worker built with it. */
declare const __CMS_MERGE_WORKER__: string | undefined;

/**
 * Starts a merge worker. In a build (bin/dist, the test build) it is the JavaScript worker built with it; run from
 * source, a small ES module (lexical-merge-worker.mjs) that loads the TypeScript worker through tsx: tsx registers
 * its loader on the main thread only, so a worker registers it itself.
 */
export function startMergeWorker(input: MergeWorkerInput, onDropFailed: (message: string) => void): MergeWorker {
  const entry = typeof __CMS_MERGE_WORKER__ === 'string' ? new URL(__CMS_MERGE_WORKER__) : new URL('./lexical-merge-worker.mjs', import.meta.url);
  const worker = new Worker(entry, {
    workerData: input,
    transferList: [input.alive.buffer as ArrayBuffer, ...Object.values(input.lengths).map((a) => a.buffer as ArrayBuffer)],
  });
  let exited = false;
  const ended = new Promise<void>((resolve) => worker.once('exit', () => { exited = true; resolve(); }));
  let onStarted!: () => void;
  const started = new Promise<void>((resolve) => { onStarted = resolve; });
  const done = new Promise<number>((resolve, reject) => {
    let settled = false;
    const fail = (e: Error) => { if (!settled) { settled = true; reject(e); } };
    worker.on('message', (m: MergeWorkerMessage) => {
      if (m.type === 'started') onStarted();
      else if (m.type === 'done') { settled = true; resolve(m.postings); }
      else if (m.type === 'dropFailed') onDropFailed(m.message);
      else fail(Object.assign(new Error(m.message), { stack: m.stack ?? m.message }));
    });
    worker.on('error', fail);
    worker.once('exit', (code) => fail(new Error(`the merge worker ended (exit code ${code}) before it finished`)));
  });
  // Never left unhandled: the caller awaits `done`, and `started` may never come.
  done.catch(() => {});
  return {
    started,
    done,
    ended,
    reply: (r) => { if (!exited) worker.postMessage(r); },
    async stop() {
      if (!exited) await worker.terminate();
      await ended;
    },
  };
}
