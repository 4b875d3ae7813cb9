/**
 * The search analyser: text -> index terms, the same way for chunks and
 * queries. Two kinds of terms:
 *  - word terms: folded stems of the non-function words;
 *  - gram terms: character n-grams of the folded surface words, which match
 *    inflections, compounds and clitics no stemmer knows (Hebrew prefixes,
 *    German compounds) in any script.
 */
import { foldWord } from './normalize';
import { stem } from './stem';
import { stopwordsFor } from './stopwords';
import { words } from './tokenize';

const CJK = /[\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]/;

export interface AnalyzerOptions {
  /** Drop the language's function words (default true). */
  dropStopwords?: boolean;
}

/** Words of `text` without the function words of `lang` (all words if every one is a function word). */
export function contentWords(text: string, lang: string, options: AnalyzerOptions = {}): string[] {
  const all = words(text);
  if (options.dropStopwords === false) return all;
  const stop = stopwordsFor(lang);
  if (stop.size === 0) return all;
  const kept = all.filter((w) => !stop.has(w));
  return kept.length > 0 ? kept : all;
}

/** Folded stems of the content words. */
export function wordTerms(text: string, lang: string, options: AnalyzerOptions = {}): string[] {
  return contentWords(text, lang, options).map((w) => foldWord(stem(w, lang)));
}

/**
 * Character n-grams of one folded word, padded with a boundary mark so that
 * prefixes and suffixes are terms of their own. Words of CJK scripts give
 * character unigrams and bigrams instead.
 */
export function charNgrams(word: string, min = 3, max = 5, out: string[] = []): string[] {
  if (CJK.test(word)) {
    const chars = [...word];
    for (let i = 0; i < chars.length; i++) {
      out.push(chars[i]);
      if (i + 1 < chars.length) out.push(chars[i] + chars[i + 1]);
    }
    return out;
  }
  const padded = `_${word}_`;
  if (!/[\uD800-\uDFFF]/.test(padded)) {
    // No surrogate pairs: index code units directly (the common case, much faster).
    if (padded.length <= min) { out.push(padded); return out; }
    for (let n = min; n <= max; n++) for (let i = 0; i + n <= padded.length; i++) out.push(padded.slice(i, i + n));
    return out;
  }
  const chars = [...padded];
  if (chars.length <= min) { out.push(padded); return out; }
  for (let n = min; n <= max; n++) {
    for (let i = 0; i + n <= chars.length; i++) out.push(chars.slice(i, i + n).join(''));
  }
  return out;
}

/** Gram terms of a text: the n-grams of its folded content words. */
export function gramTerms(text: string, lang: string, min = 3, max = 5, options: AnalyzerOptions = {}): string[] {
  const out: string[] = [];
  for (const w of contentWords(text, lang, options)) charNgrams(foldWord(w), min, max, out);
  return out;
}

/**
 * Stem and 4-grams per (language, word), reused: words repeat (Zipf), and
 * stemming and n-gram slicing are most of the analyser's time when a
 * catalog is indexed. Bounded: emptied when it reaches CACHE_MAX words.
 */
const CACHE_MAX = 200_000;
const wordCache = new Map<string, { stem: string; grams: string[] }>();

/** The index terms of one content word of `lang`: its folded stem and its 4-grams. */
export function analyzeWord(w: string, lang: string): { stem: string; grams: string[] } {
  const key = `${lang}\u0000${w}`;
  let e = wordCache.get(key);
  if (!e) {
    if (wordCache.size >= CACHE_MAX) wordCache.clear();
    e = { stem: foldWord(stem(w, lang)), grams: charNgrams(foldWord(w), 4, 4) };
    wordCache.set(key, e);
  }
  return e;
}

/** Word terms and 4-gram terms of one text in one pass (what the lexical index stores). */
export function analyzeForIndex(text: string, lang: string): { words: string[]; grams: string[] } {
  const wordsOut: string[] = [];
  const grams: string[] = [];
  for (const w of contentWords(text, lang)) {
    const e = analyzeWord(w, lang);
    wordsOut.push(e.stem);
    for (const g of e.grams) grams.push(g);
  }
  return { words: wordsOut, grams };
}
