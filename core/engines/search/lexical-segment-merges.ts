/**
 * Merging the segments of the lexical index (./lexical-segments.ts): full levels merged into the next,
 * everything merged into one at a quiet time, inline when small or in a worker thread (one merge at a
 * time), stopped merges' tables collected as garbage for the next worker.
 */
import type Database from 'better-sqlite3';
import { startMergeWorker, writeMerged, type MergeWorker } from './lexical-merge';
import type { MergeEvent, MergeOptions } from './lexical-merge-events';
import { CURRENT_LAYOUT, type Segment, type SegmentTables, type WriteGate } from './lexical-segment-tables';

export type { MergeEvent, MergeOptions } from './lexical-merge-events';

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

type Job = { into: number; worker: MergeWorker | null; result: Promise<Error | null>; ended: Promise<void>; cancelled: boolean };

export interface SegmentMerges {
  /** Starts merging the lowest full level (and the next ones, while merges run inline), unless a merge runs or failed. */
  mergeFullLevels(): void;
  /** Segments.compact. */
  compact(): Promise<boolean>;
  /** Resolves once no merge runs (merges started after one ends included). */
  idle(): Promise<void>;
  /** Tables no segment lists, dropped by the next worker. */
  collect(nums: number[]): void;
  /** Stops the running merge: its worker ended (its table is garbage, dropped by the next worker or at the next start). */
  cancel(): void;
  /** The table the running merge makes, if one runs. */
  making(): number | undefined;
  /** Stops merging for good: the running merge stopped, none started after. */
  stop(): Promise<void>;
}

type Options = MergeOptions & { through: () => number };

/** What to merge and where to tell how it went. */
interface MergeRun {
  db: Database.Database;
  tables: SegmentTables;
  gate: WriteGate;
  opts: Options;
  group: Segment[];
  into: number;
  level: number;
  event: (phase: MergeEvent['phase'], more?: Partial<MergeEvent>) => void;
  failed: (e: unknown) => Error;
}

/** The policy: which merges to start (full levels; everything at a quiet time), stopped after a failure until the next quiet time. */
export function createSegmentMerges(db: Database.Database, tables: SegmentTables, gate: WriteGate, opts: Options): SegmentMerges {
  /** A merge failed: level merges wait for the next quiet time (`compact`), which tries again. */
  let stalled = false;
  let quietWaiting = false;
  let lastFailure: Error | null = null;
  let stopped = false;
  const runner = createMergeRunner(db, tables, gate, opts, {
    failed(error) { stalled = true; lastFailure = error; },
    // A quiet time waiting for this merge decides what comes next (everything merged into one, or the levels).
    ended() { if (!quietWaiting) mergeFullLevels(); },
  });

  const mergeFullLevels = () => {
    for (let level = 0; !runner.running() && !stalled && !stopped; level++) {
      const atLevel = tables.list().filter((s) => s.level === level);
      if (atLevel.length === 0 && !tables.list().some((s) => s.level > level)) break;
      if (atLevel.length >= MERGE_FACTOR) void runner.merge(atLevel, level + 1, 'level');
    }
    if (!runner.running() && !stopped && runner.hasGarbage()) void runner.merge([], 0, 'level');
  };

  const compact = async (): Promise<boolean> => {
    quietWaiting = true;
    try {
      // Checked again after each wait, with nothing awaited between the check and the merge below: two quiet
      // times that waited for the same merge would otherwise both merge the same list, and the second would read
      // tables the first had dropped ("no such table: seg_N").
      while (runner.running()) await runner.idle();
    } finally {
      quietWaiting = false;
    }
    stalled = false;
    const list = tables.list();
    if (stopped || list.length === 0) return false;
    if (!worthOneSegment(list)) {
      // Not worth one segment; levels left full by a failed merge are merged now.
      lastFailure = null;
      mergeFullLevels();
      await runner.idle();
      if (lastFailure) throw lastFailure;
      return false;
    }
    const error = await runner.merge([...list], Math.max(...list.map((s) => s.level)) + 1, 'compact');
    if (error) throw error;
    return true;
  };

  return {
    mergeFullLevels,
    compact,
    idle: runner.idle,
    collect(nums) {
      runner.collect(nums);
      mergeFullLevels();
    },
    cancel: runner.cancel,
    making: runner.making,
    async stop() {
      stopped = true;
      await runner.stop();
    },
  };
}

/** Whether merging every segment into one is worth its cost (see `COMPACT_*`), or a segment is of an earlier layout. */
function worthOneSegment(list: Segment[]): boolean {
  const old = list.some((s) => s.layout !== CURRENT_LAYOUT);
  const total = list.reduce((a, s) => a + s.postings, 0);
  const largest = Math.max(...list.map((s) => s.postings));
  return old || (list.length > COMPACT_MIN_SEGMENTS && (total - largest) * COMPACT_TAIL_SHARE >= total);
}

