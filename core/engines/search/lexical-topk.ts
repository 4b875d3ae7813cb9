/**
 * The k best documents of one field for a query's terms by BM25, two ways
 * that give the same answer:
 *
 * - `exhaustiveTopK` scores every posting of every term (the reference);
 * - `prunedTopK` skips what cannot reach the top k (MaxScore, per segment:
 *   a document's postings are all in one segment). Each list's bound is
 *   the best score any of its blocks can give (shortest length, highest
 *   frequency in the block: lexical-postings.ts); once the k-th best score
 *   so far is above the summed bounds of the weakest lists, those lists
 *   only add to documents found through the others, read by skipping
 *   ahead, and a document is dropped as soon as its score plus what the
 *   lists not read yet can add stays below the k-th best. The others (the
 *   essential lists) are summed a window of WINDOW document numbers at a
 *   time, list after list, into an array.
 *
 * Same answer means same scores to the bit: a document's score is summed
 * term by term in query order, as the reference does; bounds are compared
 * with a margin far above rounding error, so no document that could tie is
 * dropped. Ties go to the lower document number in both.
 */
import { blockBounds, type Postings } from './lexical-postings';
import { topK, type Scored } from './top-k';

export interface TermPostings {
  /** The term's weight (BM25 idf). */
  idf: number;
  /** Its postings, one list per segment holding it; `seg` names the segment. */
  lists: Array<Postings & { seg: number }>;
}

export interface FieldStats {
  /** Field length of every document. */
  lengths: ArrayLike<number>;
  /** 1 for a live document. */
  alive: ArrayLike<number>;
  avg: number;
  k1: number;
  b: number;
}

/** Postings scored so far by either function (for tests and benchmarks: how much pruning skips). */
export const scoredPostings = { total: 0 };

/** Relative margin on bound comparisons: far above floating-point error, far below any real score gap that matters. */
const MARGIN = 1 + 1e-9;

let acc = new Float64Array(0);

/** Scores every posting (the reference `prunedTopK` must equal). */
export function exhaustiveTopK(terms: TermPostings[], s: FieldStats, k: number, accept?: (doc: number) => boolean): Scored[] {
  const { lengths, alive, avg, k1, b } = s;
  if (acc.length < lengths.length) acc = new Float64Array(lengths.length);
  const touched: number[] = [];
  let scored = 0;
  for (const { idf, lists } of terms) {
    for (const p of lists) {
      scored += p.n;
      const { docs: ds, tfs } = p;
      for (let i = 0; i < p.n; i++) {
        const d = ds[i];
        if (!alive[d]) continue;
        const f = tfs[i];
        if (acc[d] === 0) touched.push(d);
        acc[d] += idf * (f * (k1 + 1)) / (f + k1 * (1 - b + (b * lengths[d]) / avg));
      }
    }
  }
  const result = topK(touched, acc, k, accept);
  for (const d of touched) acc[d] = 0;
  scoredPostings.total += scored;
  return result;
}

/** The k best so far, smallest on top; ties go to the lower document. */
class Best {
  doc: number[] = [];
  score: number[] = [];
  constructor(readonly k: number) {}
  /** The score a document must reach to enter (equal may enter on a lower number); -Infinity while not full. */
  threshold(): number { return this.doc.length < this.k ? -Infinity : this.score[0]; }
  private less(i: number, j: number) { return this.score[i] < this.score[j] || (this.score[i] === this.score[j] && this.doc[i] > this.doc[j]); }
  private swap(i: number, j: number) {
    const d = this.doc[i]; this.doc[i] = this.doc[j]; this.doc[j] = d;
    const s = this.score[i]; this.score[i] = this.score[j]; this.score[j] = s;
  }
  /** Whether (score, doc) would enter. */
  beats(score: number, doc: number): boolean {
    return this.doc.length < this.k || score > this.score[0] || (score === this.score[0] && doc < this.doc[0]);
  }
  push(score: number, doc: number) {
    if (this.doc.length < this.k) {
      this.doc.push(doc); this.score.push(score);
      for (let i = this.doc.length - 1; i > 0;) {
        const p = (i - 1) >> 1;
        if (!this.less(i, p)) break;
        this.swap(i, p); i = p;
      }
      return;
    }
    this.doc[0] = doc; this.score[0] = score;
    for (let i = 0; ;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < this.doc.length && this.less(l, m)) m = l;
      if (r < this.doc.length && this.less(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m); i = m;
    }
  }
  sorted(): Scored[] {
    const out = this.doc.map((doc, i) => ({ doc, score: this.score[i] }));
    out.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return out;
  }
}

