/**
 * Where the time of search goes, stage by stage, on the generated catalog
 * of bench/lexical-corpus.ts with a real Chroma:
 *   node --import tsx bench/search-stages.ts [chunks=20000] [queries=100]
 * Build, per batch of 500 chunks: embedding (the offline hash embedder),
 * Chroma insert (upsert minus its embedding), lexical insert, and the final
 * segment write. One rag-query as the public widget asks it (the catalog
 * holds one approved public document per 20 chunks): catalog reads (the
 * catalog's languages, the public item ids), lexical search, query
 * embedding, Chroma query, fusion and chunk reads, and the answer's
 * composition (the offline answerer). Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openCatalog } from '../core/engines/catalog/catalog';
import type { Catalog } from '../core/engines/catalog/types';
import { createRagBot } from '../core/features/chat/rag';
import { openFileConversationStore } from '../core/engines/conversations/file-store';
import { publicSearchIndex } from '../core/features/governance/visibility';
import { createOfflineLlm } from '../core/engines/llm/offline';
import { startChroma } from '../core/engines/search/chroma-server';
import { createHashEmbedder } from '../core/engines/search/hash-embedder';
import { createSearchIndex } from '../core/engines/search/index';
import { createVectorIndex } from '../core/engines/search/vector-index';
import type { Document } from '../core/foundation/types';
import { generatedChunk, sourceTexts } from './lexical-corpus';
import { percentile } from './proc';
import { rng } from '../core/testing/rng';

const n = Number(process.argv[2] ?? 20_000);
const queries = Number(process.argv[3] ?? 100);
const work = mkdtempSync(path.join(process.env.BENCH_LEXICAL_DIR ?? os.tmpdir(), 'bench-stages-'));
const chroma = await startChroma({ dataDir: path.join(work, 'chroma'), port: 0 });
const sources = sourceTexts();
const embedder = createHashEmbedder();
const ms = (t: number) => performance.now() - t;
const cpuMs = (c: NodeJS.CpuUsage) => { const d = process.cpuUsage(c); return (d.user + d.system) / 1000; };

/** Sums time per stage: `time(stage, fn)` around any async call. */
const totals: Record<string, number> = {};
const samples: Record<string, number[]> = {};
async function time<T>(stage: string, fn: () => Promise<T> | T): Promise<T> {
  const t = performance.now();
  try { return await fn(); } finally { const d = ms(t); totals[stage] = (totals[stage] ?? 0) + d; (samples[stage] ??= []).push(d); }
}

