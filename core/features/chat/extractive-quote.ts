import { holdsNumbered, numberedThings } from './numbered';
import type { QueryVariant, Passage } from './plan-query';
import { holdsAnswerType } from './answer-type';
import { hasTerm, passageTermSet, type Term } from '../../foundation/text/terms';
import { slotCredit, slotUnfilled } from '../../foundation/text/question-frame';
import type { ExtractiveResult } from './extractive-types';
import type { PooledPassage } from './extractive-pool';
import type { AskedQuestion } from './extractive-question';
import type { Candidate, Fact } from './extractive-score';
import { askedListSize, clip, closed, endsWithColon, isField, isFragment, isLabel, isQuestion, listAround, nextLine, valueAfter } from './extractive-lines';

/**
 * What the offline answerer (extractive.ts) quotes of its ranked candidates, the quote's text with its source
 * numbers, and the evidence that it answers: support, and whether it holds the kind of value, the figures and
 * the slots the question asks for.
 */

const MAX_SENTENCES = 2;

/** The sentences quoted: the best ones, completed by what they introduce, a label's value, or the list they belong to. */
export function chooseQuote(ranked: Candidate[], pool: PooledPassage[], byRules: Fact[], questionText: string): Candidate[] {
  const chosen = ranked.filter((c) => c.score >= ranked[0].score * 0.5).slice(0, MAX_SENTENCES);
  // The sentence after the best one often completes it ("...takes 20 minutes. You need a hex key.").
  // A question in the text ("What is the temperature of the room?") is completed by the line after it ("Is it too hot or too cold?").
  // A line introducing what follows ("Digital signature from Okular here:") is completed by the short lines after it
  // (a name the layout set on two lines: "ONDŘEJ" / "MACHULDA").
  const introduces = endsWithColon(ranked[0].s);
  const next = (introduces ? valueAfter(pool[ranked[0].p].lines, ranked[0]) : undefined)
    ?? byRules.find((c) => c.p === ranked[0].p && c.i === ranked[0].i + 1)
    ?? ((isFragment(ranked[0].s) && !isField(ranked[0].s)) || isQuestion(ranked[0].s) ? nextLine(pool[ranked[0].p].lines, ranked[0]) : undefined);
  // A label line ("State Tax ID", "Amount Due") is completed by the short line after it (its value).
  const completes = next && (!isFragment(next.s) || ((isFragment(ranked[0].s) || introduces) && next.s.length <= 60));
  if (next && !chosen.some((c) => c.p === next.p && c.i === next.i) && completes) {
    // The value a line introduces is part of that line's statement: it does not take another sentence's place.
    if (chosen.length >= MAX_SENTENCES && !introduces) chosen.pop();
    chosen.push(next);
  }
  // A label is quoted with its value ("Customer" → "Customer: Bayside Wholesale").
  for (const c of [...chosen]) {
    if ('joined' in c || !pool[c.p].labels.has(c.i) || isValue(pool, chosen, c) || chosen.some((x) => x.p === c.p && x.i === c.i + 1)) continue;
    const value = nextLine(pool[c.p].lines, c);
    if (value) chosen.push(value);
  }
  // "What are the six ...?", "List the ...": the list the best line belongs to (or introduces) is quoted whole.
  const wanted = askedListSize(questionText);
  const items = wanted ? listAround(pool[ranked[0].p].lines, ranked[0].i, wanted) : null;
  if (items) chosen.splice(0, chosen.length, ...items.map((x) => ({ p: ranked[0].p, i: x.i, s: clip(x.s), score: 0 })));
  chosen.sort((a, b) => a.p - b.p || a.i - b.i);
  return chosen;
}

/** A chosen line that is the value of the chosen label before it. */
const isValue = (pool: PooledPassage[], chosen: Candidate[], c: { p: number; i: number }) =>
  pool[c.p].labels.has(c.i - 1) && chosen.some((x) => x.p === c.p && x.i === c.i - 1);

/** The quote's text, each run of sentences from one passage closed by its source number, and the passages it cites. */
export function quoteText(chosen: Candidate[], pool: PooledPassage[], passages: Passage[]): { text: string; numbers: Map<number, number>; used: ExtractiveResult['used'] } {
  const numbers = new Map<number, number>();
  for (const c of chosen) if (!numbers.has(c.p)) numbers.set(c.p, numbers.size + 1);
  // The source number closes each run of sentences from one passage.
  const text = chosen.map((c, i) => {
    const after = chosen[i + 1];
    // A label and its value read as one line: "Amount Due: 273.13".
    if (after?.p === c.p && after.i === c.i + 1 && isLabel(c.s, after.s) && !isValue(pool, chosen, c)) return `${c.s}:`;
    return after?.p === c.p ? closed(c.s) : `${closed(c.s)} [${numbers.get(c.p)}]`;
  }).join(' ');
  const used = [...numbers.entries()].map(([p, n]) => ({ n, passage: passages[p], quotes: chosen.filter((c) => c.p === p).map((c) => c.s) }));
  return { text, numbers, used };
}

