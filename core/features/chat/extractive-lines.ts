/**
 * The shapes of the lines the offline answerer quotes (extractive.ts): list items, table rows and their header,
 * a form's labels and fields, fragments, and how a quoted line is closed and clipped.
 */

/** Longest sentence quoted whole; longer ones are clipped with an ellipsis. */
const MAX_SENTENCE_CHARS = 400;

const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const MAX_LIST_ITEMS = 12;

/**
 * How many items a question asks to be listed: "what are the six ...", "which three ...", "name the 4 ...";
 * MAX_LIST_ITEMS for "list the ...", "what are all the ..."; null when it asks for no list.
 */
export function askedListSize(question: string): number | null {
  const q = question.toLowerCase();
  const n = /\b(?:what|which)\s+(?:are|were)\s+(?:the|its|their)?\s*(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|\b(?:which|name|list)\s+(?:the\s+)?(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/.exec(q);
  if (n) {
    const w = n[1] ?? n[2];
    const k = /^\d+$/.test(w) ? Number(w) : COUNTS[w];
    return k >= 2 && k <= MAX_LIST_ITEMS ? k : null;
  }
  return /\b(?:list (?:the|all)|what are all the|name all the|enumerate)\b/.test(q) ? MAX_LIST_ITEMS : null;
}

const BULLET = /^\s*(?:[•◦▪‣●○■□\-–—*]|\d{1,2}[.)]|[a-z][.)])\s+\S/u;
/** A line that reads as a list item: a bullet or number, or a short line without closing punctuation. */
const isItem = (s: string) => BULLET.test(s) || (s.length <= 100 && isFragment(s));

/**
 * The list line `i` is in, or the list right after it when it introduces one ("Features:"), at most `size`
 * items from the line found; null when there are fewer than two items.
 */
export function listAround(lines: Array<{ i: number; s: string }>, i: number, size: number): Array<{ i: number; s: string }> | null {
  const at = lines.findIndex((x) => x.i === i);
  if (at < 0) return null;
  const intro = endsWithColon(lines[at].s);
  let first = intro ? at + 1 : at;
  if (!intro) while (first > 0 && lines[first - 1].i === lines[first].i - 1 && isItem(lines[first - 1].s) && !endsWithColon(lines[first - 1].s)) first--;
  const run: Array<{ i: number; s: string }> = [];
  for (let k = first; k < lines.length && run.length < size; k++) {
    if (k > first && lines[k].i !== lines[k - 1].i + 1) break;
    if (!isItem(lines[k].s)) break;
    run.push(lines[k]);
  }
  if (run.length < 2) return null;
  return intro ? [lines[at], ...run] : run;
}

/** A table row as extracted (core/features/ingest): two or more cells joined by " | ". */
const TABLE_ROW = /\S.*\s\|\s.*\S/;

/** The header row of the table line `i` belongs to (the first row of its run of rows), or null for the header itself or a non-row. */
export function headerRowOf(lines: Array<{ i: number; s: string }>, i: number): string | null {
  const at = lines.findIndex((x) => x.i === i);
  if (at < 0 || !TABLE_ROW.test(lines[at].s)) return null;
  let first = at;
  while (first > 0 && lines[first - 1].i === lines[first].i - 1 && TABLE_ROW.test(lines[first - 1].s)) first--;
  return first === at ? null : lines[first].s;
}

/** "Year | Revenue" + "2009 | 296" → "Year: 2009, Revenue: 296"; rows of another width keep the header before them. */
export function labelledRow(header: string, row: string): string {
  const hs = header.split('|').map((x) => x.trim());
  const rs = row.split('|').map((x) => x.trim());
  if (hs.length !== rs.length) return `${header} — ${row}`;
  return rs.map((v, k) => (hs[k] && v ? `${hs[k]}: ${v}` : v || '')).filter(Boolean).join(', ');
}

/** The line after a chosen one even when it scored nothing (a label's value), as a candidate. */
export function nextLine(list: Array<{ p: number; i: number; s: string }>, c: { p: number; i: number }) {
  const x = list.find((y) => y.i === c.i + 1);
  return x ? { p: x.p, i: x.i, s: clip(x.s), score: 0 } : undefined;
}

/** A form's field on one line: a short label, a colon, its value ("Tél : +33 2 50 01 14 20", "Datum: 2023-06-15"). */
export const isField = (s: string) => /^[\p{L}\p{M}][\p{L}\p{M}\s'’.()/-]{0,30}?\s?[:：]\s*\S/u.test(s.trim());

/** A line ending with a colon: what it introduces follows. */
export const endsWithColon = (s: string) => /[:：]$/u.test(s.trim());

/**
 * The value a line ending with a colon introduces: the short lines after it
 * (no colon of their own, at most three and 60 characters), as one candidate.
 */
export function valueAfter(list: Array<{ p: number; i: number; s: string }>, c: { p: number; i: number }) {
  const parts: Array<{ p: number; i: number; s: string }> = [];
  for (let i = c.i + 1; parts.length < 3; i++) {
    const x = list.find((y) => y.i === i);
    if (!x || x.s.length > 40 || /:/.test(x.s) || !isFragment(x.s)) break;
    if ([...parts, x].reduce((n, y) => n + y.s.length + 1, 0) > 60) break;
    parts.push(x);
  }
  return parts.length ? { p: c.p, i: parts[parts.length - 1].i, s: clip(parts.map((x) => x.s).join(' ')), score: 0, joined: true } : undefined;
}

/** A form's label: a short line of words without figures or closing punctuation, with a short value line after it. */
export function isLabel(s: string, next: string | undefined): boolean {
  return !!next && s.length <= 40 && next.length <= 60 && /\p{L}{2}/u.test(s) && /^[\p{L}\p{M}\s()'’&/.-]+$/u.test(s) && /[\p{L})]$/u.test(s)
    && isFragment(s) && isFragment(next) && !/:(?:\s|$)/.test(next);
}

/** A sentence asking a question (a questionnaire's item). */
export const isQuestion = (s: string) => /[?？؟]["'”’)\]]?$/u.test(s.trim());

/** Text with no closing punctuation: a heading, a bullet or a table row. */
export const isFragment = (s: string) => !/[.!?;:。！？؟…]["'”’)\]]?$/u.test(s.trim());

/** A heading or bullet quoted on its own gets a full stop, so quoted lines do not run together. */
export const closed = (s: string) => (/[.!?;:。！？؟…]["'”’)\]]?$/u.test(s) ? s : `${s}${/[\u3000-\u9fff]$/u.test(s) ? '。' : '.'}`);

export const clip = (s: string) => (s.length > MAX_SENTENCE_CHARS ? `${s.slice(0, MAX_SENTENCE_CHARS).trimEnd()}…` : s);
