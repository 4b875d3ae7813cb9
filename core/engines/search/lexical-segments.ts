/**
 * Postings of the lexical index in SQLite segments. A segment is one table
 * `seg_N (id INTEGER PRIMARY KEY, term TEXT UNIQUE, n, docs)`, rows in term
 * order, `docs` the term's postings blob (./lexical-postings.ts), packed.
 * The terms are kept apart from the blobs (in the table's term index) so
 * that a lookup compares short keys only. Segments of the earlier layouts
 * (`SEGMENT_LAYOUT`: 2, `term PRIMARY KEY, n, docs` WITHOUT ROWID, where
 * every key compared during a seek is a whole row, its blob read in full;
 * 3, postings not packed) are still read and are written again in the
 * current layout when merged, at the latest at the next quiet time.
 * New postings collect in an in-memory segment (./lexical-memory-segment.ts);
 * `write()` stores it as a level-0 segment; when a level holds MERGE_FACTOR
 * segments they are merged into one of the next level (postings of removed
 * documents dropped; ./lexical-merge.ts), so a term is read from a handful of
 * segments at most.
 */
import type Database from 'better-sqlite3';
import { livePostings } from './lexical-merge';
import { MemorySegment } from './lexical-memory-segment';
import type { SegmentPostings } from './lexical-postings';
import { createSegmentMerges, type MergeOptions } from './lexical-segment-merges';
import { createSegmentReads } from './lexical-segment-reads';
import { createSegmentTables, createWriteGate } from './lexical-segment-tables';

export { WORKER_MIN_POSTINGS, type MergeEvent } from './lexical-segment-merges';

export interface Segments {
  memory: MemorySegment;
  /** Reads the segment list and the written-through mark. */
  load(): void;
  /**
   * The postings of `term` of the field `prefix` in every segment (memory included) that has it; `seg` tells
   * the segment (a document is in one only). Kept lists are shared: not to be changed.
   */
  read(prefix: string, term: string): SegmentPostings[];
  /**
   * One bounded step of reading the dense lists (at least `minPostings` postings) of the written segments into the
   * postings cache, up to `budgetBytes` of them: a few hundred rows looked at, a few lists read. Returns true while
   * there is more to read. Starts over after a merge or drop empties the cache.
   */
  warmStep(minPostings: number, budgetBytes: number): boolean;
  /** Whether the dense lists of the current segments are still to be read into the cache. */
  needsWarm(): boolean;
  /** What the postings cache holds: lists and bytes (for tests and benchmarks). */
  cacheStats(): { entries: number; bytes: number };
  /** Runs `fn` (reads) in one read transaction: one snapshot, and one lock taken instead of one per statement. */
  reading<T>(fn: () => T): T;
  /**
   * Stores the memory segment (documents up to `throughDoc`), then starts merging a level that is full
   * (in a worker when it is big, see `SegmentsOptions.workerMinPostings`; one merge at a time, the next
   * when it is done).
   */
  write(throughDoc: number): void;
  writtenThrough(): number;
  setWrittenThrough(doc: number): void;
  maxDoc(): number;
  noteDeleted(n: number): void;
  /**
   * At a quiet time (no writes for a while): once a running merge is done, merges every written segment into
   * one when that is worth its cost (see `COMPACT_*`) or when a segment is of the earlier layout, else the
   * levels that are full (merges stopped by a failure are tried again here). Resolves with whether it merged
   * everything; rejects when a merge fails (the segments merged stay as they were).
   */
  compact(): Promise<boolean>;
  /** Resolves when no merge is running (levels full after one are merged before). */
  idle(): Promise<void>;
  /**
   * Runs `fn`, a write of the caller's connection (in an immediate transaction, or one statement), with a
   * merge worker told to give way: the write waits for one of the worker's short transactions at most.
   */
  writing<T>(fn: () => T): T;
  /** Stops a running merge (its worker ended, its half-written table dropped); no merge starts after. */
  stop(): Promise<void>;
  dropAll(): void;
  count(): number;
}

export interface SegmentsOptions extends MergeOptions {
  /** Bytes of written postings kept in memory, least recently used dropped first (default 0: none). */
  cacheBytes?: number;
  /**
   * Fields (key prefixes) whose terms in each written segment are few: listed in memory the first time
   * the segment is read for them, so a term a segment lacks costs no lookup.
   */
  listed?: string[];
}

/**
 * The segments as one part: the tables and their list (./lexical-segment-tables.ts), the reads and their
 * cache (./lexical-segment-reads.ts), the merges (./lexical-segment-merges.ts), the memory segment and the
 * written-through mark.
 */
export function createSegments(db: Database.Database, opts: SegmentsOptions): Segments {
  const memory = new MemorySegment();
  const reads = createSegmentReads(db, { cacheBytes: opts.cacheBytes, listed: opts.listed });
  const tables = createSegmentTables(db, { lengths: opts.lengths, changed: () => reads.clear() });
  const gate = createWriteGate(db);
  let through = 0;
  const setThrough = db.prepare('UPDATE segment_state SET written_through = ?');
  const merges = createSegmentMerges(db, tables, gate, { ...opts, through: () => through });
  const workers = Boolean(opts.file && opts.docs);

  return {
    memory,
    load() {
      through = db.prepare<[], { written_through: number }>('SELECT written_through FROM segment_state').get()!.written_through;
      tables.load();
      // Tables no segment lists: merges stopped halfway (the process ended, or was killed, during one).
      const nums = tables.unlisted(merges.making());
      if (nums.length === 0) return;
      for (const n of nums) tables.unregistered.add(n);
      if (!workers) gate.writeTx(() => { for (const n of nums) db.exec(`DROP TABLE seg_${n}`); });
      // Dropped by a worker (a big table takes long to drop: never on the caller's thread).
      else merges.collect(nums);
    },
    read(prefix, term) {
      const list = tables.list();
      const out: SegmentPostings[] = list.length ? reads.read(list, prefix, prefix + term) : [];
      const m = memory.get(prefix, term);
      if (m) out.push(Object.assign(m, { seg: 0 }));
      return out;
    },
    warmStep: (minPostings, budgetBytes) => reads.warmStep(tables.list(), minPostings, budgetBytes),
    needsWarm: () => reads.needsWarm(tables.list()),
    cacheStats: () => reads.stats(),
    reading: <T>(fn: () => T): T => (db.inTransaction ? fn() : db.transaction(fn)()),
    write(throughDoc) {
      gate.writeTx(() => {
        if (memory.postings() > 0) {
          tables.create(0, (put) => {
            for (const [t, m] of memory.all()) { const p = livePostings(m, opts.alive); if (p.n) put(t, p); }
          });
        }
        through = Math.max(through, throughDoc);
        setThrough.run(through);
      });
      memory.clear();
      merges.mergeFullLevels();
    },
    writtenThrough: () => through,
    setWrittenThrough(doc) { through = doc; gate.writing(() => setThrough.run(doc)); memory.maxDoc = doc; },
    maxDoc: () => Math.max(through, memory.maxDoc),
    noteDeleted() { /* postings of removed documents are skipped when read and dropped at the next merge */ },
    compact: () => merges.compact(),
    idle: () => merges.idle(),
    writing: gate.writing,
    stop: () => merges.stop(),
    dropAll() {
      merges.cancel();
      reads.clear();
      tables.dropAll();
      memory.clear();
      memory.maxDoc = 0;
    },
    count: () => tables.list().length,
  };
}
