/** Small text helpers shared by the extractors: whitespace, bidi marks, entities, nearby text. */
import { cleanText } from '../text/clean';

/**
 * Drops bidi control characters and unmapped glyphs, turns control
 * characters and exotic spaces into spaces, trims lines, collapses runs of
 * spaces and blank lines (see core/foundation/text/clean.ts).
 */
export function tidyText(text: string): string {
  return cleanText(text);
}

/** About `max` characters of text on one line, cut at a word boundary: an image's nearbyText. */
export function nearby(text: string, max = 500): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(' ', max);
  return flat.slice(0, cut > max * 0.6 ? cut : max);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes XML/HTML character references (&amp; &#1488; &#x5D0;). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

const RTL_LINE_WITH_LEADING_PUNCT = /^([\s.,:;!?،؛؟]+)(?=[\u0590-\u05ff\u0600-\u06ff])/u;

/**
 * PDF text layers often store a right-to-left line's end punctuation first
 * (". : שלום עולם"). Moves a leading run of punctuation off such a line and
 * ends it with a full stop when the run had one.
 */
export function repairRtlPunctuation(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const m = RTL_LINE_WITH_LEADING_PUNCT.exec(line);
      if (!m) return line;
      const rest = line.slice(m[1].length).trimEnd();
      return /[.؟?!]/.test(m[1]) && !/[.؟?!]$/.test(rest) ? `${rest}.` : rest;
    })
    .join('\n');
}
