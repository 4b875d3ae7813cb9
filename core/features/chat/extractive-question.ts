import type { QueryVariant, Passage } from './plan-query';
import { type AnswerType, affiliationMarkers, answerPreference, askedCategory, excludedPart } from './answer-type';
import { askedValueKinds, holdsValueKind, type ValueKind } from './asked-kind';
import { contentTerms, formsOf, hasTerm, termSet, words, type Term } from '../../foundation/text/terms';
import { isFrameTerm } from '../../foundation/text/question-frame';
import type { PooledPassage } from './extractive-pool';

/**
 * The question as the offline answerer (extractive.ts) weighs it against the pooled passages: each term's
 * weight, which terms it asks about, the kind of answer it prefers, what it excludes.
 */
export interface AskedQuestion {
  /** The variants' texts joined. */
  text: string;
  lang: string;
  /** A term's weight: rarer terms among the pooled sentences say more. */
  weight: (t: Term) => number;
  prefer: ReturnType<typeof answerPreference>;
  /** The mean weight of the first passage's terms. */
  unit: number;
  /** False for a word naming the document or the asking (unless the question has only such words). */
  asks: (t: Term) => boolean;
  /** The term naming the asked category ("Which customer ...?"). */
  isCategory: (t: Term) => boolean;
  fillsSlot: (t: Term, type: AnswerType) => boolean;
  /** The question word written as in the sentence. */
  exact: (t: Term, sentenceWords: Set<string>) => boolean;
  /** Question words by their first form. */
  surface: Map<string, Set<string>>;
  /** The part of the question naming what is not asked ("besides the core font"). */
  excludedText: string;
  excluded: Set<string>;
  kept: Set<string>;
  /** Terms of the excluded part only. */
  excludedOnly: Term[];
  /** Per passage, the affiliation marks of the people the question names (organisation questions). */
  marks: Set<string>[];
  kinds: ValueKind[];
  /** True when a text holds every kind of value asked for. */
  holdsKinds: (text: string) => boolean;
}

/** Words that name the answer of a number question ("the value of Category 1"): a figure fills them. */
const valueWords = termSet('value values valeur valor wert значение ערך', 'en');

export function readQuestion(passages: Passage[], variants: QueryVariant[], pool: PooledPassage[]): AskedQuestion {
  // Rarer terms say more: weight each question term by how few of the pooled sentences contain it.
  const all = pool.flatMap((x) => x.list);
  // Asked for every sentence and term below: computed once per term.
  const weights = new Map<Term, number>();
  const weight = (t: Term) => {
    let w = weights.get(t);
    if (w === undefined) { w = Math.log(1 + all.length / Math.max(1, all.filter((x) => hasTerm(x.set, t)).length)); weights.set(t, w); }
    return w;
  };
  // Who/when/how long: sentences holding a name, a date or a duration answer it (core/features/chat/answer-type.ts).
  const questionText = variants.map((v) => v.text).join(' ');
  const prefer = answerPreference(questionText, pool.flatMap((x) => x.terms).map(weight), variants[0]?.language);
  const unit = pool.length ? pool[0].terms.reduce((n, t) => n + weight(t), 0) / Math.max(1, pool[0].terms.length) : 1;
  // Words naming the document itself ("the slide", "the sleep study") or the asking ("which kinds are listed")
  // say which file, not which sentence (core/foundation/text/question-frame.ts); a question of frame words only asks for them.
  const qLang = variants[0]?.language ?? passages[0]?.hit.chunk.language ?? 'en';
  const onlyFrame = pool.every((x) => x.terms.every((t) => isFrameTerm(t, qLang)));
  const asks = (t: Term) => onlyFrame || !isFrameTerm(t, qLang);
  // "Which customer ...?": a sentence naming the asked category ("Customer") weighs that term twice.
  const category = askedCategory(questionText);
  const categoryTerm = category ? formsOf(category, variants[0]?.language ?? 'en') : null;
  const fillsSlot = (t: Term, type: AnswerType) => (type === 'organization' && isCategory(t)) || (type === 'quantity' && hasTerm(valueWords, t));
  const isCategory = (t: Term) => !!categoryTerm && asks(categoryTerm) && t.some((f) => categoryTerm.includes(f));
  // A question word written as in the sentence ("recording is activated") is better evidence than a shared stem ("records ... activation").
  const surface = new Map<string, Set<string>>();
  for (const v of variants) for (const w of words(v.text)) surface.set(formsOf(w, v.language)[0], new Set([...(surface.get(formsOf(w, v.language)[0]) ?? []), w]));
  const exact = (t: Term, sentenceWords: Set<string>) => [...(surface.get(t[0]) ?? [])].some((w) => sentenceWords.has(w));
  // "Which font besides the core font?": "core" says what is not asked for (a term also asked elsewhere still counts).
  const excludedText = excludedPart(questionText);
  const excluded = termSet(excludedText, variants[0]?.language ?? 'en');
  const kept = termSet(questionText.replace(excludedText, ' '), variants[0]?.language ?? 'en');
  // "Which company is X from?" on a title page: the organisation line carrying X's affiliation mark (Haghighat$ … Intel Corporation$).
  const marks = prefer.types.includes('organization') ? pool.map((x) => affiliationMarkers(x.text, questionText)) : [];
  // A price, a phone, an e-mail, a year... (core/features/chat/asked-kind.ts): only a sentence holding one can answer.
  const kinds = askedValueKinds(questionText);
  const holdsKinds = (text: string) => kinds.every((k) => holdsValueKind(text, k, questionText));
  // "Besides the core font and the TrueType Unicode one, which font type ...?": a sentence naming one of the
  // excluded things is not the answer while another candidate is left.
  const excludedOnly = excludedText ? contentTerms(excludedText, qLang).filter((t) => asks(t) && !hasTerm(kept, t)) : [];
  return {
    text: questionText, lang: qLang, weight, prefer, unit, asks, isCategory, fillsSlot, exact, surface,
    excludedText, excluded, kept, excludedOnly, marks, kinds, holdsKinds,
  };
}
