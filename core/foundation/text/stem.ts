/**
 * Stemming by language: Snowball stemmers (snowball-stemmers, pure JS) for
 * the languages it has, light clitic-prefix stripping for Hebrew, and the
 * word unchanged elsewhere.
 */
import { newStemmer } from 'snowball-stemmers';

const SNOWBALL: Record<string, string> = {
  en: 'english', fr: 'french', es: 'spanish', de: 'german', it: 'italian', pt: 'portuguese',
  nl: 'dutch', sv: 'swedish', no: 'norwegian', nb: 'norwegian', nn: 'norwegian', da: 'danish', fi: 'finnish',
  ru: 'russian', ar: 'arabic', tr: 'turkish', ro: 'romanian', hu: 'hungarian', ca: 'catalan',
  cs: 'czech', eu: 'basque', ga: 'irish', hy: 'armenian', sl: 'slovene', ta: 'tamil',
};

type StemFn = (word: string) => string;
const stemmers = new Map<string, StemFn | null>();

/**
 * Hebrew light stemming: strips the one-letter proclitics ו ה ב כ ל מ ש
 * (and their common pairs, e.g. וה, שב, ומ) while at least three letters
 * remain, and the final plural endings ים/ות while three remain.
 */
export function hebrewLightStem(word: string): string {
  let w = word;
  for (let i = 0; i < 2 && w.length > 3 && 'והבכלמש'.includes(w[0]); i++) w = w.slice(1);
  if (w.length > 4 && (w.endsWith('ים') || w.endsWith('ות'))) w = w.slice(0, -2);
  return w;
}

/** Alphabets whose languages inflect by endings (Latin, Greek, Cyrillic, Armenian, Georgian letters only). */
const INFLECTING_ALPHABET = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}]+$/u;
/** Words longer than this are cut to TRUNCATE_TO letters by the fallback. */
const TRUNCATE_AFTER = 7;
const TRUNCATE_TO = 6;

/**
 * The stemmer of a language no Snowball stemmer covers (Greek, Polish,
 * Ukrainian, Bulgarian, Slovak, ...): long words of an alphabet are cut to
 * their first six letters, so inflected forms of one word ("κινητήρα",
 * "κινητήρες") share a term. Short words and other scripts (syllables,
 * ideographs) are left whole. Language-independent: it needs no word list.
 */
export function truncationStem(word: string): string {
  if (word.length <= TRUNCATE_AFTER || !INFLECTING_ALPHABET.test(word)) return word;
  const chars = [...word];
  return chars.length > TRUNCATE_AFTER ? chars.slice(0, TRUNCATE_TO).join('') : word;
}

function stemmerFor(lang: string): StemFn | null {
  if (stemmers.has(lang)) return stemmers.get(lang)!;
  let fn: StemFn | null = null;
  if (lang === 'he') fn = hebrewLightStem;
  else if (SNOWBALL[lang]) {
    const s = newStemmer(SNOWBALL[lang]);
    fn = (w) => s.stem(w);
  } else if (lang !== 'und' && !/^(zh|ja|ko|th|vi|lo|km|my)$/.test(lang)) fn = truncationStem;
  stemmers.set(lang, fn);
  return fn;
}

/** True when `lang` has a stemmer here. */
export function hasStemmer(lang: string): boolean {
  return stemmerFor(lang) !== null;
}

const MEMO_LIMIT = 100_000;
const memos = new Map<string, Map<string, string>>();

/** The stem of a normalised (lower-case) word in `lang`; the word itself when no stemmer applies. */
export function stem(word: string, lang: string): string {
  const fn = stemmerFor(lang);
  if (!fn || word.length < 3 || /^\d/.test(word)) return word;
  let memo = memos.get(lang);
  if (!memo) memos.set(lang, (memo = new Map()));
  const hit = memo.get(word);
  if (hit !== undefined) return hit;
  const out = fn(word) || word;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(word, out);
  return out;
}

const HEBREW_FINALS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
/** Hebrew final letter forms as their medial letters (ך→כ), so "משך" and "נמשכת" share "משכ". */
export const foldHebrewFinals = (word: string) => word.replace(/[ךםןףץ]/g, (c) => HEBREW_FINALS[c] ?? c);

const HEBREW_CLITICS = 'והבכלמש';
/** Inflection endings: plural, feminine, possessive and past-tense person endings. */
const HEBREW_SUFFIXES = ['ים', 'ות', 'תי', 'נו', 'תם', 'תן', 'הם', 'הן', 'יה', 'יו', 'ה', 'ת', 'ו', 'י'];
/** Tense and verb-pattern prefixes (nif'al נ, future א ת י נ, participle מ), after any clitics. */
const HEBREW_VERB_PREFIXES = 'נתיאמ';

/**
 * Comparable forms of a Hebrew word, for matching inflected forms that no
 * stemmer covers ("נמשכת" lasts / "משך" duration, "המשימה" / "משימות"):
 * the word with final letters folded; without one or two proclitics; each
 * of those without one inflection ending; and, for longer words, without a
 * verb-pattern prefix as well. Every form keeps at least three letters (a
 * Hebrew root). The first form is the folded word itself.
 */
export function hebrewForms(word: string): string[] {
  const w = foldHebrewFinals(word);
  const out = new Set<string>([w]);
  const bases = [w];
  for (let i = 0, v = w; i < 2 && v.length > 3 && HEBREW_CLITICS.includes(v[0]!); i++) { v = v.slice(1); bases.push(v); }
  for (const b of bases) {
    out.add(b);
    const stems = [b];
    for (const s of HEBREW_SUFFIXES) {
      if (b.length - s.length >= 3 && b.endsWith(s)) { stems.push(b.slice(0, -s.length)); break; }
    }
    for (const s of stems) {
      out.add(s);
      if (s.length >= 4 && HEBREW_VERB_PREFIXES.includes(s[0]!)) out.add(s.slice(1));
    }
  }
  return [...out].filter((f) => f.length >= 3 || f === w);
}

const ARABIC_CLITICS = /^(?:وال|بال|كال|فال|لل|ال|و|ب|ل|ف|ك|س)(?=[\u0621-\u064A]{3,})/;
const ARABIC_SUFFIXES = /(?:ات|ون|ين|ان|ها|هم|هن|كم|نا|ية|ة|ه|ي)$/;
/** Verb prefixes of the imperfect (ي ت ن أ) and the noun/participle مـ / استـ patterns. */
const ARABIC_VERB_PREFIXES = /^(?:است|ي|ت|ن|أ|ا|م)(?=[\u0621-\u064A]{3,})/;

/**
 * Comparable forms of an Arabic word (already folded: alef forms, teh
 * marbuta): its Snowball stem, and light stems without clitics, endings and
 * verb-pattern prefixes, each of at least three letters.
 */
export function arabicForms(word: string): string[] {
  const out = new Set<string>([word, stem(word, 'ar')]);
  const bare = word.replace(ARABIC_CLITICS, '');
  out.add(bare);
  out.add(stem(bare, 'ar'));
  const unsuffixed = bare.replace(ARABIC_SUFFIXES, '');
  if (unsuffixed.length >= 3) {
    out.add(unsuffixed);
    const root = unsuffixed.replace(ARABIC_VERB_PREFIXES, '');
    if (root.length >= 3) out.add(root);
  }
  return [...out].filter((f) => f.length >= 3 || f === word);
}
