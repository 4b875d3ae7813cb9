import type { Catalog } from '../../engines/catalog/types';
import type { ConversationStore } from '../../engines/conversations/types';
import { AppError } from '../../foundation/errors';
import {
  answerSystemPrompt, answerUserMessage, NOT_FOUND_MARKER, type ConversationTurn,
} from '../../engines/llm/prompts';
import type { QuestionLog } from '../analytics/types';
import type { LlmClient } from '../../engines/llm/types';
import type { Chunk, SearchIndex } from '../../engines/search/types';
import { detectLanguage, UNDETERMINED } from '../../foundation/text/language';
import { questionPlace } from '../../foundation/text/question-frame';
import { chartExtreme } from './chart-extreme';
import { tableHeader } from './table-header';
import { itemTexts, namedByTitle, namesHeld, questionNames } from './named';
import { sentences } from '../../foundation/text/terms';
import type { RagTurn, RetrievalReply } from '../../foundation/types';
import { extractiveAnswer, quotableSentences, type ExtractiveOptions, type ExtractiveResult } from './extractive';
import { ANSWER_THRESHOLD } from './reader';
import { checkGrounding } from './grounding';
import { unknownLinks } from './known-links';
import { fill, languageNameIn, phrasesFor } from './phrases';
import { toChatLimits, type ChatLimitOptions, type ChatLimits } from './rate-limit';
import { queryVariant, retrieve } from '../../engines/search/retrieve';
import { catalogLanguages, planQuery, type Passage, type RetrievalPlan } from './plan-query';
import { withCurrentTitles } from './current-titles';
import { unlessDiskFull } from '../../foundation/disk';
import { linkVideoCitations, numberCitations, sourceImages } from './sources';
import { relatedPassages } from './related';
import { ASKS_WORDING, MIN_NEW_WORDS, missingKinds, newWords } from './asked-kind';
import { askedExpansion, headMissing, spellsOut } from './asked-head';
import { yesNoLead } from './yes-no';
import { TRANSLATED_QUESTION_LANGUAGES, type TextTranslator } from './question-translation';
import type { Citation } from '../../foundation/types';
import { chunkAtCues } from '../video/cue-citation';
import type { StoredTranscript } from '../video/transcript-store';

/**
 * The document-search bot: answers only from indexed content, with
 * citations and source images, in the question's language, remembering the
 * conversation per referenceId.
 *
 * Failure path (decided here): when the model fails (429, 529, 5xx,
 * timeout) before any answer text was produced, the bot answers
 * extractively from the same passages, says so in a first line, and
 * reports mode 'extractive'; the visitor still gets a cited answer. If the
 * stream fails after text was sent, the error is thrown (the route sends
 * `event: error`). A caller's abort is always thrown.
 */

export type RagEvent = { type: 'token'; text: string } | { type: 'done'; reply: RetrievalReply };

export interface RagBotOptions {
  catalog: Catalog;
  /** Where the turns live (kind 'search'). */
  conversations: ConversationStore;
  search: SearchIndex;
  llm: LlmClient;
  /** Prefix for relative image URLs (PUBLIC_URL); relative URLs when absent. */
  publicUrl?: string | null;
  /** Public-endpoint limits (per conversation and address, question length), or the config values. */
  limits?: ChatLimits | ChatLimitOptions;
  /** Languages of the indexed content; read from the catalog when absent. */
  languages?: () => string[];
  now?: () => Date;
  /** Told about model failures the bot recovered from (fallback answers), e.g. the server's logger. */
  onLlmError?: (error: AppError, step: 'prepare' | 'answer') => void;
  /** Where each question of `ask`/`askStream` and its answer is kept for analytics (message text only). */
  questions?: QuestionLog;
  /** Told about every model answer replaced because a figure was not in its passages (counted by the caller). */
  onGroundingFailure?: (missing: string[], question: string) => void;
  /** A video's kept transcript (cue times and frames): video citations name the cues of the quoted sentences. */
  videoTranscript?: (videoId: number) => Promise<StoredTranscript | null>;
  /** The offline answerer's ranking: the learned reader or the hand-set rules (core/features/chat/reader.ts; default: the committed weights say). */
  reader?: 'rules' | 'learned';
  /**
   * Offline translation (Apertium): a Spanish, French, Portuguese or Italian question that no passage in its own
   * language answers is searched in English, and the English quote is shown with its translation beside it.
   */
  translator?: TextTranslator;
}

