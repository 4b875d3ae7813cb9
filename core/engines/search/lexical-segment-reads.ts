/**
 * Reading postings from the written segments of the lexical index (./lexical-segments.ts): the postings
 * cache (least recently used dropped first), the per-segment term lists of the listed fields, and the
 * bounded warm-up that reads the dense lists into the cache. Its state is what was read from tables that
 * never change until dropped: `clear()` when the segment list changes.
 */
import type Database from 'better-sqlite3';
import { decodePostings, encodingOf, SEGMENT_LAYOUT, type Postings, type SegmentPostings } from './lexical-postings';
import type { Segment } from './lexical-segment-tables';

/** Rows of a segment table looked at per warm-up step (their pages are read; blobs only for the dense ones). */
const WARM_ROWS = 500;
/** A segment holding more terms than this in a listed field (a few MB of strings) is looked up term by term, as the other fields. */
const MAX_LISTED_TERMS = 100_000;

type WarmRow = { id: number; term: string; n: number; docs: Buffer };
/** The segment being read: its window statement and last row id, made once per segment. */
type WarmSegment = { seg: number; rows: Database.Statement<[number, number, number], WarmRow>; last: number };
/** Where reading dense lists into the cache stands: the segment (index in the list) and row id reached, bytes read. */
type Warm = { at: number; afterId: number; bytes: number; done: boolean; cur: WarmSegment | null };

export interface SegmentReads {
  /** The postings of `key` (field prefix + term) in every written segment of `list` that has it. */
  read(list: Segment[], prefix: string, key: string): SegmentPostings[];
  /** One bounded step of the warm-up (Segments.warmStep). */
  warmStep(list: Segment[], minPostings: number, budgetBytes: number): boolean;
  needsWarm(list: Segment[]): boolean;
  stats(): { entries: number; bytes: number };
  /** Forgets the cache, the term lists and the warm-up's place (the segment list changed). */
  clear(): void;
}

const cost = (p: Postings | null) => 64 + (p ? p.n * 5 + (p.minLen?.length ?? 0) * 5 : 0);
const fresh = (): Warm => ({ at: 0, afterId: 0, bytes: 0, done: false, cur: null });

export function createSegmentReads(db: Database.Database, opts: { cacheBytes?: number; listed?: string[] }): SegmentReads {
  /**
   * Postings read from written segments (which never change until dropped), by segment and key, null for
   * a term a segment does not hold; a Map's order is its use order. Common terms recur in queries and their
   * lists are the long ones to read.
   */
  const cache = new Map<string, SegmentPostings | null>();
  const cacheLimit = opts.cacheBytes ?? 0;
  let cached = 0;
  let warm = fresh();
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
  const listOf = createTermLists(db);
  const listedFields = new Set(opts.listed ?? []);

  const read = (list: Segment[], prefix: string, key: string): SegmentPostings[] => {
    const out: SegmentPostings[] = [];
    const listedField = listedFields.has(prefix);
    for (const s of list) {
      const ck = `${s.seg}\u0000${key}`;
      let p = cache.get(ck);
      if (p === undefined && listedField && listOf.get(s, prefix)?.has(key) === false) continue;
      if (p === undefined) {
        const r = s.get.get(key);
        p = r ? Object.assign(decodePostings(r.docs, r.n, encodingOf(s.layout)), { seg: s.seg }) : null;
        remember(ck, p);
      } else { cache.delete(ck); cache.set(ck, p); }
      if (p) out.push(p);
    }
    return out;
  };

  const warmStep = (list: Segment[], minPostings: number, budgetBytes: number): boolean => {
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
    for (const r of warm.cur.rows.all(warm.afterId, warm.afterId + WARM_ROWS, minPostings)) {
      const ck = `${s.seg}\u0000${r.term}`;
      if (cache.has(ck)) continue;
      const p = Object.assign(decodePostings(r.docs, r.n, encodingOf(s.layout)), { seg: s.seg });
      remember(ck, p);
      warm.bytes += cost(p);
    }
    warm.afterId += WARM_ROWS;
    if (warm.afterId >= warm.cur.last) { warm.at++; warm.afterId = 0; }
    return true;
  };

  return {
    read,
    warmStep,
    needsWarm: (list) => !warm.done && list.length > 0,
    stats: () => ({ entries: cache.size, bytes: cached }),
    clear() { cache.clear(); cached = 0; warm = fresh(); listOf.clear(); },
  };
}

/**
 * Per segment and listed field, its terms (null: too many to list). A segment table never changes, so
 * its list holds until it is dropped. A lookup seeks through pages whose keys carry whole postings blobs
 * (SQLite reads them to compare): a term absent from most segments (a title word) cost one such seek per segment.
 */
function createTermLists(db: Database.Database) {
  const lists = new Map<string, Set<string> | null>();
  const get = (s: Segment, prefix: string): Set<string> | null => {
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
  return { get, clear: () => lists.clear() };
}
