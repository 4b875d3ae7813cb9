/**
 * Lookup cost per segment layout: copies every segment of <src>/search/lexical-index.sqlite into
 * new files (layout x page size), then times the bench questions' term lookups in each, alternating.
 *   node --import tsx bench/lexical-lookup-probe.ts <dir> <chunks> <workdir>
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { generatedChunk, sourceTexts } from './lexical-corpus';
import { rng } from '../core/testing/rng';
import { gramTerms, wordTerms } from '../core/foundation/text/analyze';

const [dir, nArg, work] = process.argv.slice(2);
const n = Number(nArg);
const src = path.join(dir, 'search', 'lexical-index.sqlite');
const sdb = new Database(src, { readonly: true });
const segs = sdb.prepare('SELECT seg FROM segments ORDER BY seg').pluck().all() as number[];
console.log('segments', segs.length, segs);

type Layout = 'old' | 'uniq' | 'split';
const variants: Array<{ layout: Layout; page: number }> = [
  { layout: 'old', page: 4096 }, { layout: 'uniq', page: 4096 }, { layout: 'split', page: 4096 }, { layout: 'uniq', page: 16384 }, { layout: 'uniq', page: 65536 },
];
const fileOf = (v: { layout: Layout; page: number }) => path.join(work, `${v.layout}-${v.page}.sqlite`);
for (const v of variants) {
  const f = fileOf(v);
  if (existsSync(f)) continue;
  const t = performance.now();
  const db = new Database(f);
  db.pragma(`page_size = ${v.page}`);
  db.pragma('journal_mode = WAL');
  db.exec(`ATTACH '${src}' AS s`);
  db.transaction(() => {
    for (const s of segs) {
      if (v.layout === 'old') {
        db.exec(`CREATE TABLE seg_${s} (term TEXT PRIMARY KEY, n INTEGER NOT NULL, docs BLOB NOT NULL) WITHOUT ROWID; INSERT INTO seg_${s} SELECT term, n, docs FROM s.seg_${s} ORDER BY term`);
      } else if (v.layout === 'uniq') {
        db.exec(`CREATE TABLE seg_${s} (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, n INTEGER NOT NULL, docs BLOB NOT NULL); INSERT INTO seg_${s} (term, n, docs) SELECT term, n, docs FROM s.seg_${s} ORDER BY term`);
      } else {
        db.exec(`CREATE TABLE seg_${s} (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, docs BLOB NOT NULL); CREATE TABLE seg_${s}_t (term TEXT PRIMARY KEY, id INTEGER NOT NULL) WITHOUT ROWID;
          INSERT INTO seg_${s} (id, n, docs) SELECT row_number() OVER (ORDER BY term), n, docs FROM s.seg_${s} ORDER BY term;
          INSERT INTO seg_${s}_t (term, id) SELECT term, row_number() OVER (ORDER BY term) FROM s.seg_${s} ORDER BY term`);
      }
    }
  })();
  db.exec('DETACH s');
  db.close();
  console.log('made', f, ((performance.now() - t) / 1000).toFixed(1), 's');
}
// The bench's questions' keys.
const sources = sourceTexts();
const rand = rng(11);
const keys: string[] = [];
const groups: string[][] = [];
for (let i = 0; i < 210; i++) {
  const target = generatedChunk(sources, Math.floor(rand() * n));
  const words = target.text.split(' ');
  const start = Math.floor(rand() * Math.max(1, words.length - 8));
  const q = words.slice(start, start + 6).join(' ');
  const lang = target.language;
  for (const [p, ts] of [['w', wordTerms(q, lang)], ['g', gramTerms(q, lang, 4, 4)], ['t', wordTerms(q, lang)]] as const) {
    const g = [...new Set(ts)].map((t) => p + t);
    groups.push(g); keys.push(...g);
  }
}
console.log('keys', keys.length, 'distinct', new Set(keys).size);
const dbs = variants.map((v) => {
  const db = new Database(fileOf(v), { readonly: true });
  db.pragma('cache_size = -65536');
  const sql = (s: number) => v.layout === 'split' ? `SELECT p.n, p.docs FROM seg_${s}_t t JOIN seg_${s} p ON p.id = t.id WHERE t.term = ?` : `SELECT n, docs FROM seg_${s} WHERE term = ?`;
  const stmts = segs.map((s) => db.prepare(sql(s)));
  const nOnly = segs.map((s) => db.prepare(v.layout === 'split' ? `SELECT id FROM seg_${s}_t WHERE term = ?` : v.layout === 'uniq' ? `SELECT id FROM seg_${s} WHERE term = ?` : `SELECT n FROM seg_${s} WHERE term = ?`).pluck());
  return { v, db, stmts, nOnly };
});
for (let round = 0; round < 8; round++) {
  for (const d of round % 2 ? [...dbs].reverse() : dbs) {
    let hits = 0, bytes = 0;
    const c0 = process.cpuUsage(); const t0 = performance.now();
    d.db.transaction(() => {
      for (const k of keys) for (const st of d.stmts) { const r = st.get(k) as { n: number; docs: Buffer } | undefined; if (r) { hits++; bytes += r.docs.length; } }
    })();
    const ms = performance.now() - t0; const c = process.cpuUsage(c0);
    const c1 = process.cpuUsage(); const t1 = performance.now();
    d.db.transaction(() => { for (const k of keys) for (const st of d.nOnly) st.get(k); })();
    const ms1 = performance.now() - t1; const cc = process.cpuUsage(c1);
    const lookups = keys.length * segs.length;
    let ms2 = NaN, cpu2 = NaN;
    if (d.v.layout !== 'split') {
      const cache = new Map<string, Database.Statement>();
      const st = (s: number, m: number) => { const k = `${s}:${m}`; let x = cache.get(k); if (!x) cache.set(k, (x = d.db.prepare(`SELECT term, n, docs FROM seg_${s} WHERE term IN (${Array(m).fill('?').join(',')})`))); return x; };
      const c2 = process.cpuUsage(); const t2 = performance.now();
      d.db.transaction(() => { for (const g of groups) if (g.length) for (const s of segs) st(s, g.length).all(...g); })();
      ms2 = performance.now() - t2; const cc2 = process.cpuUsage(c2); cpu2 = cc2.user + cc2.system;
    }
    console.log(`${d.v.layout}-${d.v.page}: full ${(ms * 1000 / lookups).toFixed(2)} us/lookup wall, ${((c.user + c.system) / lookups).toFixed(2)} us CPU (hits ${hits}, ${(bytes / 1e6).toFixed(0)} MB); term only ${(ms1 * 1000 / lookups).toFixed(2)} us wall ${((cc.user + cc.system) / lookups).toFixed(2)} CPU; batched IN ${(ms2 * 1000 / lookups).toFixed(2)} wall ${(cpu2 / lookups).toFixed(2)} CPU`);
  }
}
