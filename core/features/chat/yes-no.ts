import { contentTerms, hasTerm, termSet } from '../../foundation/text/terms';
import { isFrameTerm } from '../../foundation/text/question-frame';

/**
 * "Can the traces be optimised in linear time?" answered by "they can be optimized in linear time by a simple
 * compiler": a yes/no question (issue 34's asked kinds) is answered "Yes" or "No" when the quote states what it
 * asks, nearly word for word (at least YES_NO_SHARE of the question's content words, frame words left out), and
 * "No" when the quote says it negated. Otherwise no lead: the quote stands alone, as before. English only.
 */
const YES_NO = /^\s*(?:is|are|does|do|did|can|could|was|were|has|have|had|will|would|should|may|must)\s+\S/iu;
const NEGATION = /\b(?:not|no|never|cannot|neither|nor|without|none)\b|n['’]t\b/iu;
/** Share of the question's content words the quote must hold to be its statement. */
export const YES_NO_SHARE = 0.7;
/** A question about what a form or text asks: the clause asked about. */
const ASKS_WHETHER = /\b(?:ask|asks|check|checks|question|questions)\s+(?:you\s+)?(?:whether|if)\s+(.+)$/iu;

export function yesNoLead(question: string, quoted: string, lang: string): 'Yes' | 'No' | null {
  if (lang !== 'en' || !YES_NO.test(question)) return null;
  // "Is it red or blue?" asks which, not whether: unless the quote says the same "shower or bath".
  const alternative = /(\p{L}+)\s+or\s+(\p{L}+)/iu.exec(question);
  if (alternative && !new RegExp(`\\b${alternative[1]}\\s+or\\s+${alternative[2]}\\b`, 'iu').test(quoted)) return null;
  // "Does the form ask whether you had a warm bath?": what it asks about is the clause after "whether", and the
  // form's own question holding it ("Did you take a warm shower or bath?") states that it asks.
  const about = ASKS_WHETHER.exec(question);
  const asked = contentTerms(about ? about[1] : question, 'en').filter((t) => !isFrameTerm(t, 'en'));
  if (asked.length < 2) return null;
  const held = termSet(quoted, 'en');
  const share = asked.filter((t) => hasTerm(held, t)).length / asked.length;
  if (share < YES_NO_SHARE) return null;
  // The question's own negation ("Is it not ...?") leaves the sign unclear.
  if (NEGATION.test(question)) return null;
  // The sign is the clause that states it (the one holding most of the question's words), not a clause beside it
  // ("traces have no internal joins, they can be optimized ...").
  if (about) return quoted.split(/(?<=[?])\s+/u).some((q) => /\?\s*$/u.test(q) && asked.filter((t) => hasTerm(termSet(q, 'en'), t)).length / asked.length >= YES_NO_SHARE) ? 'Yes' : null;
  const clauses = quoted.split(/[,;:.?!()]+/u).filter((c) => c.trim());
  const holding = (c: string) => { const set = termSet(c, 'en'); return asked.filter((t) => hasTerm(set, t)).length; };
  const stating = clauses.reduce((best, c) => (holding(c) > holding(best) ? c : best), clauses[0] ?? '');
  return NEGATION.test(stating) ? 'No' : 'Yes';
}
