import { ASKS_WORDING } from './asked-kind';

/**
 * The form of a quote that cannot hold what a question asks, whatever words it shares with it (issue 34):
 * a title line answers no "who / when / where / why / how" question (the speaker's name, not the slide title that
 * repeats the question's words); a quote holding a question of its own ("Did you eat anything before going to
 * bed?") answers only "does the form ask ..."; a "why" is answered by a reason.
 * English questions only.
 */

/** A quote made of title lines: short Title-Case runs without a verb-like lower-case word or a figure. */
export function titleLine(quote: string): boolean {
  const lines = quote.split('\n').map((l) => l.replace(/\s*\[\d+\]\s*/g, ' ').replace(/[.:]\s*$/u, '').trim()).filter(Boolean);
  return lines.length > 0 && lines.every((l) => {
    // A figure, a list, a name with initials ("J. Ha, M. R. Haghighat") are no title.
    if (/\d|,|\b\p{Lu}\./u.test(l) || l.length > 120) return false;
    const ws = l.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
    const long = ws.filter((w) => w.length > 3);
    return ws.length >= 2 && long.length >= 2 && long.every((w) => /^\p{Lu}/u.test(w));
  });
}

/** A quote holding a question of its own ("Did you eat anything before going to bed?"). */
export function holdsQuestion(quote: string): boolean {
  const parts = quote.replace(/\s*\[\d+\]/g, '').split(/(?<=[.?!])\s+/u).map((s) => s.trim()).filter(Boolean);
  return parts.some((s) => /\?$/u.test(s));
}

/** Questions asking for a person, a time, a place, a reason, a manner or an amount: no title answers them. */
const VALUE_ASKED = /^\s*(?:who|whom|whose|when|where|why|how)\b/iu;
const WHY = /^\s*why\b/iu;
/** Words that give a reason or a purpose. */
const CAUSE = /\b(?:because|since|as a result|due to|owing to|so that|so as to|in order to|thanks to|therefore|thus|hence|otherwise|to avoid|to prevent|to keep|to make|to allow|to ensure|to improve|to reduce|to stabili[sz]e|to schedule|allows?|lets|helps?|prevents?|avoids?|ensures?|improves?|reduces?|caused|causes|reason|purpose|intentionally|deliberately|on purpose|would|could|else)\b/iu;

/** True when a "why" question's quote gives no reason. */
export function reasonMissing(question: string, quote: string): boolean {
  return WHY.test(question) && !CAUSE.test(quote);
}

/**
 * True when the quote's form cannot answer the question: title lines for a who/when/where/why/how question, a
 * question in the quote for a question that does not ask what a form asks, a "why" without a reason.
 */
export function formCannotAnswer(question: string, quote: string): boolean {
  if (VALUE_ASKED.test(question) && titleLine(quote) && !ASKS_WORDING.test(question)) return true;
  if (holdsQuestion(quote) && !/\b(?:ask|asks|check|checks|question|questions)\b/iu.test(question) && !ASKS_WORDING.test(question)) return true;
  return reasonMissing(question, quote);
}

const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** "Which five benchmarks ...", "what do the two boxes say", "what are the 3 steps": how many things are asked for. */
export function askedItems(question: string): number | null {
  const m = /^\s*(?:which|what)\s+(?:(?:are|were|do|does|did)\s+)?(?:the\s+|its\s+|their\s+)?(two|three|four|five|six|seven|eight|nine|ten|\d)\s+\p{L}+s\b/iu.exec(question);
  if (!m) return null;
  const n = COUNT_WORDS[m[1].toLowerCase()] ?? Number(m[1]);
  return n >= 2 ? n : null;
}

/** True when the question asks for N things and the quote holds fewer items (lines, or parts between commas, "and", "|"). */
export function itemsMissing(question: string, quotes: string[]): boolean {
  const n = askedItems(question);
  if (!n) return false;
  const parts = quotes.flatMap((q) => q.split(/[,;|\n]|\band\b|\bor\b/u)).filter((x) => /[\p{L}\p{N}]/u.test(x));
  return parts.length < n;
}

/** "Which runtime function ...", "what method ...": a code name is asked. */
const CODE_ASKED = /^\s*(?:which|what)\s+(?:\p{L}+\s+)?(?:function|method|variable|class|macro|constant|opcode|instruction|register|api call|flag)\b/iu;
/** A code name: an identifier with an underscore, inner capitals, a call's brackets or a dotted path. */
const CODE = /[\p{L}\d]+_[\p{L}\d_]+|\p{Ll}+\p{Lu}[\p{L}\d]*|[\p{L}_][\p{L}\d_]*\(\)?|\b\p{L}+\.\p{L}+\b|\b\p{Lu}{2,}\b/u;

/** True when a code name is asked and the quote holds none. */
export function codeMissing(question: string, quote: string): boolean {
  return CODE_ASKED.test(question) && !CODE.test(quote);
}