export interface AskOptions {
  signal?: AbortSignal;
  clientAddress?: string | null;
}

export interface RagBot {
  /** Answers with the given conversation, without remembering anything. */
  answer(question: string, history: ConversationTurn[], options?: AskOptions): Promise<RetrievalReply>;
  answerStream(question: string, history: ConversationTurn[], options?: AskOptions): AsyncIterable<RagEvent>;
  /** Answers within the conversation `referenceId` and remembers the turn. */
  ask(query: string, referenceId: string, options?: AskOptions): Promise<RetrievalReply>;
  askStream(query: string, referenceId: string, options?: AskOptions): AsyncIterable<RagEvent>;
  /** Forgets the conversation. */
  clear(referenceId: string): Promise<void>;
  history(referenceId: string): Promise<RagTurn[]>;
}

const MAX_LLM_PASSAGES = 6;
/**
 * Least share of the question's content (terms weighted by rarity) the
 * offline quote must hold to be an answer; below it the bot says it did not
 * find it. Tuned on the shared corpus question set (core/features/eval/answers).
 */
export const MIN_SUPPORT = 0.4;
const HISTORY_TURNS = 6;

/**
 * The offline answer from the relevant passages: the quote and the passages it
 * cites, or no text for "not found". With the learned reader (core/features/chat/reader.ts)
 * "not found" is its answering probability under the threshold chosen on the
 * development question sets and support under MIN_SUPPORT; with the rules
 * alone, support under MIN_SUPPORT. Either way a quote is no answer when it
 * lacks the kind of value asked (a price, a phone number, a year, a name:
 * core/features/chat/asked-kind.ts), a figure of the question, or a word of its own
 * (issue 34: a wrong answer with a citation costs more than "not found").
 */
