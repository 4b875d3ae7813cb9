/**
 * The merge worker (see ./lexical-merge.ts): opens the index file, writes the merged segment table in short
 * transactions and gives way between them while the index's connection has a write waiting. It never touches
 * the `segments` registry: once told the index swapped its table in, it drops the merged tables (by then
 * listed nowhere), a few rows at a time; told to abandon it, or failing, it drops its own table.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { dropInBatches, writeMerged, type MergeWorkerInput, type MergeWorkerMessage, type MergeWorkerReply } from './lexical-merge';

const input = workerData as MergeWorkerInput;
const post = (m: MergeWorkerMessage) => parentPort!.postMessage(m);
const pause = new Int32Array(input.pause);

/** Waits while the index has a write waiting (it then takes SQLite's write lock at once). */
const giveWay = () => {
  for (let v = Atomics.load(pause, 0); v > 0; v = Atomics.load(pause, 0)) Atomics.wait(pause, 0, v, 100);
};

// The index's own writes can be long (a segment of millions of postings): waited for, not failed.
const db = new Database(input.file, { timeout: 600_000 });
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -32768');
db.pragma('temp_store = FILE');

let since = 0;
/** Ends the current batch when it has run BATCH_MS: commits, waits while the index has a write waiting, starts the next. */
const nextBatch = (now = false) => {
  if (!now && performance.now() - since < input.batchMs) return;
  db.exec('COMMIT');
  giveWay();
  db.exec('BEGIN IMMEDIATE');
  since = performance.now();
};
const inBatches = (fn: () => void) => {
  giveWay();
  db.exec('BEGIN IMMEDIATE');
  since = performance.now();
  try {
    fn();
    db.exec('COMMIT');
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
};
const drop = (segs: number[]) => {
  for (const seg of segs) {
    try {
      inBatches(() => dropInBatches(db, seg, () => nextBatch()));
    } catch (e) {
      post({ type: 'dropFailed', message: `seg_${seg}: ${(e as Error).message}` });
    }
  }
};

try {
  let garbage = input.drop;
  if (input.sources.length) {
    let postings = 0;
    try {
      inBatches(() => {
        postings = writeMerged(db, input.sources, input.into, { alive: (d) => input.alive[d] === 1, lengths: (prefix) => input.lengths[prefix] }, {
          // The table exists (committed, not listed) before any postings are written: `started` tells the index so.
          created: () => { nextBatch(true); post({ type: 'started' }); },
          afterRow: () => nextBatch(),
        });
      });
    } catch (e) {
      const err = e as Error;
      post({ type: 'failed', message: err.message, stack: err.stack });
      drop([input.into, ...input.drop]);
      throw null;
    }
    post({ type: 'done', postings });
    const reply = await new Promise<MergeWorkerReply>((resolve) => parentPort!.once('message', resolve));
    garbage = reply.type === 'swapped' ? [...input.sources, ...garbage] : [input.into, ...garbage];
  }
  drop(garbage);
} catch (e) {
  if (e !== null) post({ type: 'failed', message: (e as Error).message, stack: (e as Error).stack });
} finally {
  db.close();
}