/** First index >= from in docs[0..n) whose document is >= target (galloping, then binary search). */
function seek(docs: Uint32Array, n: number, from: number, target: number): number {
  if (from >= n || docs[from] >= target) return from;
  let lo = from, step = 1, hi = from + 1;
  while (hi < n && docs[hi] < target) { lo = hi; step <<= 1; hi = from + step; }
  if (hi > n) hi = n;
  // docs[lo] < target; the answer is in (lo, hi]
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid] < target) lo = mid; else hi = mid;
  }
  return hi;
}

/**
 * Document numbers per window: the essential lists are summed list after list within one (a few postings
 * each, added into an array), instead of document by document across every list (a comparison per list per
 * document), as Lucene's BooleanScorer does.
 */
const WINDOW = 2048;
const win = new Float64Array(WINDOW);
const touched = new Int32Array(WINDOW);

interface Cursor { term: number; idf: number; docs: Uint32Array; tfs: Uint8Array; n: number; pos: number; ub: number }

/** The same k best as `exhaustiveTopK`, reading only the postings that can change them. */
export function prunedTopK(terms: TermPostings[], s: FieldStats, k: number, accept?: (doc: number) => boolean): Scored[] {
  if (k <= 0) return [];
  const scan: Scan = {
    s, accept, best: new Best(k), scored: 0, nTerms: terms.length,
    contrib: new Float64Array(terms.length), mark: new Float64Array(terms.length).fill(-1),
  };
  for (const cursors of cursorsBySegment(terms, s).values()) scanSegment(cursors, scan);
  scoredPostings.total += scan.scored;
  return scan.best.sorted();
}

/** What a pruned search carries from segment to segment: the k best, postings read, each term's share of the current document. */
interface Scan {
  s: FieldStats; accept?: (doc: number) => boolean; best: Best; scored: number; nTerms: number;
  contrib: Float64Array; mark: Float64Array;
}

/** A cursor per term and segment, with its upper bound (from the block bounds of its list). */
function cursorsBySegment(terms: TermPostings[], s: FieldStats): Map<number, Cursor[]> {
  const { lengths, avg, k1, b } = s;
  const bySeg = new Map<number, Cursor[]>();
  terms.forEach(({ idf, lists }, term) => {
    for (const p of lists) {
      if (p.n === 0) continue;
      const bounds = p.minLen && p.maxTf ? { minLen: p.minLen, maxTf: p.maxTf } : blockBounds(p.docs, p.tfs, p.n, lengths);
      let ub = 0;
      for (let i = 0; i < bounds.minLen.length; i++) {
        const f = bounds.maxTf[i];
        const u = idf * (f * (k1 + 1)) / (f + k1 * (1 - b + (b * bounds.minLen[i]) / avg));
        if (u > ub) ub = u;
      }
      let list = bySeg.get(p.seg);
      if (!list) bySeg.set(p.seg, (list = []));
      list.push({ term, idf, docs: p.docs, tfs: p.tfs, n: p.n, pos: 0, ub });
    }
  });
  return bySeg;
}

/**
 * The essential lists' (cursors from `wess`) postings in the window [base, base + WINDOW) summed per document
 * into `win`, list after list; returns how many window slots were touched (in `touched`). `from` keeps where
 * each list was at the window's start.
 */
