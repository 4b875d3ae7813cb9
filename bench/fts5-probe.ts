/**
 * The candidates for the on-disk lexical index side by side on the same
 * generated chunks: SQLite FTS5 holding the product's own 4-gram terms
 * (bm25() over an OR of the query's grams, one field) and the segments of
 * core/engines/search/lexical-index.ts (BM25 in JS over words, grams and title).
 *   node --import tsx bench/fts5-probe.ts [chunks]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { generatedChunk, sourceTexts } from './lexical-corpus';
import { rng } from '../core/testing/rng';
import { analyzeForIndex, gramTerms } from '../core/foundation/text/analyze';
import { createLexicalIndex } from '../core/engines/search/lexical-index';
const n = Number(process.argv[2] ?? 20000);
const s = sourceTexts();
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-fts5-'));
const db = new Database(path.join(work, 'fts5.sqlite'));
db.exec("DROP TABLE IF EXISTS f; CREATE VIRTUAL TABLE f USING fts5(grams, tokenize = \"unicode61 remove_diacritics 0 categories 'L* N* Co Mn Mc Pc Pd S*'\")");
let t = performance.now();
const ins = db.prepare('INSERT INTO f (rowid, grams) VALUES (?, ?)');
db.transaction(() => { for (let i = 0; i < n; i++) { const c = generatedChunk(s, i); ins.run(i + 1, analyzeForIndex(c.text, c.language).grams.join(' ')); } })();
const ftsBuild = performance.now() - t;
const lex = await createLexicalIndex({ dataDir: path.join(work, 'lexical'), saveDelayMs: 60000 });
lex.clear();
t = performance.now();
for (let i = 0; i < n; i += 200) lex.upsert(Array.from({ length: Math.min(200, n - i) }, (_, j) => generatedChunk(s, i + j)));
await lex.flush();
const ourBuild = performance.now() - t;
const rand = rng(5);
const q = db.prepare('SELECT rowid, bm25(f) AS r FROM f WHERE f MATCH ? ORDER BY r LIMIT 100');
const a: number[] = [], b: number[] = [];
for (let i = 0; i < 60; i++) {
  const c = generatedChunk(s, Math.floor(rand() * n));
  const w = c.text.split(' '); const st = Math.floor(rand() * (w.length - 8));
  const text = w.slice(st, st + 6).join(' ');
  const grams = [...new Set(gramTerms(text, c.language, 4, 4))].map((g) => `"${g.replace(/"/g, '""')}"`).join(' OR ');
  let t0 = performance.now(); if (grams) q.all(grams); a.push(performance.now() - t0);
  t0 = performance.now(); lex.search(text, { k: 100, language: c.language }); b.push(performance.now() - t0);
}
const p = (x: number[], q: number) => x.sort((m, n) => m - n)[Math.floor(q * x.length)].toFixed(1);
console.log(JSON.stringify({ n, fts5: { buildS: (ftsBuild / 1000).toFixed(1), gramsQueryP50: p(a, 0.5), p95: p(a, 0.95) }, ours: { buildS: (ourBuild / 1000).toFixed(1), allThreeFieldsP50: p(b, 0.5), p95: p(b, 0.95) } }));
await lex.close();
db.close();
rmSync(work, { recursive: true, force: true });
