/**
 * A compact BM25 inverted index over one field: one growable Uint32Array
 * of postings per term, each posting packing the document (24 bits) and
 * the term frequency (8 bits, capped at 255); deleted documents skipped at
 * query time and squeezed out by `compact()`; top-k selection without
 * sorting every match. Documents are small integers handed out by the caller.
 */

export interface Scored { doc: number; score: number }

export interface Bm25Params { k1: number; b: number }
const DEFAULT_BM25: Bm25Params = { k1: 1.2, b: 0.75 };

export interface SerializedField {
  terms: string[];
  /** Number of postings of terms[i], in order. */
  counts: Uint32Array;
  /** All postings, term after term: (doc << 8) | tf. */
  postings: Uint32Array;
  lengths: Uint32Array;
}

/** Most documents one field index can hold (24-bit document numbers). */
export const MAX_DOCUMENTS = 1 << 24;

export interface InvertedIndex {
  add(doc: number, terms: string[]): void;
  /** Marks a document gone; its postings are skipped and dropped at the next compact(). */
  remove(doc: number): void;
  search(terms: string[], k: number, accept?: (doc: number) => boolean): Scored[];
  /** Rewrites postings without removed documents, renumbering by `map` (old -> new, -1 = drop). */
  compact(map: Int32Array, newDocCount: number): void;
  documentCount(): number;
  termCount(): number;
  serialize(): SerializedField;
}

function grow(a: Uint32Array, min: number): Uint32Array {
  if (a.length >= min) return a;
  const b = new Uint32Array(Math.max(min, a.length * 2, 4));
  b.set(a);
  return b;
}

export function createInvertedIndex(params: Bm25Params = DEFAULT_BM25, from?: SerializedField): InvertedIndex {
  const termIds = new Map<string, number>();
  let post: Uint32Array[] = [];
  let postLen: number[] = [];
  let scratch = new Uint32Array(1024);
  let lengths = new Uint32Array(1024);
  let alive = new Uint8Array(1024);
  let live = 0;
  let totalLength = 0;
  let acc = new Float64Array(0);

  const ensureDoc = (doc: number) => {
    if (doc >= lengths.length) {
      const n = Math.max(doc + 1, lengths.length * 2);
      const l = new Uint32Array(n); l.set(lengths); lengths = l;
      const a = new Uint8Array(n); a.set(alive); alive = a;
    }
  };

  if (from) {
    let offset = 0;
    from.terms.forEach((t, i) => {
      termIds.set(t, i);
      const n = from.counts[i];
      post.push(from.postings.slice(offset, offset + n));
      postLen.push(n);
      offset += n;
    });
    ensureDoc(from.lengths.length);
    lengths.set(from.lengths);
    from.lengths.forEach((l, d) => { alive[d] = 1; live++; totalLength += l; });
  }

  return {
    add(doc, terms) {
      if (doc >= MAX_DOCUMENTS) throw new Error(`document number ${doc} is over the ${MAX_DOCUMENTS} limit`);
      ensureDoc(doc);
      if (alive[doc]) throw new Error(`document ${doc} is already indexed`);
      // Count term frequencies by term id in a scratch array (no per-document Map).
      const ids: number[] = [];
      for (const t of terms) {
        let id = termIds.get(t);
        if (id === undefined) {
          id = postLen.length;
          termIds.set(t, id);
          post.push(new Uint32Array(2));
          postLen.push(0);
        }
        if (id >= scratch.length) { const g = new Uint32Array(Math.max(id + 1, scratch.length * 2)); g.set(scratch); scratch = g; }
        if (scratch[id] === 0) ids.push(id);
        scratch[id]++;
      }
      for (const id of ids) {
        const len = postLen[id];
        const p = (post[id] = grow(post[id], len + 1));
        p[len] = (doc << 8) | Math.min(scratch[id], 255);
        postLen[id] = len + 1;
        scratch[id] = 0;
      }
      lengths[doc] = terms.length;
      alive[doc] = 1;
      live++;
      totalLength += terms.length;
    },

    remove(doc) {
      if (doc >= alive.length || !alive[doc]) return;
      alive[doc] = 0;
      live--;
      totalLength -= lengths[doc];
    },

    search(terms, k, accept) {
      if (live === 0 || k <= 0) return [];
      const { k1, b } = params;
      const avg = totalLength / live || 1;
      if (acc.length < lengths.length) acc = new Float64Array(lengths.length);
      const touched: number[] = [];
      const seen = new Set<string>();
      for (const t of terms) {
        if (seen.has(t)) continue;
        seen.add(t);
        const id = termIds.get(t);
        if (id === undefined) continue;
        const n = postLen[id];
        const df = Math.min(n, live);
        const idf = Math.log(1 + (live - df + 0.5) / (df + 0.5));
        const p = post[id];
        for (let i = 0; i < n; i++) {
          const d = p[i] >>> 8;
          if (!alive[d]) continue;
          const f = p[i] & 255;
          if (acc[d] === 0) touched.push(d);
          acc[d] += idf * (f * (k1 + 1)) / (f + k1 * (1 - b + (b * lengths[d]) / avg));
        }
      }
      const result = topK(touched, acc, k, accept);
      for (const d of touched) acc[d] = 0;
      return result;
    },

    compact(map, newDocCount) {
      const newLengths = new Uint32Array(Math.max(1024, newDocCount));
      const newAlive = new Uint8Array(newLengths.length);
      for (let d = 0; d < map.length && d < lengths.length; d++) {
        const to = map[d];
        if (to >= 0 && alive[d]) { newLengths[to] = lengths[d]; newAlive[to] = 1; }
      }
      const keptTerms: Array<[string, number]> = [];
      const nextPost: Uint32Array[] = [];
      const nextLen: number[] = [];
      for (const [t, id] of termIds) {
        const p = post[id];
        const n = postLen[id];
        const out = new Uint32Array(n);
        let m = 0;
        for (let i = 0; i < n; i++) {
          const d = p[i] >>> 8;
          const to = d < map.length && alive[d] ? map[d] : -1;
          if (to < 0) continue;
          out[m++] = (to << 8) | (p[i] & 255);
        }
        if (m === 0) continue;
        keptTerms.push([t, nextLen.length]);
        nextPost.push(m === n ? out : out.slice(0, m));
        nextLen.push(m);
      }
      termIds.clear();
      for (const [t, id] of keptTerms) termIds.set(t, id);
      post = nextPost; postLen = nextLen;
      lengths = newLengths; alive = newAlive;
    },

    documentCount: () => live,
    termCount: () => termIds.size,

    serialize() {
      // Callers compact first, so every document below the count is alive.
      let total = 0;
      for (const n of postLen) total += n;
      const terms: string[] = new Array(termIds.size);
      const counts = new Uint32Array(termIds.size);
      const postings = new Uint32Array(total);
      let offset = 0;
      let i = 0;
      for (const [t, id] of termIds) {
        terms[i] = t;
        const n = postLen[id];
        counts[i] = n;
        postings.set(post[id].subarray(0, n), offset);
        offset += n;
        i++;
      }
      return { terms, counts, postings, lengths: lengths.slice(0, live) };
    },
  };
}

