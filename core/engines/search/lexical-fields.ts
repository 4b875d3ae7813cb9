/** The fields of the lexical index (./lexical-index.ts), their key prefixes in the segments, and what a search asks and answers. */
import type { Chunk, SearchFilters } from './types';

export const LEXICAL_FIELDS = ['words', 'grams', 'title'] as const;
export type LexicalField = (typeof LEXICAL_FIELDS)[number];
export const FIELD_KEY: Record<LexicalField, string> = { words: 'w', grams: 'g', title: 't' };
/** A field's place in the per-document lengths (DocTable.len). */
export const FIELD_INDEX: Record<LexicalField, number> = { words: 0, grams: 1, title: 2 };

/** A hit: its id and language at once, its chunk read from disk when first asked for (fusion needs only the first two). */
/** `chunk` is read when asked for: null when the chunk was removed since the search (e.g. a version went live). */
export interface LexicalHit { id: string; language: string; score: number; readonly chunk: Chunk | null }
export type LexicalResult = Record<LexicalField, LexicalHit[]>;

export interface LexicalSearchOptions {
  k: number;
  /** Language of the query (ISO 639-1): chooses stemmer and function words. */
  language: string;
  filters?: SearchFilters;
  /** Score every posting instead of skipping those that cannot reach the top k (same result; for tests and benchmarks). */
  exhaustive?: boolean;
  /** The fields searched (default all); the others come back empty. */
  fields?: readonly LexicalField[];
}
