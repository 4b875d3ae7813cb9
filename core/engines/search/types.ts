import type { ContentType } from '../../foundation/types';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';
import type { RerankOutcome } from './rerank';

/** A piece of an item's text, indexed for search. */
export type Chunk = Static<typeof S.Chunk>;

export interface SearchFilters {
  itemType?: ContentType;
  itemIds?: number[];
  language?: string;
}

export type SearchHit = Static<typeof S.SearchHit>;

export interface SearchOptions {
  k?: number;
  filters?: SearchFilters;
  /** The query's language when the caller knows it (detected once per question); detected here otherwise. */
  language?: string;
  /**
   * Where a literal string occurs (a host name, an e-mail address, a phone number), not what a question means:
   * the k best by the words and titles only, without character n-grams or vectors.
   */
  literal?: boolean;
}

/** The search index seen by ingestion, chat and the CLI. */
export interface SearchIndex {
  /** The reranker retrieve() puts in front of the answer (RERANK_URL, ./reranked.ts); none: the fused order. */
  readonly reranker?: Reranker | null;
  /** Indexes chunks (replacing any with the same id); `onProgress` is told as parts of them become searchable. */
  upsert(chunks: Chunk[], onProgress?: IndexProgress): Promise<void>;
  deleteItem(itemType: ContentType, itemId: number): Promise<void>;
  clear(): Promise<void>;
  search(query: string, options?: SearchOptions): Promise<SearchHit[]>;
  /** Number of chunks held. */
  count(): Promise<number>;
  health(): Promise<{ ok: boolean; detail: string }>;
  close(): Promise<void>;
}

/** Turns texts into vectors. Implementations: offline hashed n-grams, OpenAI-compatible HTTP, local ONNX. */
export interface Embedder {
  /** Stable id recorded with the index, e.g. 'hash-ngram-v1:512'. */
  readonly id: string;
  readonly dimension: number;
  /**
   * One vector per text. `languages[i]`, when given, is the language already judged for `texts[i]`
   * (a chunk's `language`): an embedder that needs one (the offline one stems by language) takes it
   * instead of judging the text again.
   */
  embed(texts: string[], signal?: AbortSignal, languages?: readonly string[]): Promise<number[][]>;
}

/** Progress of a long index operation (reindex). */
export type IndexProgress = (done: number, total: number) => void;

/**
 * Index maintenance beyond the core SearchIndex: the vector side records
 * which embedder built it; after an embedder change it must be rebuilt.
 */
export interface MaintainedSearchIndex extends SearchIndex {
  /** True when the vector index was built by a different embedder or dimension. */
  needsReindex(): Promise<boolean>;
  /** Rebuilds the vector index from the chunks held by the lexical index; returns the chunk count. */
  reindex(options?: { signal?: AbortSignal; onProgress?: IndexProgress }): Promise<number>;
}

/** A retrieved passage with how well it covers the question (core/engines/search/retrieve.ts). */
export interface Passage {
  hit: SearchHit;
  /** Share of the question's asked terms found in the passage (0..1; frame words left out, core/foundation/text/question-frame.ts). */
  relevance: number;
  /** Asked terms found; a slot word only filled by a value ("number" by a figure) counts a half. */
  matched: number;
  /** Share of the follow-up's own terms found (equals relevance for standalone questions). */
  focus: number;
  relevant: boolean;
}

/** Reorders the best fused passages through a reranking endpoint (core/engines/search/reranked.ts). */
export interface Reranker {
  readonly id: string;
  /** How many of the fused candidates are sent. */
  readonly topN: number;
  /** The passages in the reranker's order (or as given, when it failed) and how the request ended; none when fewer than two. */
  rerank(query: string, passages: Passage[], signal?: AbortSignal): Promise<{ passages: Passage[]; outcome: RerankOutcome | null }>;
}