/** A catalog whose every method is timed under `catalog reads` (lists) or `catalog gets`. */
function timedCatalog(catalog: Catalog): Catalog {
  const wrap = <T extends object>(c: T): T => new Proxy(c, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => time(prop === 'list' ? 'catalog reads' : `catalog ${String(prop)}`, () => (v as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return new Proxy(catalog, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (prop === 'items') return (type: string) => wrap((v as (t: string) => object).call(target, type));
      if (v && typeof v === 'object' && 'list' in v) return wrap(v);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  }) as Catalog;
}

try {
  const search = await createSearchIndex({ dataDir: path.join(work, 'search'), chromaUrl: chroma.url, embedder, collection: 'stages', saveDelayMs: 600_000 });
  const vectors = createVectorIndex({ url: chroma.url, embedder, collection: 'stages' });
  const build: Record<string, number> = {};
  const add = (k: string, v: number) => { build[k] = (build[k] ?? 0) + v; };
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i += 500) {
    const chunks = Array.from({ length: Math.min(500, n - i) }, (_, j) => generatedChunk(sources, i + j));
    let t = performance.now();
    await embedder.embed(chunks.map((c) => c.text));
    const embed = ms(t);
    add('embedding', embed);
    t = performance.now();
    await vectors.upsert(chunks);
    add('Chroma insert (without embedding)', ms(t) - embed);
    t = performance.now();
    search.lexical.upsert(chunks);
    add('lexical insert', ms(t));
  }
  let t = performance.now();
  await search.lexical.flush();
  add('lexical segment write at the end', ms(t));
  const buildSeconds = ms(t0) / 1000;
  const buildCpuSeconds = cpuMs(c0) / 1000;

  // One approved public document per 20 chunks, as the ingestion would leave them.
  const raw = openCatalog(path.join(work, 'db'));
  const items = Math.ceil(n / 20);
  await raw.transaction(async (tx) => {
    for (let id = 1; id <= items; id++) {
      await tx.documents.insert({
        status: 'completed', progress: 100, step: null, error: null, sha256: null, fileName: `d${id}.pdf`, fileType: 'application/pdf', fileSize: 1000,
        fileKey: `documents/${id}/d.pdf`, translation: { state: 'none', targetLanguage: null, fileKey: null, error: null }, updatedAt: new Date().toISOString(),
        review: 'approved', approvedBy: 'bench', audience: 'public', title: `Document ${id}`, description: '', sourceLanguage: 'English', languageto: null,
        needsTranslation: false, categoryId: null, approvedDate: null, createdAt: new Date().toISOString(), pageCount: 20, chunkCount: 20, imageCount: 0,
      } as unknown as Omit<Document, 'id'>);
    }
  });
  const catalog = timedCatalog(raw);
  const timedSearch = {
    ...search,
    async search(q: string, o?: Parameters<typeof search.search>[1]) { return time('search (index, all retrievers + fusion)', () => search.search(q, o)); },
  };
  const lexicalSearch = search.lexical.search.bind(search.lexical);
  search.lexical.search = (q, o) => { const s = performance.now(); try { return lexicalSearch(q, o); } finally { const d = ms(s); totals['lexical search'] = (totals['lexical search'] ?? 0) + d; (samples['lexical search'] ??= []).push(d); } };
  const pub = publicSearchIndex(timedSearch, catalog);
  const conversations = await openFileConversationStore({ dir: path.join(work, 'conversations'), pruneEveryMs: 0 });
  const rag = createRagBot({ catalog, conversations, search: pub, llm: createOfflineLlm() });
  const rand = rng(11);
  const lat: number[] = [];
  const cpu: number[] = [];
  const vectorOnly: Record<string, number[]> = { 'query embedding': [], 'Chroma query (whole catalog)': [], 'Chroma query (public item ids filter)': [] };
  const publicIds = [...Array(items).keys()].map((i) => i + 1);
  for (let i = 0; i < queries + 10; i++) {
    const target = generatedChunk(sources, Math.floor(rand() * n));
    const words = target.text.split(' ');
    const start = Math.floor(rand() * Math.max(1, words.length - 8));
    const question = words.slice(start, start + 6).join(' ') + '?';
    if (i === 10) for (const k of Object.keys(totals)) { totals[k] = 0; samples[k] = []; }
    const q0 = performance.now();
    const c1 = process.cpuUsage();
    await rag.answer(question, []);
    if (i < 10) continue;
    lat.push(ms(q0));
    cpu.push(cpuMs(c1));
    // The vector side alone, with and without the public filter the widget's search sends.
    t = performance.now(); await embedder.embed([question]); vectorOnly['query embedding'].push(ms(t));
    t = performance.now(); await vectors.search(question, 100); vectorOnly['Chroma query (whole catalog)'].push(ms(t) - vectorOnly['query embedding'].at(-1)!);
    t = performance.now(); await vectors.search(question, 100, { itemIds: publicIds }); vectorOnly['Chroma query (public item ids filter)'].push(ms(t) - vectorOnly['query embedding'].at(-1)!);
  }
  const per = (k: string) => (totals[k] ?? 0) / queries;
  const stages: Record<string, number> = {};
  for (const k of Object.keys(totals)) stages[`${k} (mean ms per answer)`] = per(k);
  const answerTotal = lat.reduce((a, b) => a + b, 0) / queries;
  stages['answer composition and the rest (mean ms)'] = answerTotal - per('search (index, all retrievers + fusion)') - Object.keys(totals).filter((k) => k.startsWith('catalog')).reduce((a, k) => a + per(k), 0);
  for (const [k, v] of Object.entries(vectorOnly)) stages[`${k} alone (p50 ms)`] = percentile(v, 50);
  process.stdout.write(JSON.stringify({
    chunks: n, items, load: os.loadavg().map((x) => x.toFixed(1)).join(' '),
    build: { seconds: buildSeconds, cpuSeconds: buildCpuSeconds, chunksPerSecond: n / buildSeconds, stagesSeconds: Object.fromEntries(Object.entries(build).map(([k, v]) => [k, v / 1000])) },
    query: { p50: percentile(lat, 50), p95: percentile(lat, 95), cpuP50: percentile(cpu, 50), cpuP95: percentile(cpu, 95), lexicalP95: percentile(samples['lexical search'] ?? [], 95), stages },
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }) + '\n');
  await search.close();
} finally {
  await chroma.stop();
  rmSync(work, { recursive: true, force: true });
}
