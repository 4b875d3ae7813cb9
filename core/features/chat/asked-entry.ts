import { askedValueKinds } from './asked-kind';

/**
 * The entry a question names by an identifier ("crypto-aes", "3d-raytrace", "date-format-tofte", "js_Array_set"):
 * a table row, a benchmark, a function. A quote that does not hold it speaks of another entry; a figure asked
 * of it ("how many aborts for date-format-tofte") must stand beside it in the quote, not elsewhere in a table
 * read column by column (issue 34: the value the question's constraint labels).
 */
const IDENTIFIER = /(?<![\p{L}\p{N}_-])[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+(?![\p{L}\p{N}_-])/gu;
/** A figure question: a count, a share, a size, or "what speedup / ratio / value ...". */
const FIGURE_ASKED = /\b(?:how many|how much|what|which)\s+(?:\p{L}+\s+){0,2}?(?:speedup|speed-up|ratio|value|figure|number|rate|score|amount|total|share|count|percentage)s?\b/iu;
/** Words between an entry and its figure in a statement ("date-format-tofte: 7", "crypto-aes forms 78 traces"). */
export const ENTRY_WINDOW = 8;

const norm = (s: string) => s.toLowerCase().replace(/[-_\s]+/g, ' ').trim();

/** The identifiers the question names (lower case, hyphens and underscores as spaces). */
export function questionEntries(question: string): string[] {
  // Parts of two characters or more: "e-mail", "x-axis" are words, not entries.
  return [...new Set([...question.matchAll(IDENTIFIER)].map((m) => norm(m[0])).filter((e) => e.split(' ').every((p) => p.length >= 2)))];
}

/** True when the question asks for a figure. */
export function asksFigure(question: string): boolean {
  return FIGURE_ASKED.test(question) || askedValueKinds(question).some((k) => k === 'count' || k === 'percent' || k === 'size' || k === 'measure');
}

/** The quote's words, an identifier one word ("date-format-tofte"), brackets and end punctuation taken off. */
const tokensOf = (text: string) => text.toLowerCase().split(/[\s()[\]{}"'“”‘’]+/u).map((t) => t.replace(/^[.,:;?!]+|[.,:;?!]+$/gu, '')).filter(Boolean);
const isEntry = (t: string) => /^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+$/u.test(t) && t.split(/[-_]/).every((p) => p.length >= 2);
/** A passage naming this many entries is a table or list of them. */
const OTHER_ENTRIES = 4;
const FIGURE_TOKEN = /^[$€£]?\d+(?:[.,]\d+)*(?:[x%]|-\p{L}+)?$/u;

/** A figure beside the entry at `i`: within ENTRY_WINDOW words on one side, with no other entry between them. */
function figureBeside(tokens: string[], i: number): boolean {
  for (const step of [1, -1]) {
    for (let k = i + step, n = 0; k >= 0 && k < tokens.length && n < ENTRY_WINDOW; k += step, n++) {
      if (FIGURE_TOKEN.test(tokens[k])) return true;
      if (isEntry(tokens[k])) break;
    }
  }
  return false;
}

/**
 * True when a named entry is in none of the quoted passages (with their titles and headings), or a figure asked of
 * an entry the quoted sentences hold has no figure beside it (a column of names read before a column of figures).
 */
export function entryMissing(question: string, quoted: string, passages: string[]): boolean {
  const entries = questionEntries(question);
  if (entries.length === 0) return false;
  const tokens = tokensOf(quoted);
  const figure = asksFigure(question);
  return entries.some((e) => {
    const at = tokens.flatMap((t, i) => (norm(t) === e ? [i] : []));
    // Named by the quoted passage (an invoice's number in its header), unless that passage lists other entries (a
    // table of benchmarks): then the quote must hold the row asked.
    if (at.length === 0) return !passages.some((p) => { const ts = tokensOf(p); return ts.some((t) => norm(t) === e) && (!figure || new Set(ts.filter(isEntry)).size < OTHER_ENTRIES); });
    return figure && !at.some((i) => figureBeside(tokens, i));
  });
}
