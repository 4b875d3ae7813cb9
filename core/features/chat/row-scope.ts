import type { QueryVariant } from './plan-query';

/** A table row read with its header ("crypto-sha1, Loops: 5, Traces: 10"): cells labelled by their column. */
const LABELLED_ROW = /(?:^|, )[^,:\n]{1,40}: [^,\n]+(?:, [^,:\n]{1,40}: [^,\n]+){2,}/u;

/** An acronym as written: two or more capitals ("ARM", "JIT", "V8" is not one). */
const ACRONYM = /(?<![\p{L}\p{N}])\p{Lu}{2,}(?![\p{L}\p{N}])/gu;

/**
 * True when a quoted table row is asked of something its item never writes: a row states nothing beyond its
 * cells, so an acronym the question names ("how many traces on an ARM phone") must be in the quoted item (its
 * title, headings, the passages found of it), as written.
 */
export function rowOutOfScope(question: QueryVariant, quotes: string[], texts: string[]): boolean {
  if (!quotes.some((q) => LABELLED_ROW.test(q))) return false;
  const written = new Set(texts.flatMap((t) => t.match(ACRONYM) ?? []));
  return (question.text.match(ACRONYM) ?? []).some((a) => !written.has(a));
}
