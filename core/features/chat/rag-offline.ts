import { questionPlace } from '../../foundation/text/question-frame';
import { chartExtreme } from './chart-extreme';
import { excludedPart } from './answer-type';
import { tableHeader } from './table-header';
import { itemTexts, namedByTitle, namesHeld, questionNames } from './named';
import { extractiveAnswer, quotableSentences, type ExtractiveOptions, type ExtractiveResult } from './extractive';
import { ANSWER_THRESHOLD } from './reader';
import type { Passage, RetrievalPlan } from './plan-query';
import { ASKS_WORDING, MIN_NEW_WORDS, missingKinds, newWords } from './asked-kind';
import { askedExpansion, headMissing, spellsOut } from './asked-head';
import { yesNoLead } from './yes-no';
import { entryMissing } from './asked-entry';
import { rowOutOfScope } from './row-scope';
import { codeMissing, formCannotAnswer, itemsMissing } from './answer-form';

/**
 * Least share of the question's content (terms weighted by rarity) the
 * offline quote must hold to be an answer; below it the bot says it did not
 * find it. Tuned on the shared corpus question set (core/features/eval/answers).
 */
export const MIN_SUPPORT = 0.4;

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
  // Names after "besides" ("besides the TrueType Unicode one") are not asked about.
  const names = text && question ? questionNames(question.text.replace(excludedPart(question.text), ' '), question.language) : [];
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
  // "On the third page", "the first slide": a quote from another numbered page or slide (a PDF page for a slide)
  // answers about another place (a file without pages, a Word document, may still hold it).
  const elsewhere = !!text && !!place && atPlace.length === 0 && result.used.every((u) => u.passage.hit.chunk.page != null || u.passage.hit.chunk.slide != null);
  // "How many aborts for date-format-tofte": the entry named, with the figure beside it, or another entry's figure.
  const entryGone = !!text && question?.language === 'en' && entryMissing(question.text, quoted, result.used.map((u) => `${u.passage.hit.chunk.title}\n${u.passage.hit.chunk.heading ?? ''}\n${u.passage.hit.chunk.text}`));
  // A title line for "who/when/...", a form's own questions, a "why" without a reason: the quote's form cannot answer.
  const formless = !!text && question?.language === 'en' && formCannotAnswer(question.text, quoted);
  // "Which five benchmarks ...": a quote holding fewer items than asked is not the list.
  const fewer = !!text && question?.language === 'en' && itemsMissing(question.text, result.used.flatMap((u) => u.quotes ?? []));
  // "Which runtime function does it call": a code name (js_Array_set, getValue(), LIR) in the quote.
  const uncoded = !!text && question?.language === 'en' && codeMissing(question.text, quoted);
  // "How many traces on an ARM phone": a table row of an item that never names what else the question asks.
  const offRow = !!text && !!question && rowOutOfScope(question, result.used.flatMap((u) => u.quotes ?? []), itemTexts(result.used.map((u) => u.passage), found));
  const unheld = offRow || elsewhere || uncoded || fewer || entryGone || formless || kindHeld === false || figuresHeld === false || slotsHeld === false || namesMissing || kindMissing || echo || headGone || unspelled;
  if (text && (weak || unheld)) return { text: '', used: [] };
  // "Can it ...?" answered by a quote stating just that: "Yes." or "No." before it (yes-no.ts).
  const lead = text && question ? yesNoLead(question.text, quoted, question.language) : null;
  if (text) return { text: lead ? `${lead}. ${text}` : text, used: result.used };
  // Only the heading matched: quote the opening of the best passage (what may be quoted of it).
  const opening = quotableSentences(relevant[0].hit.chunk.text, options).slice(0, 2).map((x) => x.s);
  if (opening.length === 0) return { text: '', used: [] };
  return { text: `${opening.join(' ')} [1]`, used: [{ n: 1, passage: relevant[0], quotes: opening }] };
}
