/**
 * Reading the dense lists of the lexical index (./lexical-index.ts) into the postings cache, one bounded step
 * per turn of the event loop so that queries and writes go between steps; started after the index opens and
 * again by the first search after a merge.
 */
import type { DocTable } from './lexical-doc-table';
import type { Segments } from './lexical-segments';

/** A list is dense, and read into the cache ahead of queries, when its term is in this share of the chunks... */
const WARM_DENSE_SHARE = 1 / 20;
/** ...and it holds at least this many postings (shorter lists are quick to read when asked for). */
export const WARM_MIN_POSTINGS = 4096;

export function createWarming(segments: Segments, docs: DocTable, cacheBytes: number, closed: () => boolean, warmMinPostings = WARM_MIN_POSTINGS) {
  let warming: Promise<void> | null = null;
  /** The next step; it keeps the process alive only while someone awaits `warmed()` (a CLI run may end first). */
  let nextStep: NodeJS.Immediate | null = null;
  let awaited = false;
  const warm = (): Promise<void> => {
    if (warming) return warming;
    if (closed() || !segments.needsWarm()) return Promise.resolve();
    const minPostings = Math.max(warmMinPostings, Math.ceil(docs.live * WARM_DENSE_SHARE));
    const budget = Math.floor(cacheBytes * 0.75);
    warming = new Promise<void>((resolve) => {
      const later = () => {
        nextStep = setImmediate(step);
        if (!awaited) nextStep.unref();
      };
      const step = () => {
        let more = false;
        // A failed read here is not the index's failure: a query reads the list itself.
        try { more = !closed() && segments.reading(() => segments.warmStep(minPostings, budget)); } catch { more = false; }
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
  return { warm, warmed };
}
