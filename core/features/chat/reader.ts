import { type AnswerType, holdsAnswerType } from './answer-type';
import { contentTerms, formsOf, hasTerm, words, type Term } from '../../foundation/text/terms';
import weights from './reader-weights.json';

/**
 * The learned part of the offline answerer (issue 19): a logistic scorer of
 * candidate sentences, trained by scripts/train-reader.ts on SQuAD-format
 * question/answer data (XQuAD en/de/es/ru, HeQ he: the sentence holding the
 * gold answer against the other sentences of the retrieved paragraphs), and
 * a second logistic model saying whether the best sentence answers at all
 * (trained on the same questions against paragraphs of other articles).
 *
 * Features are language-neutral and scaled to about 0..1: how much of the
 * question (weighted by rarity) the sentence holds, written the same or only
 * close (character 4-grams: other word forms, numbers in words), how close
 * together the matched words are, whether it holds the kind of answer asked
 * for, what it adds beyond the question, its place and length, its passage's
 * rank and coverage, and the rule score the answerer had before.
 */

export interface ReaderTerm {
  term: Term;
  /** Rarity weight among the candidate sentences (extractive.ts). */
  weight: number;
  /** The question's own spellings of the word. */
  surface: string[];
}

export interface CandidateFacts {
  sentence: string;
  /** Term forms of the sentence. */
  set: ReadonlySet<string>;
  lang: string;
  /** Rank of its passage among those read (0 = best). */
  passageRank: number;
  passages: number;
  /** Share of the question's asked terms its passage holds (retrieval's coverage). */
  relevance: number;
  /** Index of the sentence in its passage, and how many the passage has. */
  index: number;
  count: number;
  /** The rule score relative to the best candidate's (0..1), and whether it was the rules' choice. */
  ruleShare: number;
  ruleTop: boolean;
  fragment: boolean;
  field: boolean;
  definition: boolean;
}

export const FEATURES = [
  'bias', 'cover', 'exact', 'soft', 'missing', 'ruleShare', 'ruleTop', 'typeAsked', 'typeHeld', 'typeMissed', 'digit',
  'rank', 'relevance', 'first', 'position', 'length', 'fragment', 'field', 'span', 'novel', 'definition', 'coverTyped', 'questionLike',
  'numbersAsked', 'numbers', 'pairs',
] as const;

/** A number of the question with the words beside it ("the 3rd series" → 3 with "series"). */
export interface NumberPair {
  n: number;
  /** Forms of the content words within two words of it. */
  near: string[];
}

/** The numbers a question names (figures, ordinals, English number words) with the words next to them. */
export function questionNumbers(question: string, lang: string): NumberPair[] {
  const ws = words(question);
  const out: NumberPair[] = [];
  ws.forEach((w, i) => {
    const n = numberOf(w);
    if (n === null) return;
    const near = ws.slice(Math.max(0, i - 2), i + 3).filter((x, k) => x !== w && numberOf(x) === null && x.length > 2 && contentTerms(x, lang).length > 0 && k !== i - Math.max(0, i - 2));
    out.push({ n, near: near.flatMap((x) => formsOf(x, lang)) });
  });
  return out;
}

export type FeatureVector = number[];

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

const gramCache = new Map<string, Set<string>>();

/** Character 4-grams of a word with its ends marked ("#three#"), remembered for the last few thousand words. */
function grams(w: string): Set<string> {
  const known = gramCache.get(w);
  if (known) return known;
  if (gramCache.size > 5000) gramCache.clear();
  const out = wordGrams(w);
  gramCache.set(w, out);
  return out;
}

function wordGrams(w: string): Set<string> {
  const s = `#${w}#`;
  const out = new Set<string>();
  for (let i = 0; i + 4 <= s.length; i++) out.add(s.slice(i, i + 4));
  if (out.size === 0) out.add(s);
  return out;
}

function dice(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const g of a) if (b.has(g)) n++;
  return (2 * n) / (a.size + b.size);
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
};

/** The number a word writes (a figure, an ordinal in figures, an English number or ordinal word), or null. */
export function numberOf(w: string): number | null {
  const m = /^(\d+)(?:st|nd|rd|th)?$/.exec(w);
  if (m) return Number(m[1]);
  return NUMBER_WORDS[w] ?? null;
}

/**
 * How close a question word comes to some word of the sentence when no form
 * matched: the same number (in words or figures), else the best character
 * 4-gram overlap (0..1; other forms of a word share most of theirs).
 */
function closeness(surface: string[], sentenceWords: string[]): number {
  let best = 0;
  for (const q of surface) {
    const n = numberOf(q);
    if (n !== null && sentenceWords.some((w) => numberOf(w) === n)) return 1;
    if (q.length < 4) continue;
    const g = grams(q);
    for (const w of sentenceWords) {
      if (w.length < 4) continue;
      const d = dice(g, grams(w));
      if (d > best) best = d;
    }
  }
  return best >= 0.4 ? best : 0;
}

