import type { Catalog } from '../../engines/catalog/types';
import type { SearchIndex } from '../../engines/search/types';
import type { RetrievalReply } from '../../foundation/types';
import { queryVariant, retrieve } from '../../engines/search/retrieve';
import type { Passage, RetrievalPlan } from './plan-query';
import { withCurrentTitles } from './current-titles';
import { phrasesFor } from './phrases';
import { TRANSLATED_QUESTION_LANGUAGES, type TextTranslator } from './question-translation';

/**
 * Offline answers across languages (rag.ts): a Spanish, French, Portuguese or Italian question searched in English
 * through Apertium, and the English quote shown with its translation beside it.
 */

/**
 * The plan and passages of the question translated into English (Apertium), when the question is in Spanish,
 * French, Portuguese or Italian and the catalog holds English content (asked when nothing in the question's own
 * language answered); null otherwise, or when the engine is missing or fails.
 */
export async function inEnglish(
  catalog: Catalog, search: SearchIndex, t: TextTranslator | undefined, plan: RetrievalPlan, languages: string[], signal?: AbortSignal,
): Promise<{ plan: RetrievalPlan; passages: Passage[] } | null> {
  if (!t || plan.translated || !(TRANSLATED_QUESTION_LANGUAGES as readonly string[]).includes(plan.language) || !languages.includes('en')) return null;
  if (!await t.supports(plan.language, 'en')) return null;
  const [english] = await t.translate([plan.standalone], plan.language, 'en', signal) ?? [];
  if (!english?.trim()) return null;
  const variants = [queryVariant(english, 'en'), ...plan.variants];
  const translatedPlan: RetrievalPlan = { ...plan, variants, translated: true };
  return { plan: translatedPlan, passages: await withCurrentTitles(catalog, await retrieve(search, variants, { signal })) };
}

/** An answer quoted from English, with its machine translation into the question's language beside it. */
export async function withTranslation(translator: TextTranslator, reply: RetrievalReply, language: string, signal?: AbortSignal): Promise<RetrievalReply> {
  const plain = reply.answer.replace(/\s*\[\d+\]/g, '').trim();
  const [translated] = await translator.translate([plain], 'en', language, signal) ?? [];
  if (!translated?.trim()) return reply;
  return { ...reply, answer: `${reply.answer}\n\n${phrasesFor(language).machineTranslation}: ${translated.trim()}` };
}