function sumWindow(cursors: Cursor[], wess: number, base: number, from: Int32Array, scan: Scan): number {
  const { lengths, alive, avg, k1, b } = scan.s;
  const end = base + WINDOW;
  let nt = 0;
  for (let i = wess; i < cursors.length; i++) {
    const c = cursors[i];
    const { docs: ds, tfs, idf, n } = c;
    let p = c.pos;
    from[i] = p;
    for (; p < n; p++) {
      const d = ds[p];
      if (d >= end) break;
      if (alive[d] !== 1) continue;
      const f = tfs[p];
      const off = d - base;
      if (win[off] === 0) touched[nt++] = off;
      win[off] += idf * (f * (k1 + 1)) / (f + k1 * (1 - b + (b * lengths[d]) / avg));
    }
    scan.scored += p - c.pos;
    c.pos = p;
  }
  return nt;
}

/** The documents of one segment that can enter the k best, window after window (MaxScore: lists below `ess` only probed). */
function scanSegment(cursors: Cursor[], scan: Scan): void {
  const { lengths, avg, k1, b } = scan.s;
  const { best, contrib, mark, nTerms, accept } = scan;
  cursors.sort((x, y) => x.ub - y.ub);
  const m = cursors.length;
  /** prefix[i]: summed bounds of cursors[0..i]. */
  const prefix = new Float64Array(m);
  for (let i = 0, sum = 0; i < m; i++) { sum += cursors[i].ub; prefix[i] = sum; }
  let theta = best.threshold();
  /** Cursors below `ess` cannot bring a document into the top k alone: they are only probed. */
  let ess = 0;
  while (ess < m && prefix[ess] * MARGIN < theta) ess++;
  const from = new Int32Array(m);
  for (;;) {
    if (ess >= m) break;
    // The next window: WINDOW document numbers from the lowest an essential list is at.
    let base = 0xffffffff;
    for (let i = ess; i < m; i++) {
      const c = cursors[i];
      if (c.pos < c.n && c.docs[c.pos] < base) base = c.docs[c.pos];
    }
    if (base === 0xffffffff) break;
    // The window's cutoff stays `wess` to its end: a list that becomes non-essential meanwhile was summed already.
    const wess = ess;
    const nt = sumWindow(cursors, wess, base, from, scan);
    const offs = touched.subarray(0, nt).sort();
    for (let j = 0; j < nt; j++) {
      const off = offs[j];
      let score = win[off];
      win[off] = 0;
      const d = base + off;
      if ((score + (wess > 0 ? prefix[wess - 1] : 0)) * MARGIN < theta) continue;
      // The document's length part of BM25, once per document (the same operations as the reference's, so the same bits).
      const norm = k1 * (1 - b + (b * lengths[d]) / avg);
      let dropped = false;
      for (let i = wess - 1; i >= 0; i--) {
        if ((score + prefix[i]) * MARGIN < theta) { dropped = true; break; }
        const c = cursors[i];
        c.pos = seek(c.docs, c.n, c.pos, d);
        if (c.pos < c.n && c.docs[c.pos] === d) {
          const f = c.tfs[c.pos];
          const x = c.idf * (f * (k1 + 1)) / (f + norm);
          contrib[c.term] = x; mark[c.term] = d; score += x;
          scan.scored++;
        }
      }
      if (dropped || score * MARGIN < theta) continue;
      // The essential lists' shares again, each as the reference computes it.
      for (let i = wess; i < m; i++) {
        const c = cursors[i];
        from[i] = seek(c.docs, c.pos, from[i], d);
        if (from[i] < c.pos && c.docs[from[i]] === d) {
          const f = c.tfs[from[i]];
          contrib[c.term] = c.idf * (f * (k1 + 1)) / (f + norm); mark[c.term] = d;
        }
      }
      // The score as the reference sums it: term by term in query order.
      let exact = 0;
      for (let t = 0; t < nTerms; t++) if (mark[t] === d) exact += contrib[t];
      if (!best.beats(exact, d) || (accept && !accept(d))) continue;
      best.push(exact, d);
      theta = best.threshold();
    }
    while (ess < m && prefix[ess] * MARGIN < theta) ess++;
  }
}
