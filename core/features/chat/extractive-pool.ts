import type { QueryVariant, Passage } from './plan-query';
import { suspicionOf } from './suspicious';
import { passageTermSet, sentences, type Term } from '../../foundation/text/terms';
import type { ExtractiveOptions } from './extractive-types';
import { headerRowOf, isLabel, labelledRow } from './extractive-lines';

/**
 * The passages the offline answerer reads (extractive.ts), each as its lines with their terms, the question's
 * terms in the passage's language, and its title and heading.
 */

/** A line of a passage as read: passage rank `p`, sentence index `i`, its text and its terms. */
export interface PoolLine {
  p: number;
  i: number;
  s: string;
  set: ReadonlySet<string>;
}

export interface PooledPassage {
  /** The question's terms (of the variants in the passage's language, or all). */
  terms: Term[];
  /** A follow-up's own terms (none when they are all its terms). */
  focus: Term[];
  /** The lines that may be quoted (short lines only as a form's label). */
  list: PoolLine[];
  /** Every quotable line. */
  lines: PoolLine[];
  /** The terms of the passage's title and heading. */
  label: ReadonlySet<string>;
  /** The sentence indexes of a form's labels. */
  labels: Set<number>;
  text: string;
}

/** The sentences of a passage that may be quoted (see suspicious.ts). */
export function quotableSentences(text: string, options: ExtractiveOptions = {}): Array<{ i: number; s: string }> {
  const all = sentences(text);
  const tainted = all.some((s) => suspicionOf(s) === 'injection');
  return all.map((s, i) => ({ i, s })).filter((x) => !suspicionOf(x.s, { unknownLink: options.unknownLink, taintedBlock: tainted }));
}

/** The first `count` passages, read. */
export function readPool(passages: Passage[], variants: QueryVariant[], count: number, options: ExtractiveOptions): PooledPassage[] {
  return passages.slice(0, count).map((passage, p) => {
    const lang = passage.hit.chunk.language;
    const same = variants.filter((v) => v.language === lang);
    const vs = same.length ? same : variants;
    const asked = vs[0]?.language ?? lang;
    // Identifier parts are words too: MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT holds "shape", "fit" and "text".
    // A table row is read with its header row ("Year: 2009, Revenue: 296 MEUR", not a bare "2009 | 296 MEUR"): it is
    // judged and quoted so.
    const raw = quotableSentences(passage.hit.chunk.text, options);
    const lines = raw.map(({ s, i }) => {
      const header = headerRowOf(raw, i);
      const read = header ? labelledRow(header, s) : s;
      return { p, i, s: read, set: passageTermSet(read.replace(/(?<=\p{L})[._](?=\p{L})/gu, ' '), lang, asked) };
    });
    // Short lines are quoted only as a form's label with its value after it ("Amount Due" / "273.13").
    const labels = new Set(lines.filter((x, k) => isLabel(x.s, lines[k + 1]?.s)).map((x) => x.i));
    const list = lines.filter((x) => x.s.length >= 12 || labels.has(x.i));
    const label = passageTermSet(`${passage.hit.chunk.title}\n${passage.hit.chunk.heading ?? ''}`, lang, asked);
    return { terms: vs.flatMap((v) => v.terms), focus: vs.flatMap((v) => (v.focus === v.terms ? [] : v.focus)), list, lines, label, labels, text: passage.hit.chunk.text };
  });
}

/** A line is completed by the short lines after it ("signed here:" / "MARTA" / "NOVÁKOVÁ"): those count too. */
export const withNext = (pool: PooledPassage[], f: { p: number; i: number; read: string }) =>
  [f.read, ...pool[f.p].lines.filter((y) => y.i > f.i && y.i <= f.i + 2 && y.s.length <= 60).map((y) => y.s)].join('\n');