export function offlineAnswer(
  relevant: Passage[], variants: RetrievalPlan['variants'], options: ExtractiveOptions = {},
  gate: { threshold?: number; minSupport?: number } = {},
): { text: string; used: ExtractiveResult['used'] } {
  const question = variants[0];
  // Every passage found, before narrowing to a place or a file: a name the question asks about may be on another page of the quoted item.
  const found = relevant;
  // A question naming a page or slide ("on the second slide") is answered from the passages there when any is relevant.
  const place = question ? questionPlace(question.text) : null;
  const atPlace = place ? relevant.filter((p) => p.hit.chunk[place.kind] === place.n) : [];
  if (atPlace.length) relevant = atPlace;
  // A question naming a file by its title ("the axis deck") is answered from that file when several say the same.
  const named = question ? namedByTitle(relevant, question) : [];
  if (named.length) relevant = named;
  // "The highest value", "which series is lowest in Category 2": the chart's series line holding it, computed from its data;
  // "the column headers of the table": its first row.
  const computed = question ? chartExtreme(relevant, question.text, question.language) ?? tableHeader(relevant, question.text) : null;
  if (computed) return { text: `${computed.line}. [1]`, used: [{ n: 1, passage: computed.passage, quotes: [computed.line] }] };
  const result = extractiveAnswer(relevant, variants, options);
  const { text, support, kindHeld, figuresHeld, slotsHeld, answerProbability } = result;
  // With the learned reader, "not found" when neither it (probability under the threshold) nor the evidence of the
  // question's words in the quote (support under MIN_SUPPORT) says the quote answers. Either alone was measured
  // (issue 34): 3 fewer wrong answers on each of sealed sets 3 and 4, but 5 right ones lost and 5 real-file
  // answers (a form's "Amount Due: 273.13", an author's university) refused.
  const minSupport = gate.minSupport ?? MIN_SUPPORT;
  const weak = answerProbability != null ? answerProbability < (gate.threshold ?? ANSWER_THRESHOLD) && support < minSupport : support < minSupport;
  // A name the question asks about ("Internet Explorer") with no word in the quoted passages: they speak of something else.
  const names = text && question ? questionNames(question.text, question.language) : [];
  const namesMissing = names.length > 0 && !namesHeld(names, itemTexts(result.used.map((u) => u.passage), found));
  // A price, phone, e-mail, web address, year, count or name asked for and none in the quoted sentences: a quote, not an answer.
  const quoted = result.used.flatMap((u) => u.quotes ?? []).join('\n');
  const kindMissing = !!text && !!question && missingKinds(question.text, quoted).length > 0;
  // A quote saying back the question's words and its source's title adds nothing: not an answer.
  const labels = result.used.flatMap((u) => [u.passage.hit.chunk.title, u.passage.hit.chunk.heading ?? '']);
  const echo = !!text && !!question && !place && !ASKS_WORDING.test(question.text) && newWords(variants.map((v) => v.text).join('\n'), quoted, labels, question.language) < MIN_NEW_WORDS;
  // "What was the subtotal ...", "which hotel ...", "what speedup ...": the quote names the asked thing or holds a value standing for it.
  const headGone = !!text && question?.language === 'en' && headMissing(question.text, result.used.flatMap((u) => u.quotes ?? []).join('\n'), labels);
  // "What does FFI mean?": the quote spells it out ("foreign function interface"), or it does not answer.
  const expansion = text && question?.language === 'en' ? askedExpansion(question.text) : null;
  const unspelled = !!expansion && !spellsOut(expansion, quoted);
  const unheld = kindHeld === false || figuresHeld === false || slotsHeld === false || namesMissing || kindMissing || echo || headGone || unspelled;
  if (text && (weak || unheld)) return { text: '', used: [] };
  // "Can it ...?" answered by a quote stating just that: "Yes." or "No." before it (yes-no.ts).
  const lead = text && question ? yesNoLead(question.text, quoted, question.language) : null;
  if (text) return { text: lead ? `${lead}. ${text}` : text, used: result.used };
  // Only the heading matched: quote the opening of the best passage (what may be quoted of it).
  const opening = quotableSentences(relevant[0].hit.chunk.text, options).slice(0, 2).map((x) => x.s);
  if (opening.length === 0) return { text: '', used: [] };
  return { text: `${opening.join(' ')} [1]`, used: [{ n: 1, passage: relevant[0], quotes: opening }] };
}

