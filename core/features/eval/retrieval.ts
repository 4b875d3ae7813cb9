/**
 * Retrieval evaluation on SQuAD-format files (see shared/eval/README.md):
 * every passage of every file pooled into one throwaway index (an article
 * is one document, its paragraphs are sections, chunked by the product
 * chunker and indexed by createSearchIndex with a temporary Chroma and data
 * folder); every answerable question asked through the bot's own ranking
 * (core/engines/search/retrieve.ts: fusion, language boost, coverage re-rank, the
 * question's language detected once); Hit@1, Hit@5, MRR@10 per language
 * and query latency p50/p95. With a reranker (RERANK_URL), the same scores
 * again for the reranked order of the same candidates (core/engines/search/reranked.ts,
 * as retrieve() applies it), beside the fused order's.
 *
 * A hit is a retrieved chunk that comes from the gold passage and contains
 * a gold answer (case and whitespace normalised).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { chunkSections, chunkText, type ChunkOptions } from '../../engines/search/chunker';
import { startChroma, type ChromaServer } from '../../engines/search/chroma-server';
import { createHashEmbedder } from '../../engines/search/hash-embedder';
import { createSearchIndex, type LocalSearchIndex as SearchIndex, type SearchIndexOptions } from '../../engines/search/index';
import type { Reranker } from '../../engines/search/reranked';
import type { RerankOutcome } from '../../engines/search/rerank';
import { fusedPassages, queryVariant, type Passage } from '../../engines/search/retrieve';
import type { Chunk, Embedder } from '../../engines/search/types';
import { detectLanguage, UNDETERMINED } from '../../foundation/text/language';
import { normalizeForMatch } from '../../foundation/text/normalize';

export interface EvalProgress { phase: 'indexing' | 'asking'; done: number; total: number }

export interface EvalOptions {
  /** Folder of SQuAD-format *.json files. */
  dataDir: string;
  /** Chunks retrieved per question (at least 10 are retrieved for MRR@10). */
  k?: number;
  onProgress?: (p: EvalProgress) => void;
  /** Use this embedder (default: offline hash embedder). */
  embedder?: Embedder;
  /** Use a running Chroma instead of starting one; null = lexical only. */
  chromaUrl?: string | null;
  /** Ask at most this many questions per file (default all). */
  questionsPerFile?: number;
  chunking?: ChunkOptions;
  /** Passed to createSearchIndex (weights, boosts) for experiments. */
  index?: Partial<Pick<SearchIndexOptions, 'weights' | 'sameLanguageBoost' | 'candidates'>>;
  /** Also score the reranker's order of each question's fused candidates (`reranked` in the result). */
  reranker?: Reranker | null;
  signal?: AbortSignal;
}

export interface LanguageScore { questions: number; hit1: number; hit5: number; mrr10: number }
export interface EvalResult {
  languages: Record<string, LanguageScore>;
  latencyMs: { p50: number; p95: number };
  passages: number;
  chunks: number;
  indexMs: number;
  /** Chunks that matched no passage of their article (reported, not counted as hits). */
  unmapped: Array<{ file: string; chunk: string }>;
  /** With a reranker: the scores of its order (`languages` above are the fused order's), its requests' outcomes and time. */
  reranked?: {
    reranker: string;
    languages: Record<string, LanguageScore>;
    outcomes: Partial<Record<RerankOutcome, number>>;
    latencyMs: { p50: number; p95: number };
  };
}

interface SquadFile { data: Array<{ title?: string; paragraphs: Array<{ context: string; qas: Array<{ question: string; is_impossible?: boolean; answers?: Array<{ text: string }> }> }> }> }
interface Question { text: string; lang: string; passage: string; answers: string[] }

/** Language from a file name's two-letter part: xquad.es.json -> es, heq.he.val.json -> he. */
export function languageFromFileName(file: string): string | null {
  const parts = path.basename(file).toLowerCase().split(/[._-]/);
  return parts.slice(1).find((p) => /^[a-z]{2}$/.test(p)) ?? null;
}

/** Chunk and passage text compared through the chunker's own normaliser, spaces collapsed. */
const collapse = (s: string) => chunkText(s).replace(/\s+/g, ' ').trim();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** The pooled corpus: every article's chunks, which passage each chunk came from, and the answerable questions. */
interface Corpus {
  chunkPassage: Map<string, string>;
  questions: Question[];
  chunks: Chunk[];
  unmapped: EvalResult['unmapped'];
  passages: number;
}

