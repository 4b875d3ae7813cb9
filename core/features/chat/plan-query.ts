import type { Catalog, Cond } from '../../engines/catalog/types';
import { AppError } from '../../foundation/errors';
import {
  parsePreparedQuery, prepareQuerySystemPrompt, prepareQueryUserMessage, type ConversationTurn,
} from '../../engines/llm/prompts';
import type { LlmClient } from '../../engines/llm/types';
import { queryVariant, type QueryVariant } from '../../engines/search/retrieve';
import { languageCode } from '../../foundation/text/language';
import { heuristicStandalone } from './followup';
import { slotSpellings } from '../../foundation/text/question-frame';

/**
 * From a visitor's question to the queries retrieval runs: follow-up
 * rewrite and translation (one model call, or the offline heuristic).
 * Ranking them is core/engines/search/retrieve.ts (the same function `cms eval` measures).
 */

export type { Passage, QueryVariant } from '../../engines/search/retrieve';

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

/** Items whose content is ready (what catalogLanguages counts). */
const READY: Cond = { path: 'status', in: ['completed', 'approved'] };

/**
 * Languages of the catalog's ready content, as ISO codes (English when none
 * is recorded). Asked before every answer: each collection answers only its
 * different source languages (one statement in PostgreSQL), no item is read.
 */
export async function catalogLanguages(catalog: Catalog): Promise<string[]> {
  const langs = new Set<string>();
  for (const type of ['document', 'presentation', 'video'] as const) {
    for (const name of await catalog.items(type).distinct('sourceLanguage', { cond: READY })) {
      const code = typeof name === 'string' && name ? languageCode(name) : null;
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
  // The index is also searched with the other spellings of a phone or e-mail word ("phone" → "tel", "téléphone").
  const variant = (text: string, lang: string, own?: string): QueryVariant => {
    const v = queryVariant(text, lang, own);
    const more = slotSpellings(v.terms, lang);
    return more ? { ...v, searchText: `${text} ${more}` } : v;
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
