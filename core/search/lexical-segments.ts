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
import { createSegmentTable, livePostings, startMergeWorker, writeMerged, type MergeWorker } from './lexical-merge';
import { MemorySegment } from './lexical-memory-segment';
import { decodePostings, encodePostings, encodingOf, SEGMENT_LAYOUT, type Postings, type SegmentPostings } from './lexical-postings';

const CURRENT_LAYOUT = SEGMENT_LAYOUT.packed;

const MERGE_FACTOR = 8;
/**
 * Merging by levels leaves up to MERGE_FACTOR - 1 segments per level (about 13 at 1 M chunks), and a query
 * looks every term up in each. At a quiet time every segment is merged into one when there are more than
 * COMPACT_MIN_SEGMENTS and those besides the largest hold at least 1 / COMPACT_TAIL_SHARE of the postings:
 * after a bulk load that is one segment; a trickle of small writes into a big index (a small tail) is left
 * to the levels until it is an eighth of the postings, so these merges rewrite about COMPACT_TAIL_SHARE
 * postings per posting written since the last one.
 */
const COMPACT_MIN_SEGMENTS = 4;
const COMPACT_TAIL_SHARE = 8;

interface Segment { seg: number; level: number; postings: number; layout: number; get: Database.Statement<[string], { n: number; docs: Buffer }> }

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

/** What happens to a merge, as it happens (tests wait for `started` to act while a merge runs; the index logs `failed`). */
export interface MergeEvent {
  phase: 'started' | 'done' | 'failed';
  /** `level`: a full level merged into the next; `compact`: every segment merged at a quiet time. */
  kind: 'level' | 'compact';
  /** The segments merged and the one made of them. */
  segments: number[];
  into: number;
  /** Postings in the merged segments (`done`: in the new one). */
  postings: number;
  /** Whether the merge ran in a worker thread (else inline, on the caller's thread). */
  worker: boolean;
  /** `done`: the whole merge, and the swap (register, drop the merged tables) on the caller's thread, in ms. */
  ms?: number;
  swapMs?: number;
  error?: Error;
}

export interface SegmentsOptions {
  alive: (doc: number) => boolean;
  /** Every document's length in the field of `prefix` (for the block bounds written with each term). */
  lengths?: (prefix: string) => ArrayLike<number>;
  /** Bytes of written postings kept in memory, least recently used dropped first (default 0: none). */
  cacheBytes?: number;
  /**
   * Fields (key prefixes) whose terms in each written segment are few: listed in memory the first time
   * the segment is read for them, so a term a segment lacks costs no lookup.
   */
  listed?: string[];
  /** The database file, for a merge worker's own connection; absent (a private temporary database): merges run inline. */
  file?: string;
  /**
   * The documents as a merge worker needs them (documents 0..`throughDoc`): 1 per live document, and per
   * field key prefix every document's length. Absent: merges run inline.
   */
  docs?: (throughDoc: number) => { alive: Uint8Array; lengths: Record<string, Uint32Array> };
  /** Merges of fewer postings run inline (a worker costs more than they do); default WORKER_MIN_POSTINGS. */
  workerMinPostings?: number;
  /** Told of every merge as it starts, ends and fails. */
  onMerge?: (event: MergeEvent) => void;
  /** Told what else went wrong in the background (a merged table a worker could not drop). */
  log?: (message: string) => void;
}

/**
 * Merges of fewer postings run inline. Measured on this 2-core machine under load (bench/lexical-merge-probe.ts,
 * 20,000 chunks): an inline merge costs about 0.25 µs of CPU per posting (8.9 M postings: 2.1 s), all of it
 * holding the event loop; a worker costs about 0.7 s of CPU to start (tsx and better-sqlite3 loaded in a fresh
 * thread) but 1-8 ms of the event loop's. Below 100,000 postings an inline merge holds the loop for about
 * 25 ms of CPU, the order of one search: cheaper than a thread that costs 30 times that. With the default
 * memory budget (4,000,000 postings per written segment) every level merge of a bulk load is far above it;
 * below it are tests, small indexes and the small segments written at quiet times.
 */