/** The k best of `docs` by `scores[doc]` (ties by lower doc), skipping those `accept` rejects. */
export function topK(docs: Iterable<number>, scores: ArrayLike<number>, k: number, accept?: (doc: number) => boolean): Scored[] {
  // Min-heap of size k over (score, doc).
  const heapDoc: number[] = [];
  const heapScore: number[] = [];
  const less = (i: number, j: number) => heapScore[i] < heapScore[j] || (heapScore[i] === heapScore[j] && heapDoc[i] > heapDoc[j]);
  const swap = (i: number, j: number) => {
    [heapDoc[i], heapDoc[j]] = [heapDoc[j], heapDoc[i]];
    [heapScore[i], heapScore[j]] = [heapScore[j], heapScore[i]];
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < heapDoc.length && less(l, m)) m = l;
      if (r < heapDoc.length && less(r, m)) m = r;
      if (m === i) return;
      swap(i, m); i = m;
    }
  };
  for (const doc of docs) {
    const score = scores[doc];
    if (heapDoc.length === k && (score < heapScore[0] || (score === heapScore[0] && doc > heapDoc[0]))) continue;
    if (accept && !accept(doc)) continue;
    if (heapDoc.length < k) {
      heapDoc.push(doc); heapScore.push(score);
      for (let i = heapDoc.length - 1; i > 0;) {
        const p = (i - 1) >> 1;
        if (!less(i, p)) break;
        swap(i, p); i = p;
      }
    } else {
      heapDoc[0] = doc; heapScore[0] = score; down(0);
    }
  }
  const out = heapDoc.map((doc, i) => ({ doc, score: heapScore[i] }));
  out.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return out;
}