/** Reads every SQuAD-format file into one corpus: an article is one document, its paragraphs are sections. */
async function readCorpus(files: string[], options: EvalOptions): Promise<Corpus> {
  const corpus: Corpus = { chunkPassage: new Map(), questions: [], chunks: [], unmapped: [], passages: 0 };
  let itemId = 0;
  for (const file of files) {
    const parsed = JSON.parse(await readFile(path.join(options.dataDir, file), 'utf8')) as SquadFile;
    if (!Array.isArray(parsed?.data)) throw new AppError('validation', `${file} is not in SQuAD format (no data array).`);
    const fileLang = languageFromFileName(file);
    let asked = 0;
    parsed.data.forEach((article, ai) => {
      itemId++;
      const keys = article.paragraphs.map((_, pi) => `${file}#${ai}#${pi}`);
      const chunks = chunkSections(article.paragraphs.map((p) => ({ text: p.context })),
        { itemType: 'document', itemId, title: String(article.title ?? '').replace(/_/g, ' ') }, options.chunking);
      const contexts = article.paragraphs.map((p) => collapse(p.context));
      for (const c of chunks) {
        const text = collapse(c.text);
        const at = contexts.findIndex((ctx) => ctx.includes(text));
        // A chunk that cannot be mapped is reported and skipped (it stays indexed but never counts as a hit).
        if (at < 0) corpus.unmapped.push({ file, chunk: c.id });
        else corpus.chunkPassage.set(c.id, keys[at]);
      }
      corpus.chunks.push(...chunks);
      article.paragraphs.forEach((p, pi) => {
        corpus.passages++;
        for (const qa of p.qas) {
          const answers = (qa.answers ?? []).map((a) => a.text).filter(Boolean);
          if (qa.is_impossible || answers.length === 0) continue;
          if (options.questionsPerFile !== undefined && asked >= options.questionsPerFile) continue;
          asked++;
          corpus.questions.push({ text: qa.question, lang: fileLang ?? detectLanguage(qa.question), passage: keys[pi], answers });
        }
      });
    });
  }
  return corpus;
}

/** Indexes the chunks 200 at a time; returns the time it took in ms. */
async function indexChunks(index: SearchIndex, chunks: Chunk[], options: EvalOptions): Promise<number> {
  const t0 = performance.now();
  const batch = 200;
  for (let i = 0; i < chunks.length; i += batch) {
    options.signal?.throwIfAborted();
    await index.upsert(chunks.slice(i, i + batch));
    options.onProgress?.({ phase: 'indexing', done: Math.min(i + batch, chunks.length), total: chunks.length });
  }
  return performance.now() - t0;
}

/** Counts where the question's gold chunk is among the first k passages. */
function score(into: Record<string, LanguageScore>, q: Question, passages: Passage[], k: number, chunkPassage: Map<string, string>): void {
  const answers = q.answers.map(normalizeForMatch);
  const rank = passages.slice(0, k).findIndex(({ hit: h }) => chunkPassage.get(h.chunk.id) === q.passage
    && answers.some((a) => normalizeForMatch(h.chunk.text).includes(a)));
  const s = (into[q.lang] ??= { questions: 0, hit1: 0, hit5: 0, mrr10: 0 });
  s.questions++;
  if (rank === 0) s.hit1++;
  if (rank >= 0 && rank < 5) s.hit5++;
  if (rank >= 0 && rank < 10) s.mrr10 += 1 / (rank + 1);
}

/** What asking every question gave: the scores and latencies of the fused order and, with a reranker, of its order. */
interface Asked {
  scores: Record<string, LanguageScore>;
  latencies: number[];
  rerankScores: Record<string, LanguageScore>;
  rerankLatencies: number[];
  outcomes: Partial<Record<RerankOutcome, number>>;
}

