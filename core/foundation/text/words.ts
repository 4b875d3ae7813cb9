/**
 * Whole words back from PDF text layers, for the index, quotes and
 * translation alike:
 *
 * - a word hyphenated at a line end ("com-\npile") is one word again
 *   ("compile"); a compound that the text also writes with its hyphen
 *   elsewhere ("run-time") keeps it ("run-\ntime" -> "run-time");
 * - a Hebrew or Arabic prefix letter that the layer set apart from its word
 *   ("יסומנו ב ירוק", "ש אין", "و الكتاب") is joined to it ("בירוק",
 *   "שאין", "والكتاب"). Hebrew has no one-letter words besides these
 *   prefixes, so a lone ב/ה/ו/כ/ל/מ/ש before a Hebrew word is a cut-off
 *   prefix; the same holds for Arabic و/ف/ب/ل/ك and the article ال.
 */

/** Letters (any script) and marks that make up a word. */
const W = String.raw`[\p{L}\p{M}]`;

/** "word-" at a line end followed by a lower-case word on the next line. */
const HYPHEN_AT_LINE_END = new RegExp(String.raw`(${W}+)[-\u00AD\u2010]\s*\n\s*(\p{Ll}${W}*)`, 'gu');

/** Words written with a hyphen inside a line, lower-cased ("run-time"): a hyphen that belongs. */
// The last context's compounds: a document's blocks are each checked against the same whole text.
let lastCompounds: { text: string; set: Set<string> } | null = null;

function hyphenatedCompounds(text: string): Set<string> {
  if (lastCompounds?.text === text) return lastCompounds.set;
  const out = new Set<string>();
  lastCompounds = { text, set: out };
  for (const m of text.matchAll(new RegExp(String.raw`(?<!${W})(${W}+)-(${W}+)(?!${W})`, 'gu'))) {
    if (m.index !== undefined && text[m.index + m[1].length + 1] !== '\n') out.add(`${m[1]}-${m[2]}`.toLowerCase());
  }
  return out;
}

/**
 * Rejoins words hyphenated at line ends. The line break goes with the
 * hyphen; the rest of the next line follows on the same line, so sentences
 * read whole. `context` (e.g. the whole document) decides which compounds
 * keep their hyphen; the text itself is used when absent.
 */
export function rejoinHyphenation(text: string, context: string = text): string {
  if (!/[-\u00AD\u2010]\s*\n/.test(text)) return text;
  const compounds = hyphenatedCompounds(context);
  return text.replace(HYPHEN_AT_LINE_END, (_all, head: string, tail: string) =>
    (compounds.has(`${head}-${tail}`.toLowerCase()) ? `${head}-${tail}` : `${head}${tail}`));
}

const HEBREW_PREFIX = /(?<![\p{L}\p{M}'"׳״])([בהוכלמש]) (?=[\u05D0-\u05EA])/gu;
const ARABIC_PREFIX = /(?<![\p{L}\p{M}])([وفبلك]|ال|وال|بال|فال|كال|لل) (?=[\u0621-\u064A])/gu;

/** Joins Hebrew and Arabic prefix letters set apart from their word ("ב ירוק" -> "בירוק"). */
export function joinPrefixLetters(text: string): string {
  if (!/[\u0590-\u06FF]/.test(text)) return text;
  return text.replace(HEBREW_PREFIX, '$1').replace(ARABIC_PREFIX, '$1');
}

/** Both repairs: what PDF text goes through before it is stored, indexed or quoted. */
export function wholeWords(text: string, context?: string): string {
  return joinPrefixLetters(rejoinHyphenation(text, context));
}