/** The merges that run: one at a time, the one running, those being stopped, the garbage tables the next worker drops. */
function createMergeRunner(db: Database.Database, tables: SegmentTables, gate: WriteGate, opts: Options, hooks: { failed(error: Error): void; ended(): void }) {
  const workerMin = opts.workerMinPostings ?? WORKER_MIN_POSTINGS;
  const workers = Boolean(opts.file && opts.docs);
  /** The running merge (one at a time): running until its worker has ended (after dropping the merged tables). */
  let running: Job | null = null;
  /** Merges being stopped (their workers ending). */
  const stopping = new Set<Promise<void>>();
  /** Tables no segment lists (a merge stopped halfway): the next worker drops them. */
  const garbage = new Set<number>();

  /**
   * Merges `group` into one segment of `level`: inline when small (done when this returns), else in a worker
   * (`group` empty: a worker that only drops the garbage). Resolves once the new segment is in place (null) or
   * the merge failed (its error; level merges then wait for the next quiet time); `onMerge` is told either way.
   */
  const merge = (group: Segment[], level: number, kind: MergeEvent['kind']): Promise<Error | null> => {
    const into = tables.nextSeg();
    const postings = group.reduce((a, s) => a + s.postings, 0);
    const inWorker = workers && (postings >= workerMin || group.length === 0);
    const event = (phase: MergeEvent['phase'], more: Partial<MergeEvent> = {}) => {
      if (group.length) opts.onMerge?.({ phase, kind, segments: group.map((s) => s.seg), into, postings, worker: inWorker, ...more });
    };
    const failed = (e: unknown): Error => {
      const error = e instanceof Error ? e : new Error(String(e));
      hooks.failed(error);
      event('failed', { error });
      return error;
    };
    const run: MergeRun = { db, tables, gate, opts, group, into, level, event, failed };
    if (!inWorker) return mergeInline(run);
    const drop = [...garbage];
    garbage.clear();
    const job = startWorkerMerge(run, drop);
    void job.result.then(() => job.ended).finally(() => {
      if (running !== job) return;
      running = null;
      hooks.ended();
    });
    running = job;
    return job.result;
  };

  const idle = async () => {
    while (running) {
      const job = running;
      await job.result;
      await job.ended;
    }
  };

  const making = () => running?.into;
  const cancel = () => {
    const job = running;
    if (!job) return;
    job.cancelled = true;
    running = null;
    const gone = (async () => {
      await job.worker?.stop();
      if (db.open) for (const n of tables.unlisted(making())) { garbage.add(n); tables.unregistered.add(n); }
    })();
    stopping.add(gone);
    void gone.finally(() => stopping.delete(gone));
  };

  return {
    merge,
    idle,
    cancel,
    making,
    running: () => running !== null,
    hasGarbage: () => garbage.size > 0,
    collect(nums: number[]) { for (const n of nums) garbage.add(n); },
    async stop() {
      cancel();
      await Promise.all([...stopping]);
    },
  };
}

/** A merge on the caller's thread, in one write transaction with the swap. */
function mergeInline({ db, tables, gate, opts, group, into, level, event, failed }: MergeRun): Promise<Error | null> {
  const t0 = performance.now();
  event('started');
  try {
    let made = 0;
    gate.writeTx(() => {
      made = writeMerged(db, group.map((s) => s.seg), into, { alive: opts.alive, lengths: opts.lengths });
      tables.swapIn(group, into, level, made);
    });
    event('done', { postings: made, ms: performance.now() - t0, swapMs: 0 });
    return Promise.resolve(null);
  } catch (e) {
    return Promise.resolve(failed(e));
  }
}

/** A merge in a worker thread (which also drops the tables `drop`); swapped in on the caller's thread when the worker is done. */
function startWorkerMerge({ tables, gate, opts, group, into, level, event, failed }: MergeRun, drop: number[]): Job {
  const t0 = performance.now();
  const { alive, lengths } = group.length ? opts.docs!(opts.through()) : { alive: new Uint8Array(0), lengths: {} };
  tables.unregistered.add(into);
  const worker = startMergeWorker({
    file: opts.file!, sources: group.map((s) => s.seg), into, drop, alive, lengths, pause: gate.pause, batchMs: WORKER_BATCH_MS,
  }, (message) => opts.log?.(`Could not drop a merged segment table of the lexical search index (${message}); dropped at the next start`));
  const job: Job = { into, worker, result: Promise.resolve<Error | null>(null), ended: worker.ended, cancelled: false };
  void worker.started.then(() => { if (!job.cancelled) event('started'); });
  job.result = group.length === 0 ? worker.ended.then(() => null) : worker.done.then(
    (made) => {
      if (job.cancelled) return new Error('the merge was stopped (the index was closed or cleared)');
      const t1 = performance.now();
      try {
        gate.writeTx(() => tables.swapIn(group, into, level, made, false));
      } catch (e) {
        worker.reply({ type: 'abandon' });
        return failed(e);
      }
      tables.unregistered.delete(into);
      // The merged tables are listed nowhere now: the worker drops them, a few rows at a time.
      worker.reply({ type: 'swapped' });
      event('done', { postings: made, ms: t1 - t0, swapMs: performance.now() - t1 });
      return null;
    },
    (e: unknown) => (job.cancelled ? new Error('the merge was stopped (the index was closed or cleared)') : failed(e)),
  );
  return job;
}
