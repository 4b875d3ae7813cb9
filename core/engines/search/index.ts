/**
 * The search index: lexical BM25 (words, character 4-grams, title) kept in
 * the data folder plus vectors in Chroma, fused per query.
 *
 * Writes go to Chroma first and fail with AppError('unavailable') when it
 * is down, so an ingestion job fails with a reason and can be retried.
 * Searches degrade to lexical-only when Chroma fails (health() says so)
 * and try Chroma again after a short pause.
 */
import { AppError, isAppError } from '../../foundation/errors';
import type { LogLine } from '../../foundation/log';
import { detectLanguage, UNDETERMINED } from '../../foundation/text/language';
import { fuseRankings, type RankedList } from './fusion';
import { createLexicalIndex, LEXICAL_FIELDS, type LexicalField, type LexicalIndex } from './lexical-index';
import type { Chunk, Embedder, MaintainedSearchIndex, SearchFilters, SearchHit, SearchOptions } from './types';
import { createVectorIndex, type VectorIndex } from './vector-index';

/** The fields a literal search (SearchOptions.literal) reads. */
const LITERAL_FIELDS: readonly LexicalField[] = ['words', 'title'];
/** Chunks analysed into the lexical index in one go without Chroma (~2 ms a chunk on a busy 2-core machine). */
const LEXICAL_BATCH = 64;

/** Above this many allowed item ids a vector search filters Chroma's hits here instead of in Chroma's `where` (see vectorSearch). */
export const MAX_WHERE_ITEM_IDS = 256;

