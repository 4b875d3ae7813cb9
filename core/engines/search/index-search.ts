import { detectLanguage, UNDETERMINED } from '../../foundation/text/language';
import { fuseRankings, type RankedList } from './fusion';
import { LEXICAL_FIELDS, type LexicalField, type LexicalIndex } from './lexical-index';
import type { VectorSide } from './index-vectors';
import type { Chunk, SearchHit, SearchOptions } from './types';

/** The fields a literal search (SearchOptions.literal) reads. */
const LITERAL_FIELDS: readonly LexicalField[] = ['words', 'title'];

export interface FusionWeights { words: number; grams: number; title: number; vector: number }

export interface FusionSettings {
  weights: FusionWeights;
  /** Score multiplier for chunks in the query's language minus one. */
  sameLanguageBoost: number;
  /** Candidates taken from each retriever before fusion. */
  depth: number;
}

/** Whether this search should ask Chroma (configured, weighted, not known to be down, same embedder). */
async function vectorReady(vectors: VectorSide | null): Promise<boolean> {
  if (!vectors) return false;
  return vectors.ready();
}

/** One search: the lexical fields' rankings and (unless literal, and when Chroma is up) the vector ranking, fused. */
export async function fusedSearch(
  lexical: LexicalIndex, vectors: VectorSide | null, settings: FusionSettings, query: string, searchOptions: SearchOptions = {},
): Promise<SearchHit[]> {
  const { weights, depth } = settings;
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
  if (!literal && (await vectorReady(vectors))) {
    const hits = await vectors!.hits(query, Math.max(depth, k), filters);
    // Chroma holds no text: a hit's chunk is read from the lexical index (not there yet, or gone: left out below).
    if (hits) {
      const chunkOf = (id: string) => lexical.get(id) ?? null;
      lists.push({ weight: weights.vector, hits: hits.map((h) => ({ id: h.id, score: h.score, item: { language: h.language, get chunk() { return chunkOf(h.id); } } })) });
    }
  }
  const boost = settings.sameLanguageBoost;
  const fused = fuseRankings(lists, k, literal ? {} : { prior: (c) => (c.language === language ? 1 + boost : 1) });
  // A hit whose chunk the lexical index does not hold (removed meanwhile, or written to Chroma first) is left out.
  return fused.flatMap((h): SearchHit[] => {
    const chunk = h.item.chunk;
    return chunk ? [{ chunk, score: h.score }] : [];
  });
}