export function createRagBot(options: RagBotOptions): RagBot {
  const { catalog, search, llm, conversations } = options;
  const now = options.now ?? (() => new Date());
  const limits: ChatLimits | null = options.limits ? toChatLimits(options.limits) : null;

  /** A video transcript chunk narrowed to the cues holding the quoted words (`load` reads each transcript once per reply). */
  function cueNarrower(): (chunk: Chunk, quotes: string[]) => Promise<Chunk> {
    const transcripts = new Map<number, Promise<StoredTranscript | null>>();
    const load = (id: number) => {
      if (!transcripts.has(id)) transcripts.set(id, (options.videoTranscript?.(id) ?? Promise.resolve(null)).catch(() => null));
      return transcripts.get(id)!;
    };
    return async (chunk, quotes) => (chunk.itemType === 'video' && options.videoTranscript ? chunkAtCues(await load(chunk.itemId), chunk, quotes) : chunk);
  }

  /** Each cited chunk as cited: a video transcript chunk narrowed to the cues holding what was quoted from it. */
  async function asCited(list: Array<{ n: number; chunk: Chunk; quotes: string[] }>): Promise<Array<{ n: number; chunk: Chunk }>> {
    const atCues = cueNarrower();
    return Promise.all(list.map(async ({ n, chunk, quotes }) => ({ n, chunk: await atCues(chunk, quotes) })));
  }

  /**
   * The reply; with no answer stated (`cited` null), the passages that may help (`near`: what retrieval found for
   * the question) go in `related`, never in `citations`.
   */
  async function makeReply(
    language: string, answer: string, cited: { citations: Citation[]; chunks: Chunk[] } | null, mode: RetrievalReply['mode'],
    near?: { passages: Passage[]; variants: RetrievalPlan['variants'] },
  ): Promise<RetrievalReply> {
    const related = cited === null && near ? await relatedPassages(catalog, near.passages, near.variants, options.publicUrl, cueNarrower()) : [];
    return {
      answer,
      timestamp: now().toISOString(),
      sourceImages: cited ? await sourceImages(catalog, cited.chunks, options.publicUrl) : [],
      detectedLanguage: language,
      citations: await linkVideoCitations(catalog, cited?.citations ?? [], options.publicUrl),
      mode,
      notFound: cited === null,
      ...(related.length ? { related } : {}),
    };
  }

  /** The offline answer (also the fallback when the model fails). */
  async function offlineReply(plan: RetrievalPlan, passages: Passage[], languages: string[], fallback: boolean, unknown: Set<string> = new Set()): Promise<RetrievalReply> {
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
      return await makeReply(plan.language, `${lead}${ph.notFound}${hint}`, null, 'extractive', hint ? undefined : { passages, variants: plan.variants });
    }
    const { text, used } = offlineAnswer(relevant, plan.variants, { unknownLink: (u: string) => unknown.has(u), reader: options.reader });
    // A question in another language than English that its own language's passages do not answer: say a model could search the others.
    if (!text) return await makeReply(plan.language, `${lead}${ph.notFound}${fallback ? '' : crossLanguageHint(plan, languages, true)}`, null, 'extractive', { passages, variants: plan.variants });
    const cited = numberCitations(text, await asCited(used.map((u) => ({ n: u.n, chunk: u.passage.hit.chunk, quotes: u.quotes ?? [] }))));
    return await makeReply(plan.language, `${lead}${cited.text}`, cited, 'extractive');
  }

  async function* run(question: string, history: ConversationTurn[], stream: boolean, signal?: AbortSignal): AsyncGenerator<RagEvent> {
    const detected = detectLanguage(question);
    const language = detected !== UNDETERMINED ? detected : (lastLanguage(history) ?? 'en');
    const languages = options.languages?.() ?? await catalogLanguages(catalog);
    const plan = await planQuery({ question, language, history, llm, languages, signal });
    if (plan.llmError) options.onLlmError?.(plan.llmError, 'prepare');
    const passages = await withCurrentTitles(catalog, await retrieve(search, plan.variants, { signal }));

    if (llm.configured && passages.length > 0) {
      const relevant = passages.filter((p) => p.relevant);
      // The model judges relevance better than term overlap: give it the best hits even when none clears the threshold.
      const given = (relevant.length ? relevant : passages.slice(0, 3)).slice(0, MAX_LLM_PASSAGES);
      const prompt = answerUserMessage(plan.standalone, given.map((p, i) => ({
        n: i + 1, title: p.hit.chunk.title, page: p.hit.chunk.page, slide: p.hit.chunk.slide, language: p.hit.chunk.language, text: p.hit.chunk.text,
      })));
      const call = { system: answerSystemPrompt(language), temperature: 0.2, signal };
      let full = '';
      let emitted = false;
      try {
        if (stream) {
          let head = '';
          let decided = false;
          for await (const d of llm.stream([{ role: 'user', content: prompt }], call)) {
            full += d;
            if (decided) {
              emitted = true;
              yield { type: 'token', text: d };
              continue;
            }
            head += d;
            const t = head.trimStart();
            if (t.length < NOT_FOUND_MARKER.length && NOT_FOUND_MARKER.startsWith(t)) continue;
            decided = true;
            const out = t.startsWith(NOT_FOUND_MARKER) ? t.slice(NOT_FOUND_MARKER.length).trimStart() : head;
            if (out) {
              emitted = true;
              yield { type: 'token', text: out };
            }
          }
        } else {
          full = await llm.complete([{ role: 'user', content: prompt }], call);
        }
      } catch (e) {
        if (signal?.aborted || emitted || !(e instanceof AppError)) throw e;
        options.onLlmError?.(e, 'answer');
        // The documented fallback: quote the passages instead (see the file comment).
        const reply = await offlineReply(plan, passages, languages, true, await unknownLinks(search, passages.filter((p) => p.relevant)));
        yield { type: 'token', text: reply.answer };
        yield { type: 'done', reply };
        return;
      }
      let reply = await llmReply(language, full, given, plan.variants);
      // Grounding: a figure, model number, price, URL or phone number not in the passages (or the question) is not trusted.
      if (!reply.notFound) {
        const check = checkGrounding(reply.answer, [...given.map((p) => p.hit.chunk.text), question, plan.standalone]);
        if (check.missing.length) {
          options.onGroundingFailure?.(check.missing, question);
          const offline = await offlineReply(plan, passages, languages, false, await unknownLinks(search, passages.filter((p) => p.relevant)));
          reply = { ...offline, grounding: { replaced: true, missing: check.missing } };
        }
      }
      // The done event carries the final text (markers renumbered); a marker-only reply showed nothing yet.
      if (stream && !emitted) yield { type: 'token', text: reply.answer };
      yield { type: 'done', reply };
      return;
    }

    const fallback = plan.llmError !== null && llm.configured;
    let reply = await offlineReply(plan, passages, languages, fallback, await unknownLinks(search, passages.filter((p) => p.relevant)));
    // Offline, a question in a language Apertium pairs with English, that nothing in its own language answers, is searched in English.
    const across = reply.notFound ? await inEnglish(plan, languages, signal) : null;
    if (across) {
      const english = await offlineReply(across.plan, across.passages, languages, fallback, await unknownLinks(search, across.passages.filter((p) => p.relevant)));
      if (!english.notFound) reply = await withTranslation(english, plan.language, signal);
      else if (english.related?.length) reply = english;
    }
    yield { type: 'token', text: reply.answer };
    yield { type: 'done', reply };
  }

  /**
   * The plan and passages of the question translated into English (Apertium), when the question is in Spanish,
   * French, Portuguese or Italian and the catalog holds English content (asked when nothing in the question's own
   * language answered); null otherwise, or when the engine is missing or fails.
   */
  async function inEnglish(plan: RetrievalPlan, languages: string[], signal?: AbortSignal): Promise<{ plan: RetrievalPlan; passages: Passage[] } | null> {
    const t = options.translator;
    if (!t || plan.translated || !(TRANSLATED_QUESTION_LANGUAGES as readonly string[]).includes(plan.language) || !languages.includes('en')) return null;
    if (!await t.supports(plan.language, 'en')) return null;
    const [english] = await t.translate([plan.standalone], plan.language, 'en', signal) ?? [];
    if (!english?.trim()) return null;
    const variants = [queryVariant(english, 'en'), ...plan.variants];
    const translatedPlan: RetrievalPlan = { ...plan, variants, translated: true };
    return { plan: translatedPlan, passages: await withCurrentTitles(catalog, await retrieve(search, variants, { signal })) };
  }

  /** An answer quoted from English, with its machine translation into the question's language beside it. */
  async function withTranslation(reply: RetrievalReply, language: string, signal?: AbortSignal): Promise<RetrievalReply> {
    const plain = reply.answer.replace(/\s*\[\d+\]/g, '').trim();
    const [translated] = await options.translator!.translate([plain], 'en', language, signal) ?? [];
    if (!translated?.trim()) return reply;
    return { ...reply, answer: `${reply.answer}\n\n${phrasesFor(language).machineTranslation}: ${translated.trim()}` };
  }

  async function llmReply(language: string, full: string, given: Passage[], variants: RetrievalPlan['variants']): Promise<RetrievalReply> {
    const notFound = full.includes(NOT_FOUND_MARKER);
    const text = full.replace(NOT_FOUND_MARKER, '').trim();
    if (notFound) return await makeReply(language, text.replace(/\s*\[\d+\]/g, '').trim() || phrasesFor(language).notFound, null, 'llm', { passages: given, variants });
    const marked = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])).filter((n) => n >= 1 && n <= given.length);
    // An answer without markers is attributed to the best passage.
    const numbers = marked.length ? [...new Set(marked)] : [1];
    // The sentences carrying a marker are what the model quoted from that passage (an unmarked answer: all of it).
    const said = sentences(text);
    const quotesOf = (n: number) => (marked.length ? said.filter((x) => x.includes(`[${n}]`)) : said);
    const cited = numberCitations(text, await asCited(numbers.map((n) => ({ n, chunk: given[n - 1].hit.chunk, quotes: quotesOf(n) }))));
    return await makeReply(language, cited.text, cited, 'llm');
  }

  async function collect(events: AsyncIterable<RagEvent>): Promise<RetrievalReply> {
    for await (const e of events) if (e.type === 'done') return e.reply;
    throw new AppError('internal', 'The answer ended without a result');
  }

  function checkQuestion(q: unknown): string {
    if (limits) return limits.checkMessage(q, 'question');
    if (typeof q !== 'string' || !q.trim()) throw new AppError('validation', 'The question is empty');
    return q.trim();
  }

  type Body = Omit<RagTurn, 'id' | 'referenceId'>;

  async function historyOf(referenceId: string, last?: number): Promise<RagTurn[]> {
    const list = await conversations.read<Body>('search', referenceId, { last });
    return list.map((m) => ({ id: m.seq, referenceId, ...m.data }));
  }

  // On a full disk the answer is still given: its history and analytics records are what is skipped.
  async function remember(referenceId: string, question: string, askedAt: string, reply: RetrievalReply) {
    await unlessDiskFull(() => conversations.append<Body>('search', referenceId, [
      { role: 'user', content: question, timestamp: askedAt, detectedLanguage: reply.detectedLanguage, sourceImages: [] },
      { role: 'bot', content: reply.answer, timestamp: reply.timestamp, detectedLanguage: reply.detectedLanguage, sourceImages: reply.sourceImages },
    ]));
  }

  /** Keeps the question for analytics; the reply carries the id to rate it by. */
  async function logged(referenceId: string, question: string, reply: RetrievalReply): Promise<RetrievalReply> {
    const answerId = await unlessDiskFull(async () => options.questions?.record({
      channel: 'rag', referenceId, kind: 'question', question, language: reply.detectedLanguage, answer: reply.answer, notFound: reply.notFound,
      mode: reply.mode, sources: reply.citations.map((c) => ({ itemType: c.itemType, itemId: c.itemId, title: c.title })),
    }));
    return answerId ? { ...reply, answerId } : reply;
  }

  async function* askStream(query: string, referenceId: string, o: AskOptions = {}): AsyncGenerator<RagEvent> {
    const question = checkQuestion(query);
    await limits?.hit(referenceId, o.clientAddress);
    const askedAt = now().toISOString();
    const history = toConversation(await historyOf(referenceId, HISTORY_TURNS));
    for await (const e of run(question, history, true, o.signal)) {
      if (e.type === 'done') {
        await remember(referenceId, question, askedAt, e.reply);
        yield { type: 'done', reply: await logged(referenceId, question, e.reply) };
      } else yield e;
    }
  }

  return {
    answer: (question, history, o = {}) => collect(run(checkQuestion(question), history, false, o.signal)),
    answerStream: (question, history, o = {}) => run(checkQuestion(question), history, true, o.signal),
    async ask(query, referenceId, o = {}) {
      const question = checkQuestion(query);
      await limits?.hit(referenceId, o.clientAddress);
      const askedAt = now().toISOString();
      const history = toConversation(await historyOf(referenceId, HISTORY_TURNS));
      const reply = await collect(run(question, history, false, o.signal));
      await remember(referenceId, question, askedAt, reply);
      return logged(referenceId, question, reply);
    },
    askStream,
    async clear(referenceId) {
      await conversations.clear('search', referenceId);
    },
    history: (referenceId) => historyOf(referenceId),
  };
}

function toConversation(turns: RagTurn[]): ConversationTurn[] {
  return turns.map((t) => ({ role: t.role, content: t.content }));
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

function lastLanguage(history: ConversationTurn[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].role !== 'user') continue;
    const l = detectLanguage(history[i].content);
    if (l !== UNDETERMINED) return l;
  }
  return null;
}
