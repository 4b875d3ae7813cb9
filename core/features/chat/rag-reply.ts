import type { Catalog } from '../../engines/catalog/types';
import { NOT_FOUND_MARKER } from '../../engines/llm/prompts';
import type { Chunk } from '../../engines/search/types';
import { UNDETERMINED } from '../../foundation/text/language';
import { sentences } from '../../foundation/text/terms';
import type { Citation, RetrievalReply } from '../../foundation/types';
import { fill, languageNameIn, phrasesFor } from './phrases';
import type { Passage, RetrievalPlan } from './plan-query';
import { linkVideoCitations, numberCitations, sourceImages } from './sources';
import { relatedPassages } from './related';
import { chunkAtCues } from '../video/cue-citation';
import type { StoredTranscript } from '../video/transcript-store';
import { offlineAnswer } from './rag-offline';

/**
 * The document-search bot's replies (rag.ts): the offline answer, the model's answer with its markers numbered,
 * and the reply around either (citations, source images, related passages when no answer was stated).
 */

/** What the replies are made with (the bot's options, `now` defaulted). */
export interface ReplyContext {
  catalog: Catalog;
  publicUrl?: string | null;
  videoTranscript?: (videoId: number) => Promise<StoredTranscript | null>;
  reader?: 'rules' | 'learned';
  now: () => Date;
}

/** A video transcript chunk narrowed to the cues holding the quoted words (`load` reads each transcript once per reply). */
function cueNarrower(ctx: ReplyContext): (chunk: Chunk, quotes: string[]) => Promise<Chunk> {
  const transcripts = new Map<number, Promise<StoredTranscript | null>>();
  const load = (id: number) => {
    if (!transcripts.has(id)) transcripts.set(id, (ctx.videoTranscript?.(id) ?? Promise.resolve(null)).catch(() => null));
    return transcripts.get(id)!;
  };
  return async (chunk, quotes) => (chunk.itemType === 'video' && ctx.videoTranscript ? chunkAtCues(await load(chunk.itemId), chunk, quotes) : chunk);
}

/** Each cited chunk as cited: a video transcript chunk narrowed to the cues holding what was quoted from it. */
async function asCited(ctx: ReplyContext, list: Array<{ n: number; chunk: Chunk; quotes: string[] }>): Promise<Array<{ n: number; chunk: Chunk }>> {
  const atCues = cueNarrower(ctx);
  return Promise.all(list.map(async ({ n, chunk, quotes }) => ({ n, chunk: await atCues(chunk, quotes) })));
}

/**
 * The reply; with no answer stated (`cited` null), the passages that may help (`near`: what retrieval found for
 * the question) go in `related`, never in `citations`.
 */
async function makeReply(
  ctx: ReplyContext, language: string, answer: string, cited: { citations: Citation[]; chunks: Chunk[] } | null, mode: RetrievalReply['mode'],
  near?: { passages: Passage[]; variants: RetrievalPlan['variants'] },
): Promise<RetrievalReply> {
  const related = cited === null && near ? await relatedPassages(ctx.catalog, near.passages, near.variants, ctx.publicUrl, cueNarrower(ctx)) : [];
  return {
    answer,
    timestamp: ctx.now().toISOString(),
    sourceImages: cited ? await sourceImages(ctx.catalog, cited.chunks, ctx.publicUrl) : [],
    detectedLanguage: language,
    citations: await linkVideoCitations(ctx.catalog, cited?.citations ?? [], ctx.publicUrl),
    mode,
    notFound: cited === null,
    ...(related.length ? { related } : {}),
  };
}

