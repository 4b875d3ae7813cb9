/**
 * The lexical index at catalog scale, one phase per process (so each
 * peak RSS is its own):
 *   lexical-child.ts build <dir> <chunks>            index the generated catalog into <dir>
 *   lexical-child.ts query <dir> <chunks> <queries>  open it (a restart), answer rag-queries offline
 * Lexical only (no Chroma): the figures are the lexical index's own.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as turn, setTimeout as sleep } from 'node:timers/promises';
import { openCatalog } from '../core/engines/catalog/catalog';
import { createRagBot } from '../core/features/chat/rag';
import { openFileConversationStore } from '../core/engines/conversations/file-store';
import { createOfflineLlm } from '../core/engines/llm/offline';
import { createHashEmbedder } from '../core/engines/search/hash-embedder';
import { createSearchIndex } from '../core/engines/search/index';
import { generatedChunk, sourceTexts } from './lexical-corpus';
import { rng } from '../core/testing/rng';
import { percentile } from './proc';

const [mode, dir, nArg, qArg] = process.argv.slice(2);
const n = Number(nArg);
const sources = sourceTexts();
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
const dirMb = (d: string) => readdirSync(d).reduce((s, f) => s + statSync(path.join(d, f)).size, 0) / 1e6;
const open = () => createSearchIndex({ dataDir: path.join(dir, 'search'), chromaUrl: null, embedder: createHashEmbedder(), saveDelayMs: 60_000 });

if (mode === 'build') {
  mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const index = await open();
  const batch = 200;
  // The longest time the event loop was held (a server's requests wait that long): the loop gets a turn after every
  // batch, as between a server's requests, so what is measured is the longest synchronous stretch of one upsert
  // (its segment write and, inline, its merges) or of the quiet-time merge.
  const loading = monitorEventLoopDelay({ resolution: 10 });
  loading.enable();
  await sleep(50); // its first firing starts the measure
  for (let i = 0; i < n; i += batch) {
    const chunks = [];
    for (let j = i; j < Math.min(n, i + batch); j++) chunks.push(generatedChunk(sources, j));
    await index.upsert(chunks);
    await turn();
    if ((i / batch) % 500 === 0) process.stderr.write(`indexed ${i}/${n} at ${((performance.now() - t0) / 1000).toFixed(0)} s, RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB\n`);
  }
  // The quiet time after a bulk load, as the product's save timer has it: the segments merged into one.
  // The histogram's timer records a block when it next fires: let it fire before reading.
  await sleep(50);
  loading.disable();
  const quiet = monitorEventLoopDelay({ resolution: 10 });
  quiet.enable();
  await sleep(50);
  const t1 = performance.now();
  await index.lexical.compact();
  const compactSeconds = (performance.now() - t1) / 1000;
  await sleep(50);
  quiet.disable();
  await index.close();
  const maxBlockMs = { loading: loading.max / 1e6, compact: quiet.max / 1e6 };
  const buildSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  process.stdout.write(JSON.stringify({ chunks: n, buildSeconds, compactSeconds, buildCpuSeconds: (cpu.user + cpu.system) / 1e6, peakRssMb: peakRssMb(), indexMb: dirMb(path.join(dir, 'search')), maxBlockMs }) + '\n');
} else if (mode === 'query') {
  const queries = Number(qArg ?? 200);
  const t0 = performance.now();
  const search = await open();
  const readyMs = performance.now() - t0;
  // The dense postings lists are read into the cache between queries after a restart; the figures below are of
  // the index once they are (a server answers meanwhile, reading them itself).
  const w0 = performance.now();
  await search.lexical.warmed();
  const warmMs = performance.now() - w0;
  const cache = search.lexical.cacheStats();
  const count = await search.count();
  const conversations = await openFileConversationStore({ dir: path.join(dir, 'conversations'), pruneEveryMs: 0 });
  const rag = createRagBot({ catalog: openCatalog(path.join(dir, 'db')), conversations, search, llm: createOfflineLlm() });
  const rand = rng(11);
  const lat: number[] = [];
  /** CPU time of this process per answer: what the answer costs, apart from waiting for a loaded machine. */
  const cpu: number[] = [];
  let answered = 0;
  let found = 0;
  for (let i = 0; i < queries + 10; i++) {
    const target = generatedChunk(sources, Math.floor(rand() * n));
    const words = target.text.split(' ');
    const start = Math.floor(rand() * Math.max(1, words.length - 8));
    const question = words.slice(start, start + 6).join(' ') + '?';
    const t = performance.now();
    const c0 = process.cpuUsage();
    const reply = await rag.answer(question, []);
    const ms = performance.now() - t;
    const c = process.cpuUsage(c0);
    if (i < 10) continue; // the first answers warm the page cache and JIT
    lat.push(ms);
    cpu.push((c.user + c.system) / 1000);
    if (!reply.notFound) answered++;
    const hits = await search.search(question, { k: 5 });
    if (hits.some((h) => h.chunk.id === target.id)) found++;
  }
  await search.close();
  process.stdout.write(JSON.stringify({
    chunks: count, readyMs, warmMs, cachedMb: cache.bytes / 1e6, cachedLists: cache.entries, queries, p50: percentile(lat, 50), p95: percentile(lat, 95), max: Math.max(...lat),
    cpuP50: percentile(cpu, 50), cpuP95: percentile(cpu, 95),
    answeredShare: answered / queries, foundAt5: found / queries, peakRssMb: peakRssMb(),
  }) + '\n');
} else {
  throw new Error(`unknown mode ${mode}`);
}
