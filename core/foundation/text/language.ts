/**
 * Offline language identification (ISO 639-1): writing system first, then,
 * inside Latin and Cyrillic scripts, function words, letters peculiar to a
 * language and characteristic letter sequences. Built for short questions
 * as much as for pages of text. No model, no download.
 */
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '../types';
import { stopwordsFor } from './stopwords';

/** Returned when a text has no letters to judge by. */
export const UNDETERMINED = 'und';

type Script = 'latin' | 'cyrillic' | 'greek' | 'hebrew' | 'arabic' | 'han' | 'kana' | 'hangul'
  | 'thai' | 'devanagari' | 'bengali' | 'tamil' | 'armenian' | 'georgian' | 'ethiopic';

const SCRIPT_RANGES: Array<[number, number, Script]> = [
  [0x0041, 0x005a, 'latin'], [0x0061, 0x007a, 'latin'], [0x00c0, 0x024f, 'latin'], [0x1e00, 0x1eff, 'latin'],
  [0x0370, 0x03ff, 'greek'], [0x1f00, 0x1fff, 'greek'],
  [0x0400, 0x052f, 'cyrillic'],
  [0x0530, 0x058f, 'armenian'],
  [0x0590, 0x05ff, 'hebrew'], [0xfb1d, 0xfb4f, 'hebrew'],
  [0x0600, 0x06ff, 'arabic'], [0x0750, 0x077f, 'arabic'], [0xfb50, 0xfdff, 'arabic'], [0xfe70, 0xfeff, 'arabic'],
  [0x0900, 0x097f, 'devanagari'], [0x0980, 0x09ff, 'bengali'], [0x0b80, 0x0bff, 'tamil'],
  [0x0e00, 0x0e7f, 'thai'], [0x10a0, 0x10ff, 'georgian'], [0x1200, 0x137f, 'ethiopic'],
  [0x1100, 0x11ff, 'hangul'], [0x3130, 0x318f, 'hangul'], [0xac00, 0xd7af, 'hangul'],
  [0x3040, 0x30ff, 'kana'], [0x31f0, 0x31ff, 'kana'],
  [0x3400, 0x4dbf, 'han'], [0x4e00, 0x9fff, 'han'], [0xf900, 0xfaff, 'han'],
];

function scriptOf(cp: number): Script | null {
  if (cp < 0x41) return null;
  for (const [lo, hi, s] of SCRIPT_RANGES) if (cp >= lo && cp <= hi) return s;
  return null;
}

/**
 * Word counts per script over (at most) the first 4000 characters; a word
 * counts for the script of its first letter. Latin words inside another
 * script's text are mostly names and brands, so other scripts weigh double.
 */
function countScripts(text: string): Map<Script, number> {
  const counts = new Map<Script, number>();
  const sample = text.length > 4000 ? text.slice(0, 4000) : text;
  for (const m of sample.matchAll(/[\p{L}\p{M}]+/gu)) {
    const word = m[0];
    const s = scriptOf(word.codePointAt(0)!);
    if (!s) continue;
    // CJK runs are not separated by spaces: weigh them by characters.
    const weight = s === 'han' || s === 'kana' ? [...word].length : s === 'latin' ? 1 : 2;
    counts.set(s, (counts.get(s) ?? 0) + weight);
  }
  return counts;
}

const SIMPLE_SCRIPT_LANG: Partial<Record<Script, string>> = {
  greek: 'el', hangul: 'ko', kana: 'ja', thai: 'th', devanagari: 'hi', bengali: 'bn',
  tamil: 'ta', armenian: 'hy', georgian: 'ka', ethiopic: 'am', hebrew: 'he',
};

/**
 * Characteristic letters and letter sequences (weak evidence, weight per hit).
 * A mark made of ASCII letters only counts next to function words, so one regex
 * never mixes ASCII-only alternatives with ones that have a peculiar letter:
 * "Snorkelwax installer rebate" is not Turkish for its "-ler".
 */
