import type { Passage } from './plan-query';

/**
 * "What are the column headers of the table?": tables are extracted one row
 * a line, cells joined by " | " (core/features/ingest), and a table's header row is
 * its first. The answer is that row, quoted as it is, from the first passage
 * holding a table.
 */

const ASKS_HEADER = /\b(?:column\s+(?:headers?|headings?|names?|titles?|labels?)|header\s+row|heading\s+row|table\s+headers?|headers?\s+of\s+the\s+(?:table|columns?))\b/i;

/** A table row as extracted: two or more cells joined by " | ". */
const ROW = /\S.*\s\|\s.*\S|\S\s\|\s*$/;

export function asksTableHeader(question: string): boolean {
  return ASKS_HEADER.test(question);
}

/** The header row of the first table in the passages, or null. */
export function tableHeader(passages: Passage[], question: string): { passage: Passage; line: string } | null {
  if (!asksTableHeader(question)) return null;
  for (const passage of passages) {
    const lines = passage.hit.chunk.text.split('\n').map((l) => l.trim());
    const at = lines.findIndex((l, i) => ROW.test(l) && l.split('|').some((c) => c.trim()) && (i === 0 || !ROW.test(lines[i - 1])));
    // A chunk cut inside a table starts with a body row: only a row with no row before it in its passage is a header.
    if (at > 0 || (at === 0 && passage.hit.chunk.ordinal === 0)) return { passage, line: lines[at] };
  }
  return null;
}
