/**
 * The lexical index's own query cost on an index built by
 * `bench/lexical-child.ts build <dir> <chunks>`: 6-word questions from
 * random chunks, `lexical.search` (k = 100, as fusion asks) timed alone.
 *   node --import tsx bench/lexical-query.ts <dir> <chunks> [queries=200]
 */
import path from 'node:path';
import { createLexicalIndex } from '../core/search/lexical-index';
import { generatedChunk, sourceTexts } from './lexical-corpus';
import { percentile } from './proc';
import { rng } from './rng';

const [dir, nArg, qArg] = process.argv.slice(2);
const n = Number(nArg);
const queries = Number(qArg ?? 200);
const sources = sourceTexts();
const t0 = performance.now();
const lexical = await createLexicalIndex({ dataDir: path.join(dir, 'search'), saveDelayMs: 600_000 });
const readyMs = performance.now() - t0;
const rand = rng(11);
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < queries + 10; i++) {
  const target = generatedChunk(sources, Math.floor(rand() * n));
  const words = target.text.split(' ');
  const start = Math.floor(rand() * Math.max(1, words.length - 8));
  const question = words.slice(start, start + 6).join(' ');
  const t = performance.now();
  const c = process.cpuUsage();
  lexical.search(question, { k: 100, language: target.language });
  const d = process.cpuUsage(c);
  if (i < 10) continue;
  wall.push(performance.now() - t);
  cpu.push((d.user + d.system) / 1000);
}
await lexical.close();
process.stdout.write(JSON.stringify({ chunks: lexical.count(), readyMs, p50: percentile(wall, 50), p95: percentile(wall, 95), cpuP50: percentile(cpu, 50), cpuP95: percentile(cpu, 95), peakRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
