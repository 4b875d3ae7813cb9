import type { Catalog } from '../catalog/types';
import { AppError } from '../errors';
import {
  parsePreparedQuery, prepareQuerySystemPrompt, prepareQueryUserMessage, type ConversationTurn,
} from '../llm/prompts';
import type { LlmClient } from '../llm/types';
import type { SearchHit, SearchIndex } from '../search/types';
import { languageCode } from '../text/language';
import { heuristicStandalone } from './followup';
import { contentTerms, coverage, termSet, type Term } from './terms';

/**
 * From a visitor's question to ranked, relevance-checked passages:
 * follow-up rewrite and translation (one model call, or the offline
 * heuristic), one search per query language, merge, relevance threshold.
 */

export interface QueryVariant {
  text: string;
  language: string;
  terms: Term[];
  /** Terms of the question itself (without terms a follow-up borrowed from earlier questions). */
  focus: Term[];
}

export interface RetrievalPlan {
  /** Language of the question (answer language). */
  language: string;
  /** The question as retrieval used it (follow-ups rewritten). */
  standalone: string;
  variants: QueryVariant[];
  /** True when the model translated the question into other languages. */
  translated: boolean;
  /** Set when the model was configured but failed; the offline heuristic was used. */
  llmError: AppError | null;
}

export interface Passage {
  hit: SearchHit;
  /** Share of the question's content terms found in the passage (0..1). */
  relevance: number;
  matched: number;
  /** Share of the follow-up's own terms found (equals relevance for standalone questions). */
  focus: number;
  relevant: boolean;
}

/** Minimum share of the question's content terms a passage must contain to count as an answer source. */
export const MIN_COVERAGE = 0.5;
/** ...or at least this many of them (long questions). */
export const MIN_MATCHED_TERMS = 3;
const HITS_PER_QUERY = 8;

/** Languages of the catalog's ready content, as ISO codes (English when none is recorded). */
export function catalogLanguages(catalog: Catalog): string[] {
  const ready = (s: string) => s === 'completed' || s === 'approved';
  const langs = new Set<string>();
  for (const type of ['document', 'presentation', 'video'] as const) {
    for (const r of catalog.items(type).list()) {
      const code = r.sourceLanguage && ready(r.status) ? languageCode(r.sourceLanguage) : null;
      if (code) langs.add(code);
    }
  }
  return langs.size ? [...langs].sort() : ['en'];
}

export async function planQuery(input: {
  question: string;
  language: string;
  history: ConversationTurn[];
  llm: LlmClient;
  languages: string[];
  signal?: AbortSignal;
}): Promise<RetrievalPlan> {
  const { question, language, history, llm } = input;
  const others = input.languages.filter((l) => l !== language);
  const variant = (text: string, lang: string, own?: string): QueryVariant => {
    const terms = contentTerms(text, lang);
    return { text, language: lang, terms, focus: own !== undefined ? contentTerms(own, lang) : terms };
  };
  let llmError: AppError | null = null;

  if (llm.configured && (history.length > 0 || others.length > 0)) {
    try {
      const reply = await llm.complete(
        [{ role: 'user', content: prepareQueryUserMessage(question, history.slice(-6), others) }],
        { system: prepareQuerySystemPrompt(), maxTokens: 400, temperature: 0, signal: input.signal },
      );
      const prepared = parsePreparedQuery(reply);
      if (prepared) {
        const variants = [variant(prepared.standalone, language)];
        for (const l of others) {
          const t = prepared.translations[l];
          if (t) variants.push(variant(t, l));
        }
        return { language, standalone: prepared.standalone, variants, translated: variants.length > 1, llmError: null };
      }
      llmError = new AppError('llm_error', 'The language model did not return the rewritten question as JSON.');
    } catch (e) {
      if (input.signal?.aborted) throw e;
      llmError = e instanceof AppError ? e : new AppError('llm_error', String(e), { cause: e });
    }
  }
  const standalone = heuristicStandalone(question, language, history);
  return { language, standalone, variants: [variant(standalone, language, question)], translated: false, llmError };
}

/** Searches every variant, merges by chunk, and marks which passages clear the relevance threshold. */
export async function retrieve(search: SearchIndex, plan: RetrievalPlan, signal?: AbortSignal): Promise<Passage[]> {
  const results = await Promise.all(plan.variants.map((v) => search.search(v.text, { k: HITS_PER_QUERY })));
  signal?.throwIfAborted();
  const best = new Map<string, SearchHit>();
  for (const hits of results) {
    for (const h of hits) {
      const prev = best.get(h.chunk.id);
      if (!prev || h.score > prev.score) best.set(h.chunk.id, h);
    }
  }
  const passages = [...best.values()].map((hit): Passage => {
    const set = termSet(`${hit.chunk.heading ?? ''}\n${hit.chunk.text}`, hit.chunk.language);
    // Judge a passage by the question in its own language when we have it, else by the best variant.
    const same = plan.variants.filter((v) => v.language === hit.chunk.language);
    const candidates = same.length ? same : plan.variants;
    let top = { matched: 0, ratio: 0, focus: 0 };
    for (const v of candidates) {
      const c = coverage(v.terms, set);
      const f = v.focus === v.terms ? c.ratio : coverage(v.focus, set).ratio;
      if (c.ratio > top.ratio || (c.ratio === top.ratio && c.matched > top.matched)) top = { ...c, focus: f };
    }
    return {
      hit, relevance: top.ratio, matched: top.matched, focus: top.focus,
      relevant: top.matched > 0 && (top.ratio >= MIN_COVERAGE || top.matched >= MIN_MATCHED_TERMS),
    };
  });
  // Coverage of all terms plus of the question's own terms (so a follow-up's subject outweighs borrowed
  // context, while the context still breaks ties), in eighth steps; then the index's fused score.
  const rank = (p: Passage) => Math.round((p.relevance + p.focus) * 8);
  return passages.sort((a, b) => Number(b.relevant) - Number(a.relevant) || rank(b) - rank(a) || b.hit.score - a.hit.score);
}
