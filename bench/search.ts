/**
 * Search benchmark: builds an index of N synthetic multilingual chunks
 * (words drawn with a Zipf law from generated vocabularies in Latin,
 * Cyrillic and Hebrew script) and measures build time, memory and query
 * latency. Queries are word runs taken from random chunks, so the right
 * chunk is known and found-rate is reported as a sanity check.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChroma, type ChromaServer } from '../core/engines/search/chroma-server';
import { createHashEmbedder } from '../core/engines/search/hash-embedder';
import { createSearchIndex } from '../core/engines/search/index';
import type { Chunk, Embedder } from '../core/engines/search/types';
import { rng } from '../core/testing/rng';

export interface BenchOptions {
  chunks: number;
  queries?: number;
  /** Also index vectors in Chroma (started in a temp folder unless a URL is given). Default false: lexical only. */
  vectors?: boolean | string;
  embedder?: Embedder;
  seed?: number;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export interface BenchResult {
  chunks: number;
  buildMs: number;
  chunksPerSecond: number;
  heapMB: number;
  rssMB: number;
  queryMs: { p50: number; p95: number; max: number };
  foundAt1: number;
  vectors: boolean;
}

const SCRIPTS: Array<{ lang: string; onsets: string[]; vowels: string[]; codas: string[] }> = [
  { lang: 'en', onsets: ['b', 'c', 'd', 'f', 'g', 'h', 'l', 'm', 'n', 'p', 'r', 's', 't', 'w', 'st', 'tr', 'ch', 'sh'], vowels: ['a', 'e', 'i', 'o', 'u', 'ea', 'ou'], codas: ['', 'n', 'r', 's', 't', 'nd', 'ng', 'ck'] },
  { lang: 'de', onsets: ['b', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'w', 'z', 'sch', 'st', 'pf'], vowels: ['a', 'e', 'i', 'o', 'u', 'ä', 'ö', 'ü', 'ei', 'au'], codas: ['', 'n', 'r', 's', 't', 'ng', 'ch', 'tz'] },
  { lang: 'es', onsets: ['b', 'c', 'd', 'f', 'g', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'ch', 'll'], vowels: ['a', 'e', 'i', 'o', 'u', 'ió', 'ue'], codas: ['', 'n', 'r', 's', 'l'] },
  { lang: 'ru', onsets: ['б', 'в', 'г', 'д', 'ж', 'з', 'к', 'л', 'м', 'н', 'п', 'р', 'с', 'т', 'ч', 'ш'], vowels: ['а', 'е', 'и', 'о', 'у', 'ы', 'я'], codas: ['', 'н', 'р', 'с', 'т', 'й', 'ть'] },
  { lang: 'he', onsets: ['ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ', 'ק', 'ר', 'ש', 'ת'], vowels: ['', 'י', 'ו', 'א'], codas: ['', 'ם', 'ן', 'ת', 'ה', 'ים'] },
];

/** N synthetic chunks of about 150 words (≈1000 characters) in five languages. */
export function syntheticChunks(n: number, seed = 1): Chunk[] {
  const rand = rng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const vocabSize = 30_000;
  const vocab = SCRIPTS.map((s) => {
    const words = new Set<string>();
    while (words.size < vocabSize) {
      const syllables = 1 + Math.floor(rand() * 3.5);
      let w = '';
      for (let i = 0; i < syllables; i++) w += pick(s.onsets) + pick(s.vowels) + (i === syllables - 1 ? pick(s.codas) : '');
      words.add(w);
    }
    return { lang: s.lang, words: [...words] };
  });
  // Zipf(1) sampling by inverse CDF over ranks.
  const harmonic = Math.log(vocabSize) + 0.5772;
  const zipf = () => Math.min(vocabSize - 1, Math.floor(Math.exp(rand() * harmonic) - 1));
  const chunks: Chunk[] = [];
  for (let i = 0; i < n; i++) {
    const v = vocab[i % vocab.length];
    const len = 120 + Math.floor(rand() * 60);
    const words: string[] = [];
    for (let j = 0; j < len; j++) words.push(v.words[zipf()]);
    const itemId = Math.floor(i / 20) + 1;
    chunks.push({
      id: `document:${itemId}:${i % 20}`, itemType: 'document', itemId, title: `Synthetic ${itemId}`,
      text: words.join(' ') + '.', page: (i % 20) + 1, slide: null, heading: null, language: v.lang, imageIds: [], ordinal: i % 20,
    });
  }
  return chunks;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round = (x: number) => Math.round(x * 100) / 100;

export async function runSearchBench(options: BenchOptions): Promise<BenchResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'cms-bench-'));
  let chroma: ChromaServer | null = null;
  try {
    let chromaUrl: string | null = null;
    if (options.vectors === true) {
      chroma = await startChroma({ dataDir: path.join(work, 'chroma'), port: 0 });
      chromaUrl = chroma.url;
    } else if (typeof options.vectors === 'string') chromaUrl = options.vectors;
    const chunks = syntheticChunks(options.chunks, options.seed ?? 1);
    const index = await createSearchIndex({
      dataDir: path.join(work, 'lexical'), chromaUrl, embedder: options.embedder ?? createHashEmbedder(),
      collection: `bench_${Date.now()}`, saveDelayMs: 60_000,
    });
    const t0 = performance.now();
    const batch = 500;
    for (let i = 0; i < chunks.length; i += batch) {
      await index.upsert(chunks.slice(i, i + batch));
      options.onProgress?.('indexing', Math.min(i + batch, chunks.length), chunks.length);
    }
    const buildMs = performance.now() - t0;
    (globalThis as { gc?: () => void }).gc?.();
    const mem = process.memoryUsage();

    const rand = rng((options.seed ?? 1) + 7);
    const q = options.queries ?? 200;
    const lat: number[] = [];
    let found = 0;
    for (let i = 0; i < q; i++) {
      const target = chunks[Math.floor(rand() * chunks.length)];
      const words = target.text.replace(/\.$/, '').split(' ');
      const start = Math.floor(rand() * (words.length - 8));
      const query = words.slice(start, start + 6).join(' ');
      const t = performance.now();
      const hits = await index.search(query, { k: 5 });
      lat.push(performance.now() - t);
      if (hits[0]?.chunk.id === target.id) found++;
      if ((i + 1) % 50 === 0) options.onProgress?.('querying', i + 1, q);
    }
    lat.sort((a, b) => a - b);
    await index.close();
    return {
      chunks: chunks.length, buildMs: Math.round(buildMs), chunksPerSecond: Math.round(chunks.length / (buildMs / 1000)),
      heapMB: Math.round(mem.heapUsed / 1e6), rssMB: Math.round(mem.rss / 1e6),
      queryMs: { p50: round(pct(lat, 0.5)), p95: round(pct(lat, 0.95)), max: round(lat.at(-1) ?? 0) },
      foundAt1: round(found / q), vectors: chromaUrl !== null,
    };
  } finally {
    await chroma?.stop();
    await rm(work, { recursive: true, force: true });
  }
}
