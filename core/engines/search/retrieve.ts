import { contentTerms, passageTermSet, type Term } from '../../foundation/text/terms';
import { isFrameTerm, questionCoverage, withoutPlaceWords } from '../../foundation/text/question-frame';
import type { Passage, Reranker } from './types';
import type { SearchHit, SearchIndex } from './types';

/**
 * The one ranking of the product, used by the document-search bot and by
 * `cms eval`: each query variant (the question, its follow-up rewrite, its
 * translations) is searched in its own language (BM25 words + character
 * n-grams + vectors, fused, same-language boost: ./index.ts), hits are
 * merged by chunk, then re-ranked by how much of the question's content
 * each passage covers.
 */

export interface QueryVariant {
  text: string;
  /** Language of `text`, detected once by the caller. */
  language: string;
  terms: Term[];
  /** Terms of the question itself (without terms a follow-up borrowed from earlier questions). */
  focus: Term[];
  /** What the index is searched with when it differs from `text` (the question with other spellings of its slot words). */
  searchText?: string;
}

export type { Passage } from './types';

/** Minimum share of the question's content terms a passage must contain to count as an answer source. */
export const MIN_COVERAGE = 0.5;
/** ...or at least this many of them (long questions). */
export const MIN_MATCHED_TERMS = 3;
const HITS_PER_QUERY = 8;

/** A query in a known language; `own` is the user's own words when `text` is a rewrite of them. */
export function queryVariant(text: string, language: string, own?: string): QueryVariant {
  // "The second slide", "the last paragraph": the place is not what a passage must hold (core/foundation/text/question-frame.ts).
  const terms = placeTerms(text, language);
  return { text, language, terms, focus: own !== undefined ? placeTerms(own, language) : terms };
}

/**
 * A question's terms without the place it names; a question asking only for a place ("What is printed on
 * page 6?": nothing but frame words left) keeps it, since a text that numbers its pages writes "Page 6".
 */
function placeTerms(text: string, language: string): Term[] {
  const placeless = contentTerms(withoutPlaceWords(text), language);
  return placeless.every((t) => isFrameTerm(t, language)) ? contentTerms(text, language) : placeless;
}

/**
 * The passages for a question: the fused order (fusedPassages), reordered by the search index's reranker when
 * one is configured (RERANK_URL; `options.reranker` overrides it, null: none).
 */
export async function retrieve(
  search: SearchIndex,
  variants: QueryVariant[],
  options: { k?: number; signal?: AbortSignal; reranker?: Reranker | null } = {},
): Promise<Passage[]> {
  const k = options.k ?? HITS_PER_QUERY;
  // ── RERANK HOOK (core/engines/search/reranked.ts): the one place a configured reranker enters the answer path. ──
  // Without one nothing else runs. With one, each variant is searched for its top N, the first N passages of the
  // fused order are put in the reranker's order (the fused order stays on failure), and as many are kept as k gives.
  const reranker = options.reranker !== undefined ? options.reranker : search.reranker;
  if (!reranker || variants.length === 0) return fusedPassages(search, variants, options);
  const wide = await fusedPassages(search, variants, { ...options, k: Math.max(k, reranker.topN) });
  const { passages } = await reranker.rerank(variants[0].text, wide, options.signal);
  return passages.slice(0, k * variants.length);
}

/** Searches every variant, merges by chunk, and ranks by coverage of the question, then by the fused score. */
export async function fusedPassages(
  search: SearchIndex,
  variants: QueryVariant[],
  options: { k?: number; signal?: AbortSignal } = {},
): Promise<Passage[]> {
  const k = options.k ?? HITS_PER_QUERY;
  const results = await Promise.all(variants.map((v) => search.search(v.searchText ?? v.text, { k, language: v.language })));
  options.signal?.throwIfAborted();
  const best = new Map<string, SearchHit>();
  for (const hits of results) {
    for (const h of hits) {
      const prev = best.get(h.chunk.id);
      if (!prev || h.score > prev.score) best.set(h.chunk.id, h);
    }
  }
  const passages = [...best.values()].map((hit) => judgePassage(hit, variants));
  // One standalone query: the index's fused score is the better order (on `cms eval`, any coverage ordering
  // cost 0.5 to 3.5 points of Hit@1); `relevant` still tells which passages can answer.
  if (variants.length === 1 && variants[0].focus === variants[0].terms) return passages.sort((a, b) => b.hit.score - a.hit.score);
  // Several variants (translations: their scores do not compare) or a follow-up: coverage of all terms plus of
  // the question's own terms (so a follow-up's subject outweighs borrowed context, while the context still
  // breaks ties), in eighth steps; then the fused score.
  const rank = (p: Passage) => Math.round((p.relevance + p.focus) * 8);
  return passages.sort((a, b) => Number(b.relevant) - Number(a.relevant) || rank(b) - rank(a) || b.hit.score - a.hit.score);
}

/** A hit judged against the question: how much of it the passage covers, and whether it can answer. */
export function judgePassage(hit: SearchHit, variants: QueryVariant[]): Passage {
  // A passage in another language of the same alphabet (often a short text misdetected) is also read in the question's.
  const text = `${hit.chunk.heading ?? ''}\n${hit.chunk.text}`;
  const set = passageTermSet(text, hit.chunk.language, variants[0]?.language ?? hit.chunk.language);
  // Judge a passage by the question in its own language when we have it, else by the best variant.
  const same = variants.filter((v) => v.language === hit.chunk.language);
  const candidates = same.length ? same : variants;
  let top = { matched: 0, ratio: 0, focus: 0 };
  for (const v of candidates) {
    // Frame words ("shown", "the table") are not asked for; a value of the asked kind half-fills "number", "date", "phone".
    const c = questionCoverage(v.terms, set, text, v.language);
    const f = v.focus === v.terms ? c.ratio : questionCoverage(v.focus, set, text, v.language).ratio;
    if (c.ratio > top.ratio || (c.ratio === top.ratio && c.matched > top.matched)) top = { ...c, focus: f };
  }
  return {
    hit, relevance: top.ratio, matched: top.matched, focus: top.focus,
    relevant: top.matched >= 1 && (top.ratio >= MIN_COVERAGE || top.matched >= MIN_MATCHED_TERMS),
  };
}