export const WORKER_MIN_POSTINGS = 100_000;
/** A merge worker's longest write transaction (a write of the index waits for it at most). */
const WORKER_BATCH_MS = 25;
/** Rows of a segment table looked at per warm-up step (their pages are read; blobs only for the dense ones). */
const WARM_ROWS = 500;

/** A segment holding more terms than this in a listed field (a few MB of strings) is looked up term by term, as the other fields. */
const MAX_LISTED_TERMS = 100_000;

export function createSegments(db: Database.Database, opts: SegmentsOptions): Segments {
  db.exec(`CREATE TABLE IF NOT EXISTS segments (seg INTEGER PRIMARY KEY, level INTEGER NOT NULL, postings INTEGER NOT NULL, layout INTEGER NOT NULL DEFAULT 2);
           CREATE TABLE IF NOT EXISTS segment_state (one INTEGER PRIMARY KEY CHECK (one = 1), written_through INTEGER NOT NULL);
           INSERT OR IGNORE INTO segment_state VALUES (1, 0);`);
  // An index written before layouts were recorded: every segment it holds is of layout 2.
  if (!db.prepare<[], { name: string }>('PRAGMA table_info(segments)').all().some((c) => c.name === 'layout')) {
    db.exec(`ALTER TABLE segments ADD COLUMN layout INTEGER NOT NULL DEFAULT ${SEGMENT_LAYOUT.withoutRowid}`);
  }
  const memory = new MemorySegment();
  /**
   * Postings read from written segments (which never change until dropped), by segment and key, null for
   * a term a segment does not hold; a Map's order is its use order. Common terms recur in queries and their
   * lists are the long ones to read.
   */
  const cache = new Map<string, SegmentPostings | null>();
  const cacheLimit = opts.cacheBytes ?? 0;
  let cached = 0;
  const cost = (p: Postings | null) => 64 + (p ? p.n * 5 + (p.minLen?.length ?? 0) * 5 : 0);
  const remember = (key: string, p: SegmentPostings | null) => {
    if (cacheLimit <= 0) return;
    cache.set(key, p);
    cached += cost(p);
    for (const [k, v] of cache) {
      if (cached <= cacheLimit) break;
      cache.delete(k);
      cached -= cost(v);
    }
  };
  /** Where reading dense lists into the cache stands: the segment (index in `list`) and row id reached, bytes read. */
  type WarmRow = { id: number; term: string; n: number; docs: Buffer };
  /** The segment being read: its window statement and last row id, made once per segment. */
  type WarmSegment = { seg: number; rows: Database.Statement<[number, number, number], WarmRow>; last: number };
  let warm = { at: 0, afterId: 0, bytes: 0, done: false, cur: null as WarmSegment | null };
  const forget = () => { cache.clear(); cached = 0; warm = { at: 0, afterId: 0, bytes: 0, done: false, cur: null }; };
  /**
   * Per segment and listed field, its terms (null: too many to list). A segment table never changes, so
   * its list holds until it is dropped. A lookup seeks through pages whose keys carry whole postings blobs
   * (SQLite reads them to compare): a term absent from most segments (a title word) cost one such seek per segment.
   */
  const lists = new Map<string, Set<string> | null>();
  const listOf = (s: Segment, prefix: string): Set<string> | null => {
    const lk = `${s.seg}\u0000${prefix}`;
    let terms = lists.get(lk);
    if (terms === undefined) {
      terms = new Set<string>();
      // Key order from the field's first key; a range bound would make SQLite compare (and read) every row's blob.
      for (const key of db.prepare<[string], string>(`SELECT term FROM seg_${s.seg} WHERE term >= ? ORDER BY term`).pluck().iterate(prefix)) {
        if (!key.startsWith(prefix)) break;
        if (terms.size >= MAX_LISTED_TERMS) { terms = null; break; }
        terms.add(key);
      }
      lists.set(lk, terms);
    }
    return terms;
  };
  const listedFields = new Set(opts.listed ?? []);
  let list: Segment[] = [];
  let through = 0;
  const setThrough = db.prepare('UPDATE segment_state SET written_through = ?');
  // Every layout answers the same statements (from layout 3 a table finds a term through its term index).
  const open = (seg: number, level: number, postings: number, layout: number): Segment =>
    ({ seg, level, postings, layout, get: db.prepare(`SELECT n, docs FROM seg_${seg} WHERE term = ?`) });

  /** Tables a merge made or is making that are not registered yet: their numbers are not given to other segments. */
  const unregistered = new Set<number>();
  const nextSeg = () => Math.max(db.prepare<[], { m: number | null }>('SELECT max(seg) AS m FROM segments').get()!.m ?? 0, ...unregistered) + 1;

  /** Pending writes of this connection (a merge worker gives way while above 0; see `writing`). */
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const writing = <T>(fn: () => T): T => {
    Atomics.add(pause, 0, 1);
    try {
      return fn();
    } finally {
      Atomics.sub(pause, 0, 1);
      Atomics.notify(pause, 0);
    }
  };
  /** A write transaction: immediate (a deferred one that read first could not take the lock after a worker's commit). */
  const writeTx = <T>(fn: () => T): T => writing(() => db.transaction(fn).immediate());

  /** Writes sorted (term, postings) pairs into a new segment table; returns its number and posting count. */
  const create = (level: number, fill: (put: (term: string, p: Postings) => void) => void): Segment => {
    const seg = nextSeg();
    createSegmentTable(db, seg);
    const ins = db.prepare(`INSERT INTO seg_${seg} (term, n, docs) VALUES (?, ?, ?)`);
    let total = 0;
    fill((term, p) => {
      ins.run(term, p.n, encodePostings(p.docs, p.tfs, p.n, opts.lengths?.(term[0])));
      total += p.n;
    });
    db.prepare('INSERT INTO segments (seg, level, postings, layout) VALUES (?, ?, ?, ?)').run(seg, level, total, CURRENT_LAYOUT);
    return open(seg, level, total, CURRENT_LAYOUT);
  };

  const drop = (s: Segment) => {
    forget();
    lists.clear();
    db.exec(`DROP TABLE IF EXISTS seg_${s.seg}`);
    db.prepare('DELETE FROM segments WHERE seg = ?').run(s.seg);
  };

  /** Only live documents' postings of `p`. */
  const live = (p: Postings): Postings => livePostings(p, opts.alive);

  /**
   * The merged table `into` registered in place of `group` (in the caller's transaction): the merged
   * tables dropped (or, `dropTables` false, only unlisted: a merge worker drops them), the segment list and
   * the kept postings made new.
   */
  const swapIn = (group: Segment[], into: number, level: number, postings: number, dropTables = true) => {
    db.prepare('INSERT INTO segments (seg, level, postings, layout) VALUES (?, ?, ?, ?)').run(into, level, postings, CURRENT_LAYOUT);
    if (dropTables) for (const s of group) drop(s);
    else {
      // Listed nowhere from now on; the worker drops the tables (a DROP TABLE reads every page of a table: long for a big one).
      forget();
      lists.clear();
      const unlist = db.prepare('DELETE FROM segments WHERE seg = ?');
      for (const s of group) unlist.run(s.seg);
    }
    // In the place of the first merged segment: the list stays in document order (segments written during a worker merge come after it).
    const at = list.findIndex((s) => group.includes(s));
    const rest = list.filter((s) => !group.includes(s));
    rest.splice(at < 0 ? rest.length : at, 0, open(into, level, postings, CURRENT_LAYOUT));
    list = rest;
  };

  const workerMin = opts.workerMinPostings ?? WORKER_MIN_POSTINGS;
  const workers = Boolean(opts.file && opts.docs);
  /** The running merge (one at a time): running until its worker has ended (after dropping the merged tables). */
  let running: { into: number; worker: MergeWorker | null; result: Promise<Error | null>; ended: Promise<void>; cancelled: boolean } | null = null;
  /** Merges being stopped (their workers ending). */
  const stopping = new Set<Promise<void>>();
  /** Tables no segment lists (a merge stopped halfway): the next worker drops them. */
  const garbage = new Set<number>();
  /** A merge failed: level merges wait for the next quiet time (`compact`), which tries again. */
  let stalled = false;
  let quietWaiting = false;
  let lastFailure: Error | null = null;
  let stopped = false;

  /**
   * Merges `group` into one segment of `level`: inline when small (done when this returns), else in a worker
   * (`group` empty: a worker that only drops the garbage). Resolves once the new segment is in place (null) or
   * the merge failed (its error; level merges then wait for the next quiet time); `onMerge` is told either way.
   */
  const merge = (group: Segment[], level: number, kind: MergeEvent['kind']): Promise<Error | null> => {
    const into = nextSeg();
    const postings = group.reduce((a, s) => a + s.postings, 0);
    const inWorker = workers && (postings >= workerMin || group.length === 0);
    const event = (phase: MergeEvent['phase'], more: Partial<MergeEvent> = {}) => {
      if (group.length) opts.onMerge?.({ phase, kind, segments: group.map((s) => s.seg), into, postings, worker: inWorker, ...more });
    };
    const t0 = performance.now();
    const failed = (e: unknown): Error => {
      const error = e instanceof Error ? e : new Error(String(e));
      stalled = true;
      lastFailure = error;
      event('failed', { error });
      return error;
    };
    if (!inWorker) {
      event('started');
      try {
        let made = 0;
        writeTx(() => {
          made = writeMerged(db, group.map((s) => s.seg), into, { alive: opts.alive, lengths: opts.lengths });
          swapIn(group, into, level, made);
        });
        event('done', { postings: made, ms: performance.now() - t0, swapMs: 0 });
        return Promise.resolve(null);
      } catch (e) {
        return Promise.resolve(failed(e));
      }
    }
    const { alive, lengths } = group.length ? opts.docs!(through) : { alive: new Uint8Array(0), lengths: {} };
    unregistered.add(into);
    const drop = [...garbage];
    garbage.clear();
    const worker = startMergeWorker({
      file: opts.file!, sources: group.map((s) => s.seg), into, drop, alive, lengths, pause: pause.buffer as SharedArrayBuffer, batchMs: WORKER_BATCH_MS,
    }, (message) => opts.log?.(`Could not drop a merged segment table of the lexical search index (${message}); dropped at the next start`));
    const job = { into, worker, result: Promise.resolve<Error | null>(null), ended: worker.ended, cancelled: false };
    void worker.started.then(() => { if (!job.cancelled) event('started'); });
    job.result = group.length === 0 ? worker.ended.then(() => null) : worker.done.then(
      (made) => {
        if (job.cancelled) return new Error('the merge was stopped (the index was closed or cleared)');
        const t1 = performance.now();
        try {
          writeTx(() => swapIn(group, into, level, made, false));
        } catch (e) {
          worker.reply({ type: 'abandon' });
          return failed(e);
        }
        unregistered.delete(into);
        // The merged tables are listed nowhere now: the worker drops them, a few rows at a time.
        worker.reply({ type: 'swapped' });
        event('done', { postings: made, ms: t1 - t0, swapMs: performance.now() - t1 });
        return null;
      },
      (e: unknown) => (job.cancelled ? new Error('the merge was stopped (the index was closed or cleared)') : failed(e)),
    );
    void job.result.then(() => worker.ended).finally(() => {
      if (running !== job) return;
      running = null;
      // A quiet time waiting for this merge decides what comes next (everything merged into one, or the levels).
      if (!quietWaiting) mergeFullLevels();
    });
    running = job;
    return job.result;
  };

  /**
   * Starts merging the lowest full level (and the next ones, while merges run inline), unless a merge runs or
   * failed; with nothing to merge, a worker drops the garbage there is.
   */
  const mergeFullLevels = () => {
    for (let level = 0; !running && !stalled && !stopped; level++) {
      const atLevel = list.filter((s) => s.level === level);
      if (atLevel.length === 0 && !list.some((s) => s.level > level)) break;
      if (atLevel.length >= MERGE_FACTOR) void merge(atLevel, level + 1, 'level');
    }
    if (!running && !stopped && garbage.size) void merge([], 0, 'level');
  };

  /** Resolves once no merge runs (merges started after one ends included). */
  const idle = async () => {
    while (running) {
      const job = running;
      await job.result;
      await job.ended;
    }
  };

  /** Numbers of the segment tables no segment lists. */
  const unlisted = () => {
    const listed = new Set(list.map((s) => s.seg));
    if (running) listed.add(running.into);
    return db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'seg_[0-9]*'").pluck().all()
      .map((name) => Number(name.slice(4))).filter((n) => !listed.has(n));
  };

  /** Stops the running merge: its worker ended (its table is garbage, dropped by the next worker or at the next start). */
  const cancel = () => {
    const job = running;
    if (!job) return;
    job.cancelled = true;
    running = null;
    const gone = (async () => {
      await job.worker?.stop();
      if (db.open) for (const n of unlisted()) { garbage.add(n); unregistered.add(n); }
    })();
    stopping.add(gone);
    void gone.finally(() => stopping.delete(gone));
  };

  return {
    memory,
    load() {
      through = db.prepare<[], { written_through: number }>('SELECT written_through FROM segment_state').get()!.written_through;
      // In document order: levels never rise along it, and within a level the older segment has the lower number
      // (a merge's segment is numbered when it starts, before the segments written while it runs).
      list = db.prepare<[], { seg: number; level: number; postings: number; layout: number }>('SELECT seg, level, postings, layout FROM segments ORDER BY level DESC, seg').all()
        .map((r) => open(r.seg, r.level, r.postings, r.layout));
      // Tables no segment lists: merges stopped halfway (the process ended, or was killed, during one).
      const nums = unlisted();
      if (nums.length === 0) return;
      for (const n of nums) unregistered.add(n);
      if (!workers) writeTx(() => { for (const n of nums) db.exec(`DROP TABLE seg_${n}`); });
      else {
        // Dropped by a worker (a big table takes long to drop: never on the caller's thread).
        for (const n of nums) garbage.add(n);
        mergeFullLevels();
      }
    },
    read(prefix, term) {
      const out: SegmentPostings[] = [];
      if (list.length) {
        const key = prefix + term;
        const listedField = listedFields.has(prefix);
        for (const s of list) {
          const ck = `${s.seg}\u0000${key}`;
          let p = cache.get(ck);
          if (p === undefined && listedField && listOf(s, prefix)?.has(key) === false) continue;
          if (p === undefined) {
            const r = s.get.get(key);
            p = r ? Object.assign(decodePostings(r.docs, r.n, encodingOf(s.layout)), { seg: s.seg }) : null;
            remember(ck, p);
          } else { cache.delete(ck); cache.set(ck, p); }
          if (p) out.push(p);
        }
      }
      const m = memory.get(prefix, term);
      if (m) out.push(Object.assign(m, { seg: 0 }));
      return out;
    },
    warmStep(minPostings, budgetBytes) {
      if (warm.done) return false;
      const budget = Math.min(budgetBytes, cacheLimit);
      // Layout-2 tables have no row ids to step through (they are rewritten at the next quiet time).
      while (warm.at < list.length && list[warm.at].layout === SEGMENT_LAYOUT.withoutRowid) { warm.at++; warm.afterId = 0; }
      if (warm.at >= list.length || warm.bytes >= budget) { warm.done = true; return false; }
      const s = list[warm.at];
      if (warm.cur?.seg !== s.seg) {
        warm.cur = {
          seg: s.seg,
          // A window of row ids: the rows' lengths are read from the table's pages, the long blobs only for the dense rows.
          rows: db.prepare<[number, number, number], WarmRow>(`SELECT id, term, n, docs FROM seg_${s.seg} WHERE id > ? AND id <= ? AND n >= ? ORDER BY id`),
          last: db.prepare<[], number | null>(`SELECT max(id) FROM seg_${s.seg}`).pluck().get() ?? 0,
        };
      }
      const rows = warm.cur.rows.all(warm.afterId, warm.afterId + WARM_ROWS, minPostings);
      for (const r of rows) {
        const ck = `${s.seg}\u0000${r.term}`;
        if (cache.has(ck)) continue;
        const p = Object.assign(decodePostings(r.docs, r.n, encodingOf(s.layout)), { seg: s.seg });
        remember(ck, p);
        warm.bytes += cost(p);
      }
      warm.afterId += WARM_ROWS;
      if (warm.afterId >= warm.cur.last) { warm.at++; warm.afterId = 0; }
      return true;
    },
    needsWarm: () => !warm.done && list.length > 0,
    cacheStats: () => ({ entries: cache.size, bytes: cached }),
    reading: <T>(fn: () => T): T => (db.inTransaction ? fn() : db.transaction(fn)()),
    write(throughDoc) {
      writeTx(() => {
        if (memory.postings() > 0) {
          const made = create(0, (put) => {
            for (const [t, m] of memory.all()) { const p = live(m); if (p.n) put(t, p); }
          });
          list.push(made);
        }
        through = Math.max(through, throughDoc);
        setThrough.run(through);
      });
      memory.clear();
      mergeFullLevels();
    },
    writtenThrough: () => through,
    setWrittenThrough(doc) { through = doc; writing(() => setThrough.run(doc)); memory.maxDoc = doc; },
    maxDoc: () => Math.max(through, memory.maxDoc),
    noteDeleted() { /* postings of removed documents are skipped when read and dropped at the next merge */ },
    async compact() {
      quietWaiting = true;
      try {
        // Checked again after each wait, with nothing awaited between the check and the merge below: two quiet
        // times that waited for the same merge would otherwise both merge the same list, and the second would read
        // tables the first had dropped ("no such table: seg_N").
        while (running) await idle();
      } finally {
        quietWaiting = false;
      }
      stalled = false;
      if (stopped || list.length === 0) return false;
      const old = list.some((s) => s.layout !== CURRENT_LAYOUT);
      const total = list.reduce((a, s) => a + s.postings, 0);
      const largest = Math.max(...list.map((s) => s.postings));
      if (!old && (list.length <= COMPACT_MIN_SEGMENTS || (total - largest) * COMPACT_TAIL_SHARE < total)) {
        // Not worth one segment; levels left full by a failed merge are merged now.
        lastFailure = null;
        mergeFullLevels();
        await idle();
        if (lastFailure) throw lastFailure;
        return false;
      }
      const error = await merge([...list], Math.max(...list.map((s) => s.level)) + 1, 'compact');
      if (error) throw error;
      return true;
    },
    idle,
    writing,
    async stop() {
      stopped = true;
      cancel();
      await Promise.all([...stopping]);
    },
    dropAll() {
      cancel();
      forget();
      for (const s of [...list]) drop(s);
      list = [];
      memory.clear();
      memory.maxDoc = 0;
    },
    count: () => list.length,
  };
}
