/**
 * Grounding of model answers: every figure, model number, price, URL and
 * phone number a model writes must appear in the passages it was given (or
 * in the visitor's question). Numbers are compared by value across the ways
 * languages write them: 1,500 / 1.500 / 1 500 / 1500 are one number, and
 * "1,5" / "1.5" another. The RAG bot replaces an answer that fails the
 * check with the extractive answer and counts it.
 */

export interface GroundingCheck {
  /** Figures of the answer found nowhere in the passages or the question. */
  missing: string[];
  /** How many figures were checked. */
  checked: number;
}

const URL_RE = /\bhttps?:\/\/[^\s<>()"'\]]+|\bwww\.[^\s<>()"'\]]+/giu;
/** A phone number: an optional +, then 7 or more digits in groups separated by spaces, dots, dashes or brackets. */
const PHONE_RE = /(?<![\p{L}\p{N}])\+?\(?\d[\d\s().-]{6,}\d(?![\p{L}\p{N}])/gu;
/** A model number or code: Latin letters and digits mixed in one token ("M2", "KNX-200", "v8", "T23"; not Hebrew "כ-5"). */
const MODEL_RE = /(?<![\p{L}\p{N}-]|\d[.,])(?=[A-Za-z\d-]*[A-Za-z])(?=[A-Za-z\d-]*\d)[A-Za-z\d]+(?:-[A-Za-z\d]+)*(?![\p{L}\p{N}])/gu;
/** A number as written: digits with thousands or decimal separators. */
const NUMBER_RE = /(?<![\p{L}\d])\d+(?:[.,\u00A0\u202F ]\d{3})*(?:[.,]\d+)?(?!\d)/gu;

/** Citation markers ([1], [2, 3]) are the answer's own, not figures. */
const MARKERS = /\[\d+(?:\s*,\s*\d+)*\]/g;

/** The values a written number may stand for: "1,500" is 1500 (or 1.5 where the comma is decimal). */
export function numberValues(written: string): number[] {
  const s = written.replace(/[\u00A0\u202F ]/g, ' ');
  const out = new Set<number>();
  const digitsOnly = s.replace(/[.,\s]/g, '');
  // Separators as thousands groups: 1,500 / 1.500 / 1 500.
  if (/^\d{1,3}(?:[.,\s]\d{3})+$/.test(s)) out.add(Number(digitsOnly));
  // One separator as a decimal point: 1,5 / 1.5 / 1.500 (as 1.5).
  const m = /^(\d+)[.,](\d+)$/.exec(s);
  if (m) out.add(Number(`${m[1]}.${m[2]}`));
  if (/^\d+$/.test(s)) out.add(Number(s));
  // Thousands groups then a decimal part: 1,500.25 / 1.500,25.
  const mixed = /^(\d{1,3}(?:[.,\s]\d{3})+)[.,](\d+)$/.exec(s);
  if (mixed) out.add(Number(`${mixed[1].replace(/[.,\s]/g, '')}.${mixed[2]}`));
  return [...out];
}

/** The ways a figure may be written (for matching expected answers): "1500" -> 1500, 1,500, 1.500, 1 500. */
export function figureForms(figure: string): string[] {
  const forms = new Set([figure]);
  if (/^\d{4,}$/.test(figure)) {
    const grouped = figure.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    forms.add(grouped).add(grouped.replace(/,/g, '.')).add(grouped.replace(/,/g, ' '));
  }
  const x = /^(\d+(?:\.\d+)?)x$/i.exec(figure);
  if (x) forms.add(`${x[1]} x`).add(`${x[1]}×`).add(`${x[1]} times`);
  return [...forms];
}

const alnum = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const digits = (s: string) => s.replace(/\D/g, '');
const urlKey = (u: string) => u.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/[.,;:!?]+$/, '').replace(/\/$/, '');

/** Checks an answer's figures against the passages it was written from. */
export function checkGrounding(answer: string, sources: string[]): GroundingCheck {
  const text = answer.replace(MARKERS, ' ');
  const source = sources.join('\n');
  const missing: string[] = [];
  let checked = 0;

  const sourceUrls = new Set([...source.matchAll(URL_RE)].map((m) => urlKey(m[0])));
  const sourceAlnum = alnum(source);
  let rest = text;
  for (const m of text.matchAll(URL_RE)) {
    checked++;
    const key = urlKey(m[0]);
    if (!sourceUrls.has(key) && ![...sourceUrls].some((u) => u.startsWith(key))) missing.push(m[0].replace(/[.,;:!?]+$/, ''));
    rest = rest.replace(m[0], ' ');
  }
  const sourceDigits = digits(source.replace(/\n/g, ' '));
  const sourcePhones = new Set([...source.matchAll(PHONE_RE)].map((m) => digits(m[0])));
  for (const m of rest.matchAll(PHONE_RE)) {
    const d = digits(m[0]);
    // Long digit runs only: a phone number, not a figure such as "1 500".
    if (d.length < 7 || /^\d{1,3}(?:[.,\s]\d{3})+$/.test(m[0].trim())) continue;
    checked++;
    if (!sourcePhones.has(d) && !sourceDigits.includes(d)) missing.push(m[0].trim());
    rest = rest.replace(m[0], ' ');
  }
  const sourceTokens = new Set([...source.matchAll(MODEL_RE)].map((m) => alnum(m[0])));
  for (const m of rest.matchAll(MODEL_RE)) {
    // "10x", "1.25x" are figures (checked as numbers below), not model numbers.
    if (/^\d+x$/i.test(m[0])) continue;
    checked++;
    const key = alnum(m[0]);
    if (!sourceTokens.has(key) && !sourceAlnum.includes(key)) missing.push(m[0]);
    rest = rest.replace(m[0], ' ');
  }
  const sourceValues = new Set([...source.matchAll(NUMBER_RE)].flatMap((m) => numberValues(m[0].trim())));
  for (const m of rest.matchAll(NUMBER_RE)) {
    const written = m[0].trim();
    checked++;
    if (!numberValues(written).some((v) => sourceValues.has(v))) missing.push(written);
  }
  return { missing: [...new Set(missing)], checked };
}