export interface FusionWeights { words: number; grams: number; title: number; vector: number }

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
  const boost = options.sameLanguageBoost ?? 0.1;
  const depth = options.candidates ?? 100;
  const retryAfter = options.retryAfterMs ?? 3_000;
  const writeWait = options.writeWaitMs ?? 0;

  /** Runs a vector write, retrying while Chroma is unavailable, for at most writeWaitMs. */
  const whenUp = async <T>(fn: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    for (let delay = 250; ; delay = Math.min(delay * 2, 2000)) {
      try {
        return await fn();
      } catch (e) {
        if (!isAppError(e) || e.code !== 'unavailable') throw e;
        if (Date.now() - started + delay > writeWait) {
          if (writeWait <= 0) throw e;
          throw new AppError('unavailable', `${e.message} (waited ${Math.round((Date.now() - started) / 1000)} s for it to come back)`, { cause: e });
        }
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  };
  let vectorDownUntil = 0;
  let lastVectorError: string | null = null;

  const markDown = (e: unknown) => {
    if (!isAppError(e) || e.code !== 'unavailable') throw e;
    vectorDownUntil = Date.now() + retryAfter;
    lastVectorError = e.message;
  };

  /** Whether this search should ask Chroma (configured, weighted, not known to be down, same embedder). */
  const vectorReady = async (): Promise<boolean> => {
    if (!vectors || weights.vector <= 0 || Date.now() < vectorDownUntil) return false;
    try {
      return !(await vectors.needsReindex());
    } catch (e) {
      markDown(e);
      return false;
    }
  };

  /**
   * The vector hits for a search. A long list of allowed items (public
   * search sends at most MAX_WHERE_ITEM_IDS, except for a catalog of many
   * public items all ranked below 64 k hidden hits: core/features/governance/visibility.ts)
   * makes Chroma's `$in` filter
   * the slowest part of a query (measured: 152 ms against 29 ms unfiltered at
   * 500 items, and it grows with the list): Chroma is asked unfiltered for
   * twice the depth and the allowed hits kept. When `depth` of them are
   * allowed they are exactly the filtered query's first `depth` (any closer
   * allowed chunk would be among them); otherwise (a mostly private
   * catalog) Chroma is asked again with the list.
   */
  const vectorSearch = async (query: string, n: number, filters?: SearchFilters) => {
    const ids = filters?.itemIds;
    if (!ids || ids.length <= MAX_WHERE_ITEM_IDS) return vectors!.search(query, n, filters);
    const allowed = new Set(ids);
    const wide = await vectors!.search(query, n * 2, { ...filters, itemIds: undefined });
    const kept = wide.filter((h) => allowed.has(h.itemId));
    return kept.length >= n ? kept.slice(0, n) : vectors!.search(query, n, filters);
  };

  return {
    lexical,
    async upsert(chunks, onProgress) {
      if (chunks.length === 0) return;
      // A batch goes to the lexical index once Chroma has it (never ahead of it), while Chroma takes the next batch.
      // The lexical index takes it LEXICAL_BATCH chunks at a time, the event loop free between two (analysing a
      // big file's chunks at once held it for seconds: ~2 ms a chunk on a busy 2-core machine).
      let indexed = 0;
      const toLexical = async (batch: Chunk[]) => {
        for (let i = 0; i < batch.length; i += LEXICAL_BATCH) {
          if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
          const part = batch.slice(i, i + LEXICAL_BATCH);
          lexical.upsert(part);
          indexed += part.length;
          onProgress?.(indexed, chunks.length);
        }
      };
      if (vectors) await whenUp(async () => { if (!(await vectors.needsReindex())) await vectors.upsert(chunks.slice(indexed), undefined, toLexical); });
      // Without Chroma, or what it did not take.
      if (indexed < chunks.length) await toLexical(chunks.slice(indexed));
    },

    async deleteItem(itemType, itemId) {
      if (vectors) await whenUp(() => vectors.deleteItem(itemType, itemId));
      lexical.deleteItem(itemType, itemId);
    },

    async clear() {
      if (vectors) await whenUp(() => vectors.reset());
      lexical.clear();
      await lexical.flush();
    },

    async search(query, searchOptions: SearchOptions = {}) {
      const k = searchOptions.k ?? 5;
      const filters = searchOptions.filters;
      if (!query.trim() || k <= 0) return [];
      let language = searchOptions.language ?? detectLanguage(query);
      if (language === UNDETERMINED) language = 'en';
      // Fusion needs ids and languages only: chunks are read for the k fused hits.
      const lists: RankedList<{ language: string; readonly chunk: Chunk | null }>[] = [];
      // A literal search: words and titles hold a literal string as it is written; n-grams and vectors rank what it means.
      const literal = searchOptions.literal === true;
      const fields = literal ? LITERAL_FIELDS : LEXICAL_FIELDS;
      const lex = lexical.search(query, { k: literal ? k : Math.max(depth, k), language, filters, fields });
      for (const field of fields) {
        lists.push({ weight: weights[field], hits: lex[field].map((h) => ({ id: h.id, score: h.score, item: h })) });
      }
      if (!literal && (await vectorReady())) {
        try {
          const hits = await vectorSearch(query, Math.max(depth, k), filters);
          lastVectorError = null;
          // Chroma holds no text: a hit's chunk is read from the lexical index (not there yet, or gone: left out below).
          lists.push({ weight: weights.vector, hits: hits.map((h) => ({ id: h.id, score: h.score, item: { language: h.language, get chunk() { return lexical.get(h.id) ?? null; } } })) });
        } catch (e) {
          markDown(e);
        }
      }
      const fused = fuseRankings(lists, k, literal ? {} : { prior: (c) => (c.language === language ? 1 + boost : 1) });
      // A hit whose chunk the lexical index does not hold (removed meanwhile, or written to Chroma first) is left out.
      return fused.flatMap((h): SearchHit[] => {
        const chunk = h.item.chunk;
        return chunk ? [{ chunk, score: h.score }] : [];
      });
    },

    async count() {
      return lexical.count();
    },

    async health() {
      const n = lexical.count();
      if (!vectors) return { ok: true, detail: `lexical search only (no Chroma configured), ${n} chunks` };
      try {
        await vectors.heartbeat();
        if (await vectors.needsReindex()) {
          return { ok: false, detail: `${n} chunks; the vector index was built by another embedder than ${options.embedder.id}: run \`cms reindex\`` };
        }
        const v = await vectors.count();
        const stale = v !== n ? `; vector index holds ${v}, lexical ${n}: run \`cms reindex\`` : '';
        vectorDownUntil = 0;
        return { ok: v === n, detail: `${n} chunks, Chroma at ${vectors.url} with ${options.embedder.id}${stale}` };
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        return { ok: false, detail: `degraded to lexical search: ${lastVectorError ?? msg}` };
      }
    },

    async needsReindex() {
      return vectors ? vectors.needsReindex() : false;
    },

    async reindex({ signal, onProgress } = {}) {
      if (!vectors) throw new AppError('not_configured', 'Reindexing needs Chroma: no Chroma URL is configured.');
      const total = lexical.count();
      await vectors.reset();
      let done = 0;
      for (const batch of lexical.batches(256)) {
        signal?.throwIfAborted();
        await vectors.upsert(batch, signal);
        done += batch.length;
        onProgress?.(done, total);
      }
      if (done === 0) onProgress?.(0, 0);
      return done;
    },

    async close() {
      await lexical.close();
    },
  };
}

export { createHashEmbedder } from './hash-embedder';
export type { Chunk, Embedder, SearchIndex, MaintainedSearchIndex, SearchHit, SearchOptions } from './types';
