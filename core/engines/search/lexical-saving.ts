/**
 * When the lexical index (./lexical-index.ts) writes its in-memory segment: when it holds `memoryLimit`
 * postings, after `saveDelay` without changes (then, once the changes stop, every segment merged at a quiet
 * time), on flush and at close. Its state: the timer, the last change, closed.
 */
import { AppError } from '../../foundation/errors';
import type { Segments } from './lexical-segments';

export interface SavingOptions {
  /** The index file, for messages. */
  where: string;
  saveDelay: number;
  memoryLimit: number;
  log: (message: string) => void;
  onSaved?: () => void;
  /** Told when a quiet time is over, with the chunks held then. */
  onQuiet?: () => void;
}

export function createSaving(segments: Segments, o: SavingOptions) {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** When the last change came: the merge of every segment waits for a quiet time (no change for saveDelay). */
  let lastChange = 0;
  const stopTimer = () => { if (timer) { clearTimeout(timer); timer = null; } };

  const save = () => {
    stopTimer();
    if (closed || segments.memory.postings() === 0) return;
    try {
      segments.write(segments.maxDoc());
    } catch (e) {
      throw new AppError('internal', `Could not save the lexical search index to ${o.where}: ${(e as Error).message}`, { cause: e });
    }
    o.onSaved?.();
  };

  /** Writes the memory segment, then merges segments as at a quiet time (in a worker when big: awaited, the event loop free). */
  const quiet = async () => {
    save();
    if (closed) return;
    try {
      await segments.compact();
    } catch (e) {
      throw new AppError('internal', `Could not merge the lexical search index in ${o.where}: ${(e as Error).message}`, { cause: e });
    }
    // The merged tables are dropped by the worker after the swap: done before this resolves (a close would stop it).
    await segments.idle();
  };

  const tick = (delay: number) => {
    timer = setTimeout(() => {
      timer = null;
      try {
        save();
      } catch (e) {
        // Kept in memory and in the chunk rows: written at the next change, flush or close.
        o.log((e as Error).message);
        return;
      }
      if (closed) return;
      // Changes still coming (a bulk import): saved, but every segment is merged into one only once they stop
      // (merging the whole index every second of an import held the event loop and SQLite's lock); full levels
      // are merged as they fill meanwhile.
      const quietFor = performance.now() - lastChange;
      if (quietFor < o.saveDelay) { tick(o.saveDelay - quietFor); return; }
      // A failed merge keeps its segments and is logged (the index's onMerge); tried again at the next quiet time.
      segments.compact().catch(() => {}).then(() => segments.idle()).then(() => { if (!closed) o.onQuiet?.(); }, () => {});
    }, delay);
    timer.unref?.();
  };

  /** A change was made: saved when memory is full, else after the quiet time. */
  const schedule = () => {
    lastChange = performance.now();
    if (segments.memory.postings() >= o.memoryLimit) { save(); return; }
    if (timer) return;
    tick(o.saveDelay);
  };

  return { save, quiet, schedule, stopTimer, closed: () => closed, markClosed() { closed = true; } };
}
