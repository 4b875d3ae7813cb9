/**
 * The lexical index's own query cost on an index built by
 * `bench/lexical-child.ts build <dir> <chunks>`: 6-word questions from
 * random chunks, `lexical.search` (k = 100, as fusion asks) timed alone,
 * each question answered twice in alternating order: skipping postings
 * that cannot reach the top k (the product's way) and scoring every
 * posting (the reference). The two answers are compared (ids and scores of
 * every field); `differ` counts questions where they are not identical.
 *   node --import tsx bench/lexical-query.ts <dir> <chunks> [queries=200]
 */
import path from 'node:path';
import os from 'node:os';
import { createLexicalIndex, type LexicalResult } from '../core/engines/search/lexical-index';
import { generatedChunk, sourceTexts } from './lexical-corpus';
import { percentile } from './proc';
import { rng } from '../core/testing/rng';

const [dir, nArg, qArg] = process.argv.slice(2);
const n = Number(nArg);
const queries = Number(qArg ?? 200);
const sources = sourceTexts();
const load0 = os.loadavg();
const t0 = performance.now();
const lexical = await createLexicalIndex({ dataDir: path.join(dir, 'search'), saveDelayMs: 600_000 });
const readyMs = performance.now() - t0;
const rand = rng(11);
const figures = { pruned: { wall: [] as number[], cpu: [] as number[] }, exhaustive: { wall: [] as number[], cpu: [] as number[] } };
const flat = (r: LexicalResult) => JSON.stringify([r.words, r.grams, r.title].map((hs) => hs.map((h) => [h.id, h.score])));
let differ = 0;
for (let i = 0; i < queries + 10; i++) {
  const target = generatedChunk(sources, Math.floor(rand() * n));
  const words = target.text.split(' ');
  const start = Math.floor(rand() * Math.max(1, words.length - 8));
  const question = words.slice(start, start + 6).join(' ');
  const results: Partial<Record<'pruned' | 'exhaustive', LexicalResult>> = {};
  for (const mode of i % 2 ? ['pruned', 'exhaustive'] as const : ['exhaustive', 'pruned'] as const) {
    const t = performance.now();
    const c = process.cpuUsage();
    results[mode] = lexical.search(question, { k: 100, language: target.language, exhaustive: mode === 'exhaustive' });
    const d = process.cpuUsage(c);
    if (i < 10) continue; // the first answers warm the page cache and JIT
    figures[mode].wall.push(performance.now() - t);
    figures[mode].cpu.push((d.user + d.system) / 1000);
  }
  if (flat(results.pruned!) !== flat(results.exhaustive!)) differ++;
}
await lexical.close();
const sum = (f: { wall: number[]; cpu: number[] }) => ({ p50: percentile(f.wall, 50), p95: percentile(f.wall, 95), cpuP50: percentile(f.cpu, 50), cpuP95: percentile(f.cpu, 95) });
process.stdout.write(JSON.stringify({
  chunks: lexical.count(), readyMs, queries, differ, pruned: sum(figures.pruned), exhaustive: sum(figures.exhaustive),
  peakRssMb: process.resourceUsage().maxRSS / 1024, load: [load0, os.loadavg()].map((l) => l.map((x) => x.toFixed(2)).join(' ')),
}) + '\n');