/** The question's terms the support is measured on: the asked ones, not the excluded part's. */
export const askedTerms = (pool: PooledPassage[], q: AskedQuestion): Term[] =>
  (pool[0]?.terms ?? []).filter((t) => q.asks(t) && !q.excludedOnly.some((e) => e[0] === t[0]));

/**
 * Support: the question's terms (each weighted by rarity) found in the quote or its passage's title and heading,
 * judged per quoted passage (the evidence is in one place, not gathered word by word from unrelated files).
 * Words naming the document itself are not what is asked; a term elsewhere in the quoted passage counts half.
 */
export function supportOf(
  chosen: Candidate[], numbers: Map<number, number>, pool: PooledPassage[], passages: Passage[], variants: QueryVariant[], q: AskedQuestion, asked: Term[],
): number {
  const { weight, prefer, fillsSlot } = q;
  const total = asked.reduce((n, t) => n + weight(t), 0);
  return Math.max(...[...numbers.keys()].map((p) => {
    const mine = chosen.filter((c) => c.p === p);
    const sets = [...mine.map((c) => pool[p].lines.find((x) => x.i === c.i)?.set ?? new Set<string>()), pool[p].label];
    const around = passageTermSet(passages[p].hit.chunk.text, passages[p].hit.chunk.language, variants[0]?.language ?? passages[p].hit.chunk.language);
    // The asked slot is filled when the quote holds that kind of answer ("which company" → "Intel Corporation", "the value of" → "4.3").
    const filled = (t: Term) => prefer.types.some((type) => mine.some((c) => holdsAnswerType(c.s, type)) && fillsSlot(t, type));
    const slot = (t: Term) => Math.max(0, ...mine.map((c) => slotCredit(t, c.s, q.lang)));
    const found = asked.reduce((n, t) => n + (sets.some((set) => hasTerm(set, t)) || filled(t) ? weight(t)
      : Math.max(hasTerm(around, t) ? weight(t) / 2 : 0, weight(t) * slot(t))), 0);
    return total > 0 ? found / total : 0;
  }));
}

/** Whether the quote holds the figure asked for, the question's own figures and numbered things, and the slots it names. */
export function heldChecks(
  chosen: Candidate[], numbers: Map<number, number>, pool: PooledPassage[], passages: Passage[], q: AskedQuestion, asked: Term[],
): Pick<ExtractiveResult, 'kindHeld' | 'figuresHeld' | 'slotsHeld'> {
  const qLang = q.lang;
  // "How many / how much / what value" is not answered by a quote holding no figure and no count in words.
  // Not "when" ("at six in the morning") nor "how long" (a duration or a length): their answers take too many forms.
  // Counts written in words are recognised in English only (core/features/chat/answer-type.ts): other languages are not gated.
  const kindHeld = qLang !== 'en' || !q.prefer.types.includes('quantity') ? null : chosen.some((c) => holdsAnswerType(c.s, 'quantity'));
  // A figure of the question ("the 5th quarter", "the fifth series", "Firefox 3.5") missing from every quoted passage: they speak of another.
  const figures = asked.filter((t) => t.some((f) => /\d/.test(f)));
  // A thing the question names by its number ("Series 4") that a quoted passage numbers otherwise ("Series 1..3") is not there either.
  const things = figures.length ? numberedThings(q.text, qLang) : [];
  const figuresHeld = figures.every((t) => [...numbers.keys()].some((p) => hasTerm(passageTermSet(passages[p].hit.chunk.text, passages[p].hit.chunk.language, qLang), t)))
    && things.every((x) => [...numbers.keys()].some((p) => holdsNumbered(passages[p].hit.chunk.text, x, qLang)));
  // "The support phone number", "the due date", "the e-mail": a quote holding neither the word nor such a value does not answer.
  const slotsHeld = asked.every((t) => !slotUnfilled(t, new Set(chosen.flatMap((c) => [...(pool[c.p].lines.find((x) => x.i === c.i)?.set ?? [])])), chosen.map((c) => c.s).join('\n'), qLang, asked));
  return { kindHeld, figuresHeld, slotsHeld };
}
