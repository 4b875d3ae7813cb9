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

function stemmerFor(lang: string): StemFn | null {
  if (stemmers.has(lang)) return stemmers.get(lang)!;
  let fn: StemFn | null = null;
  if (lang === 'he') fn = hebrewLightStem;
  else if (SNOWBALL[lang]) {
    const s = newStemmer(SNOWBALL[lang]);
    fn = (w) => s.stem(w);
  }
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
