/**
 * What the lexical index (./lexical-index.ts) holds in memory per chunk (document number): alive, field
 * lengths, item and language, with the totals BM25 needs; saved as one snapshot at close.
 */
export /** Small growable per-document arrays (document numbers are SQLite rowids, never reused). */
class DocTable {
  alive = new Uint8Array(1024);
  len = [new Uint32Array(1024), new Uint32Array(1024), new Uint32Array(1024)];
  itemId = new Int32Array(1024);
  itemType = new Uint8Array(1024);
  lang = new Uint8Array(1024);
  live = 0;
  total = [0, 0, 0];
  private codes = new Map<string, number>();

  code(s: string): number {
    let c = this.codes.get(s);
    if (c === undefined) { c = this.codes.size + 1; this.codes.set(s, c); }
    return c;
  }
  knownCode(s: string): number { return this.codes.get(s) ?? -1; }
  private names: string[] = [];
  /** The language of a document. */
  language(doc: number): string {
    if (this.names.length !== this.codes.size + 1) {
      this.names = [''];
      for (const [name, c] of this.codes) this.names[c] = name;
    }
    return this.names[this.lang[doc]].slice(2);
  }

  private ensure(doc: number) {
    if (doc < this.alive.length) return;
    const n = Math.max(doc + 1, this.alive.length * 2);
    const g = <T extends Uint8Array | Uint32Array | Int32Array>(a: T, make: (n: number) => T): T => { const b = make(n); b.set(a); return b; };
    this.alive = g(this.alive, (m) => new Uint8Array(m));
    this.len = this.len.map((a) => g(a, (m) => new Uint32Array(m)));
    this.itemId = g(this.itemId, (m) => new Int32Array(m));
    this.itemType = g(this.itemType, (m) => new Uint8Array(m));
    this.lang = g(this.lang, (m) => new Uint8Array(m));
  }

  add(doc: number, itemType: string, itemId: number, language: string, lens: number[]) {
    this.ensure(doc);
    this.alive[doc] = 1;
    this.itemType[doc] = this.code(`t:${itemType}`);
    this.itemId[doc] = itemId;
    this.lang[doc] = this.code(`l:${language}`);
    for (let f = 0; f < 3; f++) { this.len[f][doc] = lens[f]; this.total[f] += lens[f]; }
    this.live++;
  }

  remove(doc: number) {
    if (doc >= this.alive.length || !this.alive[doc]) return;
    this.alive[doc] = 0;
    for (let f = 0; f < 3; f++) this.total[f] -= this.len[f][doc];
    this.live--;
  }

  size() { return this.alive.length; }

  /** The whole table as one buffer (arrays up to `docs` + 1) and its small figures. */
  save(docs: number): { data: Buffer; info: string } {
    const n = docs + 1;
    const parts = [this.alive.subarray(0, n), ...this.len.map((a) => a.subarray(0, n)), this.itemId.subarray(0, n), this.itemType.subarray(0, n), this.lang.subarray(0, n)];
    const data = Buffer.concat(parts.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)));
    return { data, info: JSON.stringify({ n, live: this.live, total: this.total, codes: [...this.codes] }) };
  }

  /** Restores what `save` wrote. */
  load(data: Buffer, info: string) {
    const { n, live, total, codes } = JSON.parse(info) as { n: number; live: number; total: number[]; codes: Array<[string, number]> };
    if (data.length !== n * 19) throw new Error(`the per-chunk snapshot holds ${data.length} bytes, expected ${n * 19}`);
    const copy = Uint8Array.from(data);
    let at = 0;
    const take = (bytes: number) => { const b = copy.buffer.slice(at, at + n * bytes); at += n * bytes; return b; };
    this.alive = new Uint8Array(take(1));
    this.len = [new Uint32Array(take(4)), new Uint32Array(take(4)), new Uint32Array(take(4))];
    this.itemId = new Int32Array(take(4));
    this.itemType = new Uint8Array(take(1));
    this.lang = new Uint8Array(take(1));
    this.live = live;
    this.total = total;
    this.codes = new Map(codes);
  }
}