const LATIN_MARKS: Record<string, Array<[RegExp, number]>> = {
  en: [[/\bth/g, 0.3], [/ing\b/g, 0.6], [/\bwh/g, 0.6], [/tion\b/g, 0.3], [/ly\b/g, 0.3], [/\w'(s|t|re|ll|ve)\b/g, 1]],
  fr: [[/[èêëîïûœç]/g, 1], [/eau|aux\b|oux\b|ille|ment\b/g, 0.4], [/\b[ldjcnsmt]'/g, 1.2], [/qu[eoi]/g, 0.3]],
  es: [[/[ñ¿¡]/g, 3], [/ción\b|ciones\b/g, 1.2], [/[áíóú]/g, 0.4], [/\bll|rr/g, 0.3], [/dad\b|ado\b|ada\b/g, 0.3]],
  de: [[/ß/g, 3], [/[äöü]/g, 1], [/sch|cht|tz|\bzu|ung\b|ungen\b|keit\b|heit\b/g, 0.5], [/ei|ie/g, 0.15]],
  it: [[/zion[ei]\b/g, 1.2], [/gli|gn[aoi]|cch|zz|tt/g, 0.4], [/[àèìòù]\b/g, 0.8], [/[aeio]\b/g, 0.05]],
  pt: [[/[ãõ]/g, 2.5], [/ção\b|ções\b|ão\b/g, 1.5], [/ç[aoã]/g, 1], [/lh|nh/g, 0.5], [/[âê]/g, 0.4]],
  nl: [[/ij/g, 0.8], [/aa|oo|uu|ee/g, 0.4], [/sch|cht/g, 0.2], [/\bge\w+d\b|\bge\w+t\b/g, 0.4]],
  pl: [[/[ąęłńśźżć]/g, 2], [/rz|cz|sz|dz|wy|ie/g, 0.3]],
  sv: [[/[åäö]/g, 0.8], [/\boch\b|\batt\b/g, 0.5], [/tj|sj|skj/g, 0.3]],
  no: [[/[æøå]/g, 0.9], [/\bhv/g, 0.4], [/\bikke\b/g, 0.3]],
  da: [[/[æøå]/g, 0.9], [/\bhv/g, 0.4], [/\baf\b|\bud\b|\bnoget\b|\bhvad\b|\bmeget\b/g, 0.8]],
  fi: [[/[äö]/g, 0.5], [/aa|ii|uu|kk|tt|ss|ll/g, 0.3], [/ssä\b|stä\b|llä\b/g, 0.8], [/ssa\b|sta\b|lla\b/g, 0.8]],
  tr: [[/[ğışİ]/g, 2], [/[çöü]/g, 0.3], [/dır\b/g, 0.6], [/lar\b|ler\b|dir\b/g, 0.6]],
  ro: [[/[ăâîșțşţ]/g, 1.5], [/ul\b|ului\b/g, 0.4]],
  cs: [[/[ěščřžýůťďň]/g, 1.5]],
  id: [[/\bmen|\bber|\bdi\w|kan\b|nya\b/g, 0.3], [/ng/g, 0.1]],
};
const LATIN_LANGS = Object.keys(LATIN_MARKS);

const WORD = /[\p{L}\p{M}']+/gu;

/**
 * Lower-cased words of a text. A capitalised word inside a sentence is
 * usually a name ("Doctor Who", "The Who"), so it gives no function-word evidence.
 */
function wordsOf(text: string, limit: number): string[] {
  const sample = text.slice(0, 6000).replace(/[\u2019\u02BC]/g, "'");
  const out: string[] = [];
  let sentenceStart = true;
  let last = 0;
  for (const m of sample.matchAll(WORD)) {
    const between = sample.slice(last, m.index);
    last = m.index! + m[0].length;
    if (/[.!?¿¡:;\n"«»]/.test(between)) sentenceStart = true;
    const word = m[0];
    const capitalised = word[0] !== word[0].toLowerCase();
    // Letters glued to figures ("P1", "T2", "3rd", "Q4") and a lone capital consonant ("T", "N": a label, an
    // initial) are labels, not words: French elisions ("t'", "n'") would otherwise make a table of cell names French.
    const glued = /\d/.test(sample[m.index! - 1] ?? '') || /\d/.test(sample[last] ?? '');
    const label = glued || (/^[B-DF-HJ-NP-TV-XZ]$/.test(word) && sample[last] !== "'");
    const skip = label || (capitalised && !sentenceStart && word.length > 1);
    sentenceStart = false;
    if (skip) continue;
    const lower = word.toLowerCase();
    out.push(lower);
    if (lower.includes("'")) for (const part of lower.split("'")) if (part) out.push(part);
    if (out.length >= limit) break;
  }
  return out;
}

interface WordScores {
  scores: Map<string, number>;
  /** Per language, how many of the words are its function words. */
  hits: Map<string, number>;
}

/** A mark made only of ASCII letters ("ll", "ie", "ing"): evidence only next to function words. */
const asciiOnly = (re: RegExp) => !/[^\x00-\x7f]/.test(re.source.replace(/\\[a-z]/gi, ''));
const asciiMarks = new Map<RegExp, boolean>();
const isAsciiMark = (re: RegExp) => {
  let v = asciiMarks.get(re);
  if (v === undefined) asciiMarks.set(re, (v = asciiOnly(re)));
  return v;
};

/** For a list of candidate languages: each function word with the languages (in list order) that have it. */
const ownersByList = new Map<readonly string[], Map<string, string[]>>();
function functionWordOwners(langs: readonly string[]): Map<string, string[]> {
  let owners = ownersByList.get(langs);
  if (owners) return owners;
  owners = new Map();
  for (const l of langs) {
    for (const w of stopwordsFor(l)) {
      const list = owners.get(w);
      if (list) list.push(l);
      else owners.set(w, [l]);
    }
  }
  ownersByList.set(langs, owners);
  return owners;
}

/**
 * Scores candidate languages by function words shared with the text, plus
 * weighted marks. With no function word at all, letter sequences any
 * language writes ("ll" in "Hello", "ie" in "pie") are no evidence: only
 * letters peculiar to a language (ñ, ł, ß, ...) count.
 */
function scoreByWords(words: string[], text: string, langs: readonly string[], marks: Record<string, Array<[RegExp, number]>>): WordScores {
  const scores = new Map<string, number>(langs.map((l) => [l, 0]));
  const hits = new Map<string, number>(langs.map((l) => [l, 0]));
  const ownersOf = functionWordOwners(langs);
  let anyHit = false;
  for (const w of words) {
    const owners = ownersOf.get(w);
    if (!owners) continue;
    anyHit = true;
    const weight = 2 / (1 + owners.length);
    for (const l of owners) { scores.set(l, scores.get(l)! + weight); hits.set(l, hits.get(l)! + 1); }
  }
  const lower = text.slice(0, 6000).toLowerCase().replace(/[\u2019\u02BC]/g, "'");
  for (const l of langs) {
    for (const [re, w] of marks[l] ?? []) {
      if (!anyHit && isAsciiMark(re)) continue;
      const n = lower.match(re)?.length ?? 0;
      // Saturate: marks break ties and decide stopword-free texts, they do not outvote function words.
      if (n) scores.set(l, scores.get(l)! + w * Math.min(n, 3 + Math.sqrt(n)));
    }
  }
  return { scores, hits };
}

function best(scores: Map<string, number>, fallback: string): string {
  let bestLang = fallback;
  let bestScore = 0;
  for (const [l, s] of scores) if (s > bestScore) { bestLang = l; bestScore = s; }
  return bestLang;
}

interface Guess { language: string; confident: boolean }

/**
 * Confidence in a function-word guess: enough of the words are function
 * words of the chosen language (real prose in any language is about a
 * third function words; Lorem ipsum, lists of labels and garbled text are
 * not), or the text is short and carries a letter peculiar to it.
 */
function confidence(words: string[], ws: WordScores, language: string, peculiar: boolean): boolean {
  const n = words.length;
  const hits = ws.hits.get(language) ?? 0;
  if (n === 0) return false;
  if (n < 4) return peculiar || hits >= 1;
  return hits >= 2 && hits / n >= 0.12;
}

function guessLatin(text: string): Guess {
  const words = wordsOf(text, 400);
  const ws = scoreByWords(words, text, LATIN_LANGS, LATIN_MARKS);
  // A small prior for English: the usual language of Latin-script text with no other evidence.
  ws.scores.set('en', ws.scores.get('en')! + 0.25);
  const language = best(ws.scores, 'en');
  const lowerText = text.toLowerCase();
  const peculiar = (LATIN_MARKS[language] ?? []).some(([re]) => !isAsciiMark(re) && (re.lastIndex = 0, re.test(lowerText)));
  return { language, confident: confidence(words, ws, language, peculiar) };
}

const CYRILLIC_MARKS: Record<string, Array<[RegExp, number]>> = {
  ru: [[/[ыэъё]/g, 1.2]],
  uk: [[/[іїєґ]/g, 1.5]],
  bg: [[/ъ/g, 0.6], [/\bще\b|\bсъм\b|\bна\b/g, 0.4]],
  sr: [[/[ђјљњћџ]/g, 3]],
};
const CYRILLIC_LANGS = ['ru', 'uk', 'bg', 'sr'];

function guessCyrillic(text: string): Guess {
  const words = wordsOf(text, 400);
  const ws = scoreByWords(words, text, CYRILLIC_LANGS, CYRILLIC_MARKS);
  const language = best(ws.scores, 'ru');
  // Cyrillic text is Russian unless shown otherwise; only a clear other winner needs function words.
  return { language, confident: language === 'ru' || confidence(words, ws, language, true) };
}

function detectArabicScript(text: string): string {
  if (/[ٹڈڑںے]/.test(text)) return 'ur';
  if (/[پچژگ]/.test(text) || (/[یک]/.test(text) && !/[يك]/.test(text))) return 'fa';
  return 'ar';
}

function guess(text: string): Guess {
  const counts = countScripts(text);
  if (counts.size === 0) return { language: UNDETERMINED, confident: false };
  const all = total(counts);
  if ((counts.get('kana') ?? 0) > 0 && (counts.get('kana')! + (counts.get('han') ?? 0)) >= (counts.get('hangul') ?? 0)) {
    const cjk = counts.get('kana')! + (counts.get('han') ?? 0);
    if (cjk * 2 >= all) return { language: 'ja', confident: cjk >= 4 };
  }
  let top: Script = 'latin';
  let topCount = -1;
  for (const [s, n] of counts) if (n > topCount) { top = s; topCount = n; }
  // A script that is not clearly the text's own (OCR noise, a mixed text) is no sure sign.
  const dominant = topCount >= all * 0.6;
  switch (top) {
    case 'latin': { const g = guessLatin(text); return { ...g, confident: g.confident && dominant }; }
    case 'cyrillic': { const g = guessCyrillic(text); return { ...g, confident: g.confident && dominant }; }
    case 'arabic': return { language: detectArabicScript(text), confident: dominant && topCount >= 2 };
    case 'han': return { language: (counts.get('kana') ?? 0) > 0 ? 'ja' : 'zh', confident: dominant && topCount >= 2 };
    default: return { language: SIMPLE_SCRIPT_LANG[top] ?? UNDETERMINED, confident: dominant && topCount >= 2 && !!SIMPLE_SCRIPT_LANG[top] };
  }
}

/**
 * The language of a text as an ISO 639-1 code ('en', 'fr', 'he', ...), or
 * 'und' when it has no letters: a best guess, for questions (which language
 * to answer in). Latin-script text with no evidence for any language is
 * reported as English.
 */
export function detectLanguage(text: string): string {
  return guess(text).language;
}

/**
 * The language of a text only when the evidence is sound, else 'und': for
 * tagging content, where a confident wrong code ("Hello, world!" as
 * Finnish, Lorem ipsum as Italian, a chart's labels as Polish, OCR noise as
 * Hebrew) is worse than saying "unknown". Callers fall back to the
 * language of the rest of the item.
 */
export function detectContentLanguage(text: string): string {
  const g = guess(text);
  return g.confident ? g.language : UNDETERMINED;
}

function total(counts: Map<Script, number>): number {
  let n = 0;
  for (const v of counts.values()) n += v;
  return n;
}

const NAME_TO_CODE: Record<TranslationLanguage, string> = {
  english: 'en', spanish: 'es', french: 'fr', german: 'de', italian: 'it', portuguese: 'pt',
  chinese: 'zh', japanese: 'ja', korean: 'ko', arabic: 'ar', hebrew: 'he', russian: 'ru',
  dutch: 'nl', polish: 'pl', swedish: 'sv', norwegian: 'no', danish: 'da',
};
const CODE_ALIASES: Record<string, string> = { nb: 'no', nn: 'no', iw: 'he', zh_cn: 'zh', zh_tw: 'zh', 'zh-hans': 'zh', 'zh-hant': 'zh' };

/** Product language name ('english', ...) for an ISO code ('en', 'en-US', 'nb'), or null if not a product language. */
export function languageName(code: string): TranslationLanguage | null {
  const c = code.trim().toLowerCase();
  const base = CODE_ALIASES[c] ?? CODE_ALIASES[c.split(/[-_]/)[0]] ?? c.split(/[-_]/)[0];
  for (const name of TRANSLATION_LANGUAGES) if (NAME_TO_CODE[name] === base) return name;
  return null;
}

/** ISO 639-1 code for a product language name ('English', 'chinese (Mandarin)'), or null. */
export function languageCode(name: string): string | null {
  const n = name.trim().toLowerCase().replace(/\s*\(.*\)\s*$/, '');
  if ((TRANSLATION_LANGUAGES as readonly string[]).includes(n)) return NAME_TO_CODE[n as TranslationLanguage];
  const asCode = languageName(n);
  return asCode ? NAME_TO_CODE[asCode] : null;
}
