/**
 * Text normalisation shared by indexing and querying, so both sides of a
 * match go through exactly the same folding.
 */

/** Bidi controls (LRM, RLM, ALM, embeddings, isolates), BOM, soft hyphen, zero-width space/joiners. */
const INVISIBLE = /[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** Removes invisible formatting characters (pdftotext wraps Hebrew in bidi controls). */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Hebrew points and cantillation (niqqud, te'amim), keeping letters and punctuation. */
const HEBREW_POINTS = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/g;
/** Arabic harakat, tanween, shadda, sukun, superscript alef, Quranic marks, tatweel. */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
/** Combining marks (after NFD). */
const COMBINING = /[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]/g;
const HAS_NON_ASCII = /[^\u0000-\u007F]/;

/**
 * Folds a text for display-independent comparison: NFKC, no invisible
 * characters, lower case, Hebrew gershayim/geresh as ASCII quotes.
 * Keeps diacritics (stemmers need them); see `foldWord` for the final form.
 */
export function normalizeText(text: string): string {
  let s = stripInvisible(text).normalize('NFKC').toLowerCase();
  if (HAS_NON_ASCII.test(s)) {
    s = s
      .replace(/[\u05F4\u201C\u201D\u201E\u00AB\u00BB]/g, '"')
      .replace(/[\u05F3\u2018\u2019\u201B\u02BC\u2032]/g, "'")
      .replace(HEBREW_POINTS, '')
      .replace(ARABIC_MARKS, '');
  }
  return s;
}

/** Arabic letter variants folded the usual IR way: alef forms, alef maqsura, teh marbuta. */
function foldArabicLetters(s: string): string {
  return s
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .replace(/[\u0624]/g, '\u0648')
    .replace(/[\u0626]/g, '\u064A');
}

/**
 * Final folding of one already-normalised word: strips diacritics from
 * Latin, Greek and Cyrillic letters (keeping й and ё as и/е consistently),
 * ß -> ss, and Arabic letter variants. Hebrew/CJK pass through.
 */
export function foldWord(word: string): string {
  if (!HAS_NON_ASCII.test(word)) return word;
  let s = word;
  if (/[\u0600-\u06FF]/.test(s)) s = foldArabicLetters(s);
  if (/[\u00C0-\u024F\u1E00-\u1EFF\u0370-\u03FF\u0400-\u04FF]/.test(s)) {
    s = s.replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/œ/g, 'oe').replace(/ø/g, 'o').replace(/ł/g, 'l').replace(/đ/g, 'd');
    s = s.normalize('NFD').replace(COMBINING, '').normalize('NFC');
  }
  return s;
}

/** Normalises a string for answer matching: NFKC, case, collapsed whitespace. */
export function normalizeForMatch(text: string): string {
  return normalizeText(text).replace(/\s+/g, ' ').trim();
}
