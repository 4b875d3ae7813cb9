import { compareUtf8, type Postings } from './lexical-postings';

const growU32 = (a: Uint32Array, min: number): Uint32Array => { if (a.length >= min) return a; const b = new Uint32Array(Math.max(min, a.length * 2)); b.set(a); return b; };
const growI32 = (a: Int32Array, min: number): Int32Array => { if (a.length >= min) return a; const b = new Int32Array(Math.max(min, a.length * 2)).fill(-1); b.set(a); return b; };
const growU8 = (a: Uint8Array, min: number): Uint8Array => { if (a.length >= min) return a; const b = new Uint8Array(Math.max(min, a.length * 2)); b.set(a); return b; };

/**
 * The unwritten postings, in flat arrays (little garbage for the collector):
 * one id per (field, term), and per posting its document, frequency and the
 * previous posting of the same term (a chain from `head[term]`).
 */
export class MemorySegment {
  private ids = new Map<string, Map<string, number>>();
  private keys: string[] = [];
  private head: Int32Array = new Int32Array(1024).fill(-1);
  private scratch: Uint32Array = new Uint32Array(1024);
  private pDoc: Uint32Array = new Uint32Array(1 << 16);
  private pTf: Uint8Array = new Uint8Array(1 << 16);
  private pNext: Int32Array = new Int32Array(1 << 16);
  private pTerm: Int32Array = new Int32Array(1 << 16);
  private count = 0;
  maxDoc = 0;

  private wordCache = new Map<string, Int32Array>();

  /** The id of `term` of the field `prefix` in this segment (made on first use). */
  termId(prefix: string, term: string): number {
    let ids = this.ids.get(prefix);
    if (!ids) { ids = new Map(); this.ids.set(prefix, ids); }
    let id = ids.get(term);
    if (id === undefined) {
      id = this.keys.length;
      ids.set(term, id);
      this.keys.push(prefix + term);
      this.head = growI32(this.head, id + 1);
      this.scratch = growU32(this.scratch, id + 1);
    }
    return id;
  }

  /** Term ids of one word, `make` giving its terms ([prefix, term] pairs) the first time: words repeat. */
  wordIds(key: string, make: () => Array<[string, string]>): Int32Array {
    let ids = this.wordCache.get(key);
    if (!ids) {
      ids = Int32Array.from(make(), ([p, t]) => this.termId(p, t));
      this.wordCache.set(key, ids);
    }
    return ids;
  }

  /** Adds one document's terms of one field (`prefix` names the field). */
  add(prefix: string, doc: number, terms: string[]) {
    this.addIds(doc, terms.map((t) => this.termId(prefix, t)));
  }

  /** Adds one document's term occurrences, by term id; a document is added once. */
  addIds(doc: number, termIds: ArrayLike<number>) {
    const seen: number[] = [];
    const scratch = this.scratch;
    for (let i = 0; i < termIds.length; i++) {
      const id = termIds[i];
      if (scratch[id]++ === 0) seen.push(id);
    }
    const need = this.count + seen.length;
    if (need > this.pDoc.length) {
      this.pDoc = growU32(this.pDoc, need);
      this.pTf = growU8(this.pTf, need);
      const n = new Int32Array(this.pDoc.length); n.set(this.pNext); this.pNext = n;
      const t = new Int32Array(this.pDoc.length); t.set(this.pTerm); this.pTerm = t;
    }
    for (const id of seen) {
      const p = this.count++;
      this.pDoc[p] = doc;
      this.pTf[p] = Math.min(scratch[id], 255);
      this.pNext[p] = this.head[id];
      this.pTerm[p] = id;
      this.head[id] = p;
      scratch[id] = 0;
    }
    if (doc > this.maxDoc) this.maxDoc = doc;
  }

  private collect(id: number): Postings {
    let n = 0;
    for (let p = this.head[id]; p >= 0; p = this.pNext[p]) n++;
    const docs = new Uint32Array(n), tfs = new Uint8Array(n);
    // The chain runs newest first: fill from the end so documents ascend.
    let i = n;
    for (let p = this.head[id]; p >= 0; p = this.pNext[p]) { i--; docs[i] = this.pDoc[p]; tfs[i] = this.pTf[p]; }
    return { n, docs, tfs };
  }

  get(prefix: string, term: string): Postings | undefined {
    const id = this.ids.get(prefix)?.get(term);
    return id === undefined ? undefined : this.collect(id);
  }
  /**
   * Every (prefix + term, postings) in key order (SQLite's, so a segment table is filled by appending):
   * one counting sort of all postings by term, each term's postings a view of the result, documents ascending.
   */
  *all(): Generator<[string, Postings]> {
    const terms = this.keys.length, total = this.count;
    const start = new Int32Array(terms + 1);
    for (let p = 0; p < total; p++) start[this.pTerm[p] + 1]++;
    for (let t = 0; t < terms; t++) start[t + 1] += start[t];
    const at = start.slice(0, terms);
    const docs = new Uint32Array(total), tfs = new Uint8Array(total);
    // Postings were added document after document, so each term's documents come out ascending.
    for (let p = 0; p < total; p++) { const i = at[this.pTerm[p]]++; docs[i] = this.pDoc[p]; tfs[i] = this.pTf[p]; }
    const order = Array.from({ length: terms }, (_, t) => t).sort((a, b) => compareUtf8(this.keys[a], this.keys[b]));
    for (const t of order) yield [this.keys[t], { n: start[t + 1] - start[t], docs: docs.subarray(start[t], start[t + 1]), tfs: tfs.subarray(start[t], start[t + 1]) }];
  }
  postings() { return this.count; }
  clear() {
    this.ids = new Map(); this.keys = []; this.count = 0; this.wordCache = new Map();
    this.head = new Int32Array(1024).fill(-1); this.scratch = new Uint32Array(1024);
    this.pDoc = new Uint32Array(1 << 16); this.pTf = new Uint8Array(1 << 16); this.pNext = new Int32Array(1 << 16); this.pTerm = new Int32Array(1 << 16);
  }
}