/** The offline answer (also the fallback when the model fails). */
export async function offlineReply(
  ctx: ReplyContext, plan: RetrievalPlan, passages: Passage[], languages: string[], fallback: boolean, unknown: Set<string> = new Set(),
): Promise<RetrievalReply> {
  const ph = phrasesFor(plan.language);
  const lead = fallback ? `${ph.llmFallback}\n\n` : '';
  // Offline, a question is answered from passages in its own language (a Hebrew question sharing only a product
  // name with an English page is not answered by quoting English).
  // A question in another language than English is not answered from English passages sharing a stem with it
  // ("clínica" / "clinical", "Installation"), only from passages in its script that are not English (its own
  // language, a close one the detector named otherwise, no sure language). Spanish, French, Portuguese and
  // Italian ones reach English passages through translation (inEnglish).
  const ownOnly = !plan.translated && plan.language !== 'en';
  const relevant = passages.filter((p) => p.relevant && (plan.translated
    || (sameScript(p.hit.chunk.language, plan.language) && !(ownOnly && p.hit.chunk.language === 'en'))));
  if (relevant.length === 0) {
    // Offline search is same-language: say so when no content is in the question's language.
    // Not when a passage found is in the question's language: content of no sure language (a chart's figures and
    // labels) is not in the catalog's languages, and an English question over English charts is simply not found.
    const ownFound = passages.some((p) => p.hit.chunk.language === plan.language);
    const hint = fallback ? '' : crossLanguageHint(plan, languages, ownFound);
    return await makeReply(ctx, plan.language, `${lead}${ph.notFound}${hint}`, null, 'extractive', hint ? undefined : { passages, variants: plan.variants });
  }
  const { text, used } = offlineAnswer(relevant, plan.variants, { unknownLink: (u: string) => unknown.has(u), reader: ctx.reader });
  // A question in another language than English that its own language's passages do not answer: say a model could search the others.
  if (!text) return await makeReply(ctx, plan.language, `${lead}${ph.notFound}${fallback ? '' : crossLanguageHint(plan, languages, true)}`, null, 'extractive', { passages, variants: plan.variants });
  const cited = numberCitations(text, await asCited(ctx, used.map((u) => ({ n: u.n, chunk: u.passage.hit.chunk, quotes: u.quotes ?? [] }))));
  return await makeReply(ctx, plan.language, `${lead}${cited.text}`, cited, 'extractive');
}

/** The model's answer: "not found" on its marker, else its [n] markers numbered as citations of the passages given. */
export async function llmReply(ctx: ReplyContext, language: string, full: string, given: Passage[], variants: RetrievalPlan['variants']): Promise<RetrievalReply> {
  const notFound = full.includes(NOT_FOUND_MARKER);
  const text = full.replace(NOT_FOUND_MARKER, '').trim();
  if (notFound) return await makeReply(ctx, language, text.replace(/\s*\[\d+\]/g, '').trim() || phrasesFor(language).notFound, null, 'llm', { passages: given, variants });
  const marked = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])).filter((n) => n >= 1 && n <= given.length);
  // An answer without markers is attributed to the best passage.
  const numbers = marked.length ? [...new Set(marked)] : [1];
  // The sentences carrying a marker are what the model quoted from that passage (an unmarked answer: all of it).
  const said = sentences(text);
  const quotesOf = (n: number) => (marked.length ? said.filter((x) => x.includes(`[${n}]`)) : said);
  const cited = numberCitations(text, await asCited(ctx, numbers.map((n) => ({ n, chunk: given[n - 1].hit.chunk, quotes: quotesOf(n) }))));
  return await makeReply(ctx, language, cited.text, cited, 'llm');
}

/**
 * "The documents are in English, French; searching across languages needs the language model": said offline when
 * nothing in the question's language answered and the catalog holds other languages. Not to an English question
 * that found English passages (an English question over English charts, whose language is not sure, is simply
 * not found), nor after the question was translated.
 */
function crossLanguageHint(plan: RetrievalPlan, languages: string[], ownFound: boolean): string {
  const others = languages.filter((l) => l !== plan.language);
  if (plan.translated || others.length === 0 || (plan.language === 'en' && (ownFound || languages.includes('en')))) return '';
  return ` ${fill(phrasesFor(plan.language).crossLingualNeedsLlm, { langs: others.map((l) => languageNameIn(plan.language, l)).join(', ') })}`;
}

const SCRIPTS: Record<string, string> = {
  he: 'Hebr', yi: 'Hebr', ar: 'Arab', fa: 'Arab', ur: 'Arab', ru: 'Cyrl', uk: 'Cyrl', bg: 'Cyrl', sr: 'Cyrl', el: 'Grek',
  zh: 'Hani', ja: 'Jpan', ko: 'Hang', th: 'Thai', hi: 'Deva',
};
/** True when two languages are written in one script (an undetermined language matches any). */
export function sameScript(a: string, b: string): boolean {
  if (a === UNDETERMINED || b === UNDETERMINED) return true;
  return (SCRIPTS[a] ?? 'Latn') === (SCRIPTS[b] ?? 'Latn');
}
