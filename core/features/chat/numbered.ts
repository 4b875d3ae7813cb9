import { contentTerms, hasTerm, termSet, words, type Term } from '../../foundation/text/terms';
import { numberOf } from './reader';

/**
 * A thing a question names by its number ("Series 4", "Category 2", "the
 * third category", "page 6"): the word and the number beside it. A passage
 * that numbers the same word ("Series 1", "Series 2", "Series 3") but never
 * with that number speaks of other ones: "What is the value of Series 4?"
 * is not answered by a chart of three series.
 */
export interface NumberedThing {
  n: number;
  /** The word the number is attached to, as a term (its forms, abbreviations: "quarter" holds "qtr"). */
  term: Term;
}

/** The numbered things of a question: a figure or ordinal right after a content word ("Series 4") or right before one ("3rd quarter", "the third series"). */
export function numberedThings(question: string, lang: string): NumberedThing[] {
  const ws = words(question);
  const out: NumberedThing[] = [];
  const termOf = (w: string | undefined) => (w && numberOf(w) === null && w.length > 2 ? contentTerms(w, lang)[0] : undefined);
  ws.forEach((w, i) => {
    const n = numberOf(w);
    if (n === null) return;
    // A year ("the 2012 conference", "in 2009") names a time, not the 2012th of a series.
    if (/^(?:1[5-9]|20)\d\d$/.test(w)) return;
    const before = termOf(ws[i - 1]);
    const after = termOf(ws[i + 1]);
    // "Series 4" names series 4; "the 4th series" and "third category" name them too (an ordinal comes first).
    const term = /^\d+$/.test(w) ? before ?? after : after ?? before;
    if (term) out.push({ n, term });
  });
  return out;
}

/**
 * False when `text` numbers the thing's word (the word beside a figure) but
 * never with the thing's number; true when it holds the pair, or does not
 * number that word at all (no evidence either way).
 */
export function holdsNumbered(text: string, thing: NumberedThing, lang: string): boolean {
  const ws = words(text);
  let numbersWord = false;
  for (let i = 0; i < ws.length; i++) {
    const n = numberOf(ws[i]);
    if (n === null) continue;
    for (const j of [i - 1, i + 1]) {
      const w = ws[j];
      if (!w || numberOf(w) !== null || !hasTerm(termSet(w, lang), thing.term)) continue;
      if (n === thing.n) return true;
      numbersWord = true;
    }
  }
  return !numbersWord;
}
