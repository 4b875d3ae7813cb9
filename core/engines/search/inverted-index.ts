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

/** One field's postings, document lengths and live documents, with the scratch arrays its add and search reuse. */
class InvertedField implements InvertedIndex {
  private readonly termIds = new Map<string, number>();
  private post: Uint32Array[] = [];
  private postLen: number[] = [];
  private scratch = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  private alive = new Uint8Array(1024);
  private live = 0;
  private totalLength = 0;
  private acc = new Float64Array(0);

  constructor(private readonly params: Bm25Params, from?: SerializedField) {
    if (from) this.load(from);
  }

  private load(from: SerializedField) {
    let offset = 0;
    from.terms.forEach((t, i) => {
      this.termIds.set(t, i);
      const n = from.counts[i];
      this.post.push(from.postings.slice(offset, offset + n));
      this.postLen.push(n);
      offset += n;
    });
    this.ensureDoc(from.lengths.length);
    this.lengths.set(from.lengths);
    from.lengths.forEach((l, d) => { this.alive[d] = 1; this.live++; this.totalLength += l; });
  }

  private ensureDoc(doc: number) {
    if (doc >= this.lengths.length) {
      const n = Math.max(doc + 1, this.lengths.length * 2);
      const l = new Uint32Array(n); l.set(this.lengths); this.lengths = l;
      const a = new Uint8Array(n); a.set(this.alive); this.alive = a;
    }
  }

  add(doc: number, terms: string[]): void {
    if (doc >= MAX_DOCUMENTS) throw new Error(`document number ${doc} is over the ${MAX_DOCUMENTS} limit`);
    this.ensureDoc(doc);
    if (this.alive[doc]) throw new Error(`document ${doc} is already indexed`);
    const { termIds, post, postLen } = this;
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
      if (id >= this.scratch.length) { const g = new Uint32Array(Math.max(id + 1, this.scratch.length * 2)); g.set(this.scratch); this.scratch = g; }
      if (this.scratch[id] === 0) ids.push(id);
      this.scratch[id]++;
    }
    const scratch = this.scratch;
    for (const id of ids) {
      const len = postLen[id];
      const p = (post[id] = grow(post[id], len + 1));
      p[len] = (doc << 8) | Math.min(scratch[id], 255);
      postLen[id] = len + 1;
      scratch[id] = 0;
    }
    this.lengths[doc] = terms.length;
    this.alive[doc] = 1;
    this.live++;
    this.totalLength += terms.length;
  }

  remove(doc: number): void {
    if (doc >= this.alive.length || !this.alive[doc]) return;
    this.alive[doc] = 0;
    this.live--;
    this.totalLength -= this.lengths[doc];
  }

  search(terms: string[], k: number, accept?: (doc: number) => boolean): Scored[] {
    const { live, lengths, alive, termIds, post, postLen } = this;
    if (live === 0 || k <= 0) return [];
    const { k1, b } = this.params;
    const avg = this.totalLength / live || 1;
    if (this.acc.length < lengths.length) this.acc = new Float64Array(lengths.length);
    const acc = this.acc;
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
  }

  compact(map: Int32Array, newDocCount: number): void {
    const { lengths, alive, termIds, post, postLen } = this;
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
    this.post = nextPost; this.postLen = nextLen;
    this.lengths = newLengths; this.alive = newAlive;
  }

  documentCount(): number {
    return this.live;
  }

  termCount(): number {
    return this.termIds.size;
  }

  serialize(): SerializedField {
    const { termIds, post, postLen } = this;
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
    return { terms, counts, postings, lengths: this.lengths.slice(0, this.live) };
  }
}

export function createInvertedIndex(params: Bm25Params = DEFAULT_BM25, from?: SerializedField): InvertedIndex {
  const field = new InvertedField(params, from);
  return {
    add: (doc, terms) => field.add(doc, terms),
    remove: (doc) => field.remove(doc),
    search: (terms, k, accept) => field.search(terms, k, accept),
    compact: (map, newDocCount) => field.compact(map, newDocCount),
    documentCount: () => field.documentCount(),
    termCount: () => field.termCount(),
    serialize: () => field.serialize(),
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
