/**
 * rag-query latency with the offline (extractive) answerer on a catalog of
 * N chunks: a real Chroma plus the lexical index, the real RAG bot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openCatalog } from '../core/engines/catalog/catalog';
import { openFileConversationStore } from '../core/engines/conversations/file-store';
import { createRagBot } from '../core/features/chat/rag';
import { createOfflineLlm } from '../core/engines/llm/offline';
import { syntheticChunks } from './search';
import { startChroma } from '../core/engines/search/chroma-server';
import { createHashEmbedder } from '../core/engines/search/hash-embedder';
import { createSearchIndex } from '../core/engines/search/index';
import { percentile } from './proc';

const n = Number(process.argv[2] ?? 100_000);
const queries = Number(process.argv[3] ?? 200);
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-rag-'));
const chroma = await startChroma({ dataDir: path.join(work, 'chroma'), port: 0 });
try {
  const search = await createSearchIndex({ dataDir: path.join(work, 'search'), chromaUrl: chroma.url, embedder: createHashEmbedder(), saveDelayMs: 600_000 });
  const chunks = syntheticChunks(n, 3);
  const t0 = performance.now();
  for (let i = 0; i < chunks.length; i += 1000) await search.upsert(chunks.slice(i, i + 1000));
  const buildMs = performance.now() - t0;
  const conversations = await openFileConversationStore({ dir: path.join(work, 'conversations'), pruneEveryMs: 0 });
  const rag = createRagBot({ catalog: openCatalog(path.join(work, 'db')), conversations, search, llm: createOfflineLlm() });
  let seed = 11;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const lat: number[] = [];
  let answered = 0;
  for (let i = 0; i < queries; i++) {
    const target = chunks[Math.floor(rand() * chunks.length)];
    const words = target.text.split(' ');
    const start = Math.floor(rand() * Math.max(1, words.length - 8));
    const question = words.slice(start, start + 6).join(' ') + '?';
    const t = performance.now();
    const reply = await rag.answer(question, []);
    lat.push(performance.now() - t);
    if (!reply.notFound) answered++;
  }
  process.stdout.write(JSON.stringify({
    chunks: n, buildSeconds: buildMs / 1000, queries, p50: percentile(lat, 50), p95: percentile(lat, 95),
    answeredShare: answered / queries, peakRssMb: process.resourceUsage().maxRSS / 1024,
  }) + '\n');
  await search.close();
} finally {
  await chroma.stop();
  rmSync(work, { recursive: true, force: true });
}