/** Asks every question through the bot's own ranking (and the reranker when there is one), scored per language. */
async function askQuestions(index: SearchIndex, corpus: Corpus, k: number, options: EvalOptions): Promise<Asked> {
  const { questions, chunkPassage } = corpus;
  const asked: Asked = { scores: {}, latencies: [], rerankScores: {}, rerankLatencies: [], outcomes: {} };
  const reranker = options.reranker ?? null;
  for (const [qi, q] of questions.entries()) {
    options.signal?.throwIfAborted();
    const t = performance.now();
    const detected = detectLanguage(q.text);
    const variant = queryVariant(q.text, detected === UNDETERMINED ? 'en' : detected);
    // With a reranker the fused candidates are as many as it is sent (as retrieve() searches them); the first k are the fused order's.
    const passages = await fusedPassages(index, [variant], { k: reranker ? Math.max(k, reranker.topN) : k });
    asked.latencies.push(performance.now() - t);
    score(asked.scores, q, passages, k, chunkPassage);
    if (reranker) {
      const r0 = performance.now();
      const { passages: reranked, outcome } = await reranker.rerank(variant.text, passages, options.signal);
      asked.rerankLatencies.push(performance.now() - r0);
      if (outcome) asked.outcomes[outcome] = (asked.outcomes[outcome] ?? 0) + 1;
      score(asked.rerankScores, q, reranked, k, chunkPassage);
    }
    if ((qi + 1) % 50 === 0 || qi + 1 === questions.length) options.onProgress?.({ phase: 'asking', done: qi + 1, total: questions.length });
  }
  for (const s of [...Object.values(asked.scores), ...Object.values(asked.rerankScores)]) {
    s.hit1 = round(s.hit1 / s.questions); s.hit5 = round(s.hit5 / s.questions); s.mrr10 = round(s.mrr10 / s.questions);
  }
  asked.latencies.sort((a, b) => a - b);
  asked.rerankLatencies.sort((a, b) => a - b);
  return asked;
}

const latency = (sorted: number[]) => ({ p50: round(percentile(sorted, 0.5), 2), p95: round(percentile(sorted, 0.95), 2) });

export async function runEval(options: EvalOptions): Promise<EvalResult> {
  const k = Math.max(options.k ?? 10, 10);
  const files = (await readdir(options.dataDir)).filter((f) => f.endsWith('.json')).sort();
  if (files.length === 0) throw new AppError('validation', `No SQuAD-format *.json files in ${options.dataDir}.`);

  const work = await mkdtemp(path.join(os.tmpdir(), 'cms-eval-'));
  let chroma: ChromaServer | null = null;
  try {
    let chromaUrl = options.chromaUrl;
    if (chromaUrl === undefined) {
      chroma = await startChroma({ dataDir: path.join(work, 'chroma'), port: 0, signal: options.signal });
      chromaUrl = chroma.url;
    }
    const index = await createSearchIndex({
      dataDir: null, chromaUrl, embedder: options.embedder ?? createHashEmbedder(),
      collection: `eval_${Date.now()}`, ...options.index,
    });
    const corpus = await readCorpus(files, options);
    const indexMs = await indexChunks(index, corpus.chunks, options);
    const asked = await askQuestions(index, corpus, k, options);
    await index.clear().catch(() => undefined);
    await index.close();
    const reranker = options.reranker ?? null;
    return {
      languages: asked.scores,
      latencyMs: latency(asked.latencies),
      passages: corpus.passages, chunks: corpus.chunks.length, indexMs: Math.round(indexMs), unmapped: corpus.unmapped,
      ...(reranker ? { reranked: { reranker: reranker.id, languages: asked.rerankScores, outcomes: asked.outcomes, latencyMs: latency(asked.rerankLatencies) } } : {}),
    };
  } finally {
    await chroma?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

/** Plain-text table of an eval result, for CLIs. */
export function formatEval(r: EvalResult): string {
  const lines = [r.reranked ? 'fused order' : '', 'lang  questions  Hit@1  Hit@5  MRR@10'].filter(Boolean);
  const table = (languages: Record<string, LanguageScore>) => {
    for (const [lang, s] of Object.entries(languages).sort()) {
      lines.push(`${lang.padEnd(5)} ${String(s.questions).padStart(9)}  ${s.hit1.toFixed(3)}  ${s.hit5.toFixed(3)}  ${s.mrr10.toFixed(3)}`);
    }
  };
  table(r.languages);
  if (r.reranked) {
    lines.push(`reranked by ${r.reranked.reranker}`, 'lang  questions  Hit@1  Hit@5  MRR@10');
    table(r.reranked.languages);
    lines.push(`reranking: ${Object.entries(r.reranked.outcomes).map(([o, n]) => `${n} ${o}`).join(', ') || 'no requests'}; p50 ${r.reranked.latencyMs.p50} ms, p95 ${r.reranked.latencyMs.p95} ms`);
  }
  lines.push(`latency p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms; ${r.passages} passages, ${r.chunks} chunks indexed in ${r.indexMs} ms`);
  return lines.join('\n');
}
