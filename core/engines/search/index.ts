/**
 * The search index: lexical BM25 (words, character 4-grams, title) kept in
 * the data folder plus vectors in Chroma, fused per query.
 *
 * Writes go to Chroma first and fail with AppError('unavailable') when it
 * is down, so an ingestion job fails with a reason and can be retried.
 * Searches degrade to lexical-only when Chroma fails (health() says so)
 * and try Chroma again after a short pause.
 */
import type { LogLine } from '../../foundation/log';
import { createLexicalIndex, type LexicalIndex } from './lexical-index';
import { fusedSearch, type FusionWeights } from './index-search';
import { VectorSide } from './index-vectors';
import { reindexVectors, upsertChunks } from './index-writes';
import type { Embedder, MaintainedSearchIndex } from './types';
import { createVectorIndex, type VectorIndex } from './vector-index';

export { MAX_WHERE_ITEM_IDS } from './index-vectors';
export type { FusionWeights } from './index-search';

export interface SearchIndexOptions {
  /** Folder for the lexical index file; null keeps it in memory (tests, eval). */
  dataDir: string | null;
  /** Chroma base URL; null runs lexical-only by configuration. */
  chromaUrl: string | null;
  embedder: Embedder;
  /** Chroma collection name (default 'chunks'). */
  collection?: string;
  /** Retriever weights in fusion; defaults depend on the embedder (see defaultWeights). */
  weights?: Partial<FusionWeights>;
  /** Score multiplier for chunks in the query's language minus one (default 0.1). */
  sameLanguageBoost?: number;
  /** Candidates taken from each retriever before fusion (default 100). */
  candidates?: number;
  /** Lexical save debounce (default 1000 ms). */
  saveDelayMs?: number;
  /** Told what went wrong in the background (a failed save or merge of the lexical index), e.g. the server's log; at debug level, its quiet times. */
  log?: LogLine;
  /** Pause before trying Chroma again after a failed search (default 10 s). */
  retryAfterMs?: number;
  /**
   * How long a write (upsert, delete, clear) waits for Chroma to come back
   * (the supervisor restarts it; a reindex may have just rebuilt the
   * collection) before failing. Default 0: fail at once.
   */
  writeWaitMs?: number;
}

/**
 * Measured on the pooled eval: word BM25 and 4-gram BM25 carry retrieval;
 * the offline hash embedder repeats the n-gram signal without IDF and only
 * helps as a small tie-breaker. A real embedding model (OpenAI-compatible,
 * ONNX) brings meaning the lexical side lacks and gets an equal say.
 */
export function defaultWeights(embedder: Embedder): FusionWeights {
  const offline = embedder.id.startsWith('hash-');
  return { words: 0.5, grams: 0.5, title: 0.05, vector: offline ? 0.05 : 0.5 };
}

/** The search index with its process-local lexical side exposed, for a change feed to keep it current (./feed.ts). */
export interface LocalSearchIndex extends MaintainedSearchIndex {
  readonly lexical: LexicalIndex;
}

export async function createSearchIndex(options: SearchIndexOptions): Promise<LocalSearchIndex> {
  const lexical = await createLexicalIndex({
    dataDir: options.dataDir, saveDelayMs: options.saveDelayMs, log: options.log,
    onQuiet: (chunks) => options.log?.(`Search index written and merged at a quiet time: ${chunks} chunks`, { level: 'debug', indexChunks: chunks }),
  });
  const vectors: VectorIndex | null = options.chromaUrl
    ? createVectorIndex({ url: options.chromaUrl, embedder: options.embedder, collection: options.collection })
    : null;
  const weights = { ...defaultWeights(options.embedder), ...options.weights };
  const settings = { weights, sameLanguageBoost: options.sameLanguageBoost ?? 0.1, depth: options.candidates ?? 100 };
  const side = vectors
    ? new VectorSide(vectors, {
      weight: weights.vector, retryAfterMs: options.retryAfterMs ?? 3_000, writeWaitMs: options.writeWaitMs ?? 0, embedderId: options.embedder.id,
    })
    : null;

  return {
    lexical,
    upsert: (chunks, onProgress) => upsertChunks(lexical, side, chunks, onProgress),

    async deleteItem(itemType, itemId) {
      if (side) await side.whenUp(() => side.vectors.deleteItem(itemType, itemId));
      lexical.deleteItem(itemType, itemId);
    },

    async clear() {
      if (side) await side.whenUp(() => side.vectors.reset());
      lexical.clear();
      await lexical.flush();
    },

    search: (query, searchOptions) => fusedSearch(lexical, side, settings, query, searchOptions),

    async count() {
      return lexical.count();
    },

    async health() {
      const n = lexical.count();
      if (!side) return { ok: true, detail: `lexical search only (no Chroma configured), ${n} chunks` };
      return side.health(n);
    },

    async needsReindex() {
      return vectors ? vectors.needsReindex() : false;
    },

    reindex: (o) => reindexVectors(lexical, vectors, o),

    async close() {
      await lexical.close();
    },
  };
}

export { createHashEmbedder } from './hash-embedder';
export type { Chunk, Embedder, SearchIndex, MaintainedSearchIndex, SearchHit, SearchOptions } from './types';