/** The feature vector of one candidate sentence (order of FEATURES). */
export function readerFeatures(terms: ReaderTerm[], types: AnswerType[], c: CandidateFacts, numbers: NumberPair[] = []): FeatureVector {
  const total = terms.reduce((n, t) => n + t.weight, 0) || 1;
  const sw = words(c.sentence);
  const swSet = new Set(sw);
  let cover = 0;
  let exact = 0;
  let soft = 0;
  const matchedForms = new Set<string>();
  for (const t of terms) {
    if (hasTerm(c.set, t.term)) {
      cover += t.weight;
      if (t.surface.some((w) => swSet.has(w))) exact += t.weight;
      for (const f of t.term) matchedForms.add(f);
    } else {
      soft += t.weight * closeness(t.surface, sw);
    }
  }
  // Where the matched words sit: a short window holding them all reads as one statement about them.
  const positions = sw.map((w, i) => (formsOf(w, c.lang).some((f) => matchedForms.has(f)) ? i : -1)).filter((i) => i >= 0);
  const span = positions.length >= 2 ? (positions[positions.length - 1] - positions[0] + 1) / Math.max(sw.length, 1) : positions.length ? 0.5 : 1;
  // What the sentence says beyond the question's words: an answer adds something.
  const own = contentTerms(c.sentence, c.lang);
  const novel = own.length ? own.filter((t) => !terms.some((q) => t.some((f) => q.term.includes(f)))).length / own.length : 0;
  const held = types.filter((t) => holdsAnswerType(c.sentence, t)).length;
  const coverShare = cover / total;
  // The question's numbers in the sentence, and beside the same word ("Series 3" for "the third series").
  const sentenceNumbers = sw.map((w) => numberOf(w));
  let numbersFound = 0;
  let pairsFound = 0;
  for (const q of numbers) {
    const at = sentenceNumbers.flatMap((n, i) => (n === q.n ? [i] : []));
    if (at.length) numbersFound++;
    if (at.some((i) => sw.slice(Math.max(0, i - 2), i + 3).some((w, k) => k !== i - Math.max(0, i - 2) && formsOf(w, c.lang).some((f) => q.near.includes(f))))) pairsFound++;
  }
  return [
    1,
    coverShare,
    exact / total,
    soft / total,
    1 - Math.min(1, (cover + soft) / total),
    c.ruleShare,
    c.ruleTop ? 1 : 0,
    types.length ? 1 : 0,
    held ? 1 : 0,
    types.length && !held ? 1 : 0,
    /\d/.test(c.sentence) ? 1 : 0,
    1 / (1 + c.passageRank),
    c.relevance,
    c.index === 0 ? 1 : 0,
    c.count > 1 ? c.index / (c.count - 1) : 0,
    Math.min(1, Math.log(1 + sw.length) / Math.log(60)),
    c.fragment ? 1 : 0,
    c.field ? 1 : 0,
    span,
    novel,
    c.definition ? 1 : 0,
    held ? coverShare : 0,
    /[?？؟]\s*$/u.test(c.sentence) ? 1 : 0,
    numbers.length ? 1 : 0,
    numbers.length ? numbersFound / numbers.length : 0,
    numbers.length ? pairsFound / numbers.length : 0,
  ];
}

export interface ReaderWeights {
  features: string[];
  select: number[];
  answer: number[];
  /** Least probability of the answering model for a reply to be an answer (chosen on the development question sets). */
  threshold: number;
  /** Share of the rules' score in the ranking (chosen on the development question sets with the threshold). */
  blend?: number;
  /** False: trained, but the rules rank by default. */
  use?: boolean;
}

const W = weights as ReaderWeights;

/** True when trained weights for these features are present. */
export const readerTrained = W.features.length === FEATURES.length && W.features.every((f, i) => f === FEATURES[i]) && W.select.length === FEATURES.length;

/** True when the answerer ranks with the learned reader unless told otherwise (`"use": false` in the weights keeps the rules). */
export const readerByDefault = readerTrained && W.use !== false;

const dot = (w: number[], x: number[]) => x.reduce((n, v, i) => n + v * (w[i] ?? 0), 0);

/** The selection model's score (a logit: compared across one question's candidates by softmax). */
export function selectScore(x: FeatureVector, w: number[] = W.select): number {
  return dot(w, x);
}

export const ANSWER_FEATURES = ['bias', 'topLogit', 'margin', 'cover', 'exact', 'soft', 'missing', 'relevance', 'support', 'typeMissed', 'candidates'] as const;

/** Question-level features of the best candidate: is it an answer at all? */
export function answerFeatures(top: FeatureVector, topLogit: number, secondLogit: number, support: number, candidates: number): number[] {
  const f = (name: typeof FEATURES[number]) => top[FEATURES.indexOf(name)];
  return [1, topLogit / 5, Math.min(1, (topLogit - secondLogit) / 5), f('cover'), f('exact'), f('soft'), f('missing'), f('relevance'), support, f('typeMissed'), Math.min(1, Math.log(1 + candidates) / Math.log(100))];
}

/** Probability that the best candidate answers the question (answering model). */
export function answerScore(x: number[], w: number[] = W.answer): number {
  return sigmoid(dot(w, x));
}

export const ANSWER_THRESHOLD = W.threshold;

/** Share of the hand-set rules' score in the ranking of candidates (0: the learned reader alone). */
export const READER_BLEND = W.blend ?? 0;

export const logit = (p: number) => Math.log(Math.max(p, 1e-9) / Math.max(1 - p, 1e-9));
