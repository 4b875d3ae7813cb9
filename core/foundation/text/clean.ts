/**
 * Cleaning of extracted text before anything stores, indexes or quotes it:
 * PDF text layers from fonts without a Unicode map come out with control
 * characters where spaces were ("User\u0003acceptance"), private-use code
 * points for symbol glyphs, U+FFFD for unmapped glyphs, or whole runs of
 * them. `cleanText` normalises them; `garbageShare` says how much of a text
 * was such characters, so a page that is mostly garbage can be OCRed instead.
 */

/** C0 controls except tab and newline, DEL, C1 controls. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Private use areas (symbol fonts, unmapped glyphs), replacement character, noncharacters, lone surrogates. */
const UNMAPPED = /[\uE000-\uF8FF\uFFFD\uFFFE\uFFFF]|[\uDB80-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Space separators other than the plain space and no-break space. */
const SPACES = /[\u1680\u2000-\u200A\u202F\u205F\u3000]/g;
/** Line and paragraph separators. */
const LINE_SEPARATORS = /[\u2028\u2029\u0085]/g;
/** Box glyphs a viewer shows for a missing character, when they sit inside a word. */
const BOX_IN_WORD = /(?<=\p{L})[\u25A1\u25AF\u2610\u25A0\u25FB\u25FD](?=\p{L})/gu;
const BOXES = /[\u25A1\u25AF\u2610]{2,}/g;
/** Bidi controls (pdftotext wraps right-to-left text in them). */
const BIDI = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]/g;
/**
 * An embedded run of the other direction that pdftotext opens with the space
 * that follows it ("נמשכת \u202A 30\u202Cדקות" for "נמשכת 30 דקות"): the
 * space is moved behind the run before the controls go, so "30 דקות" keeps it.
 */
const EMBEDDING_LEADING_SPACE = /([\u202A\u202B])([ \t]+)([^\u202A-\u202E\n]*?)\u202C/g;

/**
 * Normalises extracted text: control characters become spaces (a font that
 * stores its spaces as controls) except where they only separate nothing,
 * private-use and unmapped glyphs are dropped, exotic spaces become plain
 * spaces, line separators newlines, bidi controls go. Whitespace runs are
 * collapsed per line; newlines are kept.
 */
export function cleanText(text: string): string {
  if (!text) return '';
  return text
    .replace(/\r\n?/g, '\n')
    .replace(LINE_SEPARATORS, '\n')
    .replace(/\f/g, '\n')
    .replace(EMBEDDING_LEADING_SPACE, '$1$3\u202C$2')
    .replace(BIDI, '')
    .replace(CONTROL, ' ')
    .replace(UNMAPPED, '')
    .replace(BOX_IN_WORD, ' ')
    .replace(BOXES, ' ')
    .replace(SPACES, ' ')
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** True when a text still holds characters no answer, caption or chunk may show. */
export function hasGarbage(text: string): boolean {
  return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uE000-\uF8FF\uFFFD]|[\u25A1\u25AF\u2610]{2,}|(?<=\p{L})\u25A1(?=\p{L})/u.test(text);
}

const VOWELS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿāăąēĕėęěīĭįıōŏőœūŭůűųаеёиоуыэюяіїєѣαεηιουωάέήίόύώ]/i;

/** Symbol soup: a token of 4+ characters made mostly of punctuation and symbols. */
const isSymbolSoup = (chars: number, lettersAndDigits: number) => chars >= 4 && lettersAndDigits < chars * 0.4;

/** 6+ Latin, Greek or Cyrillic letters with no vowel: not a word in any language written so. */
const isVowelless = (letters: number, hasVowel: boolean) => letters >= 6 && !hasVowel;

/**
 * How much of a text is unreadable, from 0 to 1: the share of its non-space
 * characters that are controls, private-use or unmapped glyphs, or that sit
 * in "words" no language writes (symbol soup, long Latin or Cyrillic runs
 * with no vowel). Scripts without vowel letters (Hebrew, Arabic, CJK, ...)
 * only count by their bad characters.
 */
export function garbageShare(text: string): number {
  let total = 0;
  let bad = 0;
  for (const t of text.split(/\s+/)) {
    if (!t) continue;
    // Most tokens of most texts are printable ASCII: their counts come from one pass over their characters.
    const judged = asciiTokenGarbage(t) ?? tokenGarbage(t);
    total += judged.chars;
    bad += judged.bad;
  }
  return total === 0 ? 0 : bad / total;
}

/** A token's characters (code points) and how many of them are garbage (all or none). */
export interface TokenGarbage { chars: number; bad: number }

/** garbageShare's verdict on one token, any characters. */
export function tokenGarbage(t: string): TokenGarbage {
  const chars = [...t].length;
  const unmapped = (t.match(CONTROL)?.length ?? 0) + (t.match(UNMAPPED)?.length ?? 0) + (t.match(/[\u25A1\u25AF\u2610]/g)?.length ?? 0);
  if (unmapped) return { chars, bad: chars };
  const letters = t.match(/\p{L}/gu)?.length ?? 0;
  const digits = t.match(/\p{N}/gu)?.length ?? 0;
  if (isSymbolSoup(chars, letters + digits)) return { chars, bad: chars };
  const alpha = t.replace(/[^\p{L}]/gu, '');
  const judgedByVowels = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]+$/u.test(alpha);
  return { chars, bad: judgedByVowels && isVowelless(alpha.length, VOWELS.test(alpha)) ? chars : 0 };
}

/** 1 for the character codes VOWELS holds (ASCII ones). */
const ASCII_VOWEL = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_VOWEL[c] = VOWELS.test(String.fromCharCode(c)) ? 1 : 0;

/**
 * garbageShare's verdict on a token of printable ASCII (no controls), by the
 * same rules as tokenGarbage with its counts taken in one pass; null for any
 * other token.
 */
function asciiTokenGarbage(t: string): TokenGarbage | null {
  let letters = 0;
  let digits = 0;
  let vowel = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 0x20 || c >= 0x7f) return null;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      letters++;
      if (ASCII_VOWEL[c]) vowel = true;
    } else if (c >= 48 && c <= 57) digits++;
  }
  const chars = t.length;
  // Every ASCII letter is Latin: judged by its vowels.
  return { chars, bad: isSymbolSoup(chars, letters + digits) || isVowelless(letters, vowel) ? chars : 0 };
}
