import { foldWord } from './normalize';
import { arabicForms, hebrewForms, stem } from './stem';
import { stopwordsFor } from './stopwords';
import { abbreviates, expansions, mayAbbreviate } from './abbreviations';
import { englishBaseForm } from './irregular';
import { synonymsOf } from './synonyms';
import { splitSentences, words as textWords } from './tokenize';

/**
 * Word-level tools the chat needs to judge relevance and pick sentences:
 * content terms (no function words, stemmed, Hebrew/Arabic clitics off),
 * and sentence splitting, on top of core/foundation/text. Retrieval itself is
 * core/engines/search's job.
 */

/** Words of a text, normalised (case, NFKC, points, diacritics folded). */
export function words(text: string): string[] {
  return textWords(text).map((w) => foldWord(w)).filter(Boolean);
}

const LATIN_LANGS = new Set(['en', 'fr', 'es', 'de', 'it', 'pt', 'nl', 'sv', 'no', 'da', 'fi', 'tr', 'ro', 'pl', 'cs', 'id']);
const isLatinLang = (lang: string) => LATIN_LANGS.has(lang);

/**
 * Comparable forms of one word: its stem; for Hebrew (no stemmer exists)
 * and Arabic also the form without a leading clitic (ו, ה, ב, ל, ...), since
 * a first letter can be either a prefix or part of the root.
 */
export function formsOf(word: string, lang: string): string[] {
  // Hebrew and Arabic inflect with prefixes and suffixes no stemmer here covers: compare light stems (core/foundation/text/stem.ts).
  if (/^[\u05D0-\u05EA]/.test(word)) return hebrewForms(word);
  if (/^[\u0621-\u064A]/.test(word)) return arabicForms(word);
  const script = /[\u0400-\u04FF]/.test(word) ? 'ru' : /^[a-z0-9]+$/.test(word) && !isLatinLang(lang) ? 'en' : lang;
  return [foldWord(stem(script === 'en' ? americanSpelling(englishBaseForm(word)) : word, script))];
}

/**
 * The forms a word is matched by: its own (formsOf), those of the words it
 * abbreviates ("qtr" → "quarter", core/foundation/text/abbreviations.ts) and of its
 * synonyms ("placed" → "position", core/foundation/text/synonyms.ts), the number of an
 * ordinal in figures ("3rd" → "3"), and for a
 * long word its unstemmed spelling (so a vowel-less abbreviation can be
 * matched against the whole word: "bldg" against "building", whose stem is
 * "build").
 */
export function matchForms(word: string, lang: string): string[] {
  const own = formsOf(word, lang);
  // An ordinal matches its number ("3rd" / "Series 3", "third" / "3"), and so does a count in words ("three").
  const ordinal = /^(\d+)(?:st|nd|rd|th)$/.exec(word)?.[1] ?? NUMBER_WORDS[word];
  if (ordinal) return [...own, ordinal];
  if (!/^[a-z]+$/.test(word)) return own;
  const out = [...own];
  const base = englishBaseForm(word);
  const related = [...expansions(word), ...synonymsOf(base)];
  for (const e of related) for (const f of formsOf(e, lang)) if (!out.includes(f)) out.push(f);
  if (word.length >= 5 && !out.includes(word)) out.push(word);
  return out;
}

/** English counts and ordinals in words, as their figure ("three" / "third" / "3"); "one" and "second" have other meanings. */
const NUMBER_WORDS: Record<string, string> = {
  two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10', eleven: '11', twelve: '12',
  first: '1', third: '3', fourth: '4', fifth: '5', sixth: '6', seventh: '7', eighth: '8', ninth: '9', tenth: '10', eleventh: '11', twelfth: '12',
};

const GB_OUR = /^(colo|flavo|favo|behavio|hono|labo|neighbo|humo|harbo|rumo|vapo|armo|savo|endeavo|odo|vigo|rigo|parlo|tumo)ur(s|ed|ing|ful|less|ite|ites|able|ably|ation|ations|ist|ists|er|ers|hood|ly|ize|ized|ise|ised)?$/;
const GB_RE = /^(cent|met|lit|theat|fib|calib|spect)re(s|d)?$/;
const GB_ISE = /^(organ|recogn|real|custom|optim|minim|maxim|priorit|synchron|initial|author|normal|visual|categor|standard|summar|util|final|personal|special|apolog|emphas|memor|critic|modern|famili|stabil|steril|neutral|central|local|global|digit|monet|capital|subsid|symbol|harmon|econom|fertil|equal|legal|character|sanit|minimal|serial|decentral|commercial|industrial|polar|motor|tokens|vandal)is(e|ed|es|ing|ation|ations|er|ers)$/;
const GB_LL = /^(travel|cancel|label|model|level|fuel|signal|total|channel|tunnel|marvel|counsel|jewel|dial|equal)l(ed|ing|er|ers)$/;
const GB_WORDS: Record<string, string> = {
  grey: 'gray', greys: 'grays', catalogue: 'catalog', catalogues: 'catalogs', programme: 'program', programmes: 'programs',
  aluminium: 'aluminum', defence: 'defense', offence: 'offense', licence: 'license', licences: 'licenses', tyre: 'tire', tyres: 'tires',
  jewellery: 'jewelry', manoeuvre: 'maneuver', manoeuvres: 'maneuvers', dialogue: 'dialog', dialogues: 'dialogs', analogue: 'analog',
};

/**
 * An English word in its American spelling ("colours" → "colors", "centre"
 * → "center", "organised" → "organized", "travelled" → "traveled"), so a
 * question and a text in the two spellings share their terms. Only listed
 * roots change ("hour", "four", "rise" stay as they are).
 */
export function americanSpelling(word: string): string {
  const listed = GB_WORDS[word];
  if (listed) return listed;
  if (word.length < 5) return word;
  return word.replace(GB_OUR, (_, root: string, end = '') => `${root}r${end}`)
    .replace(GB_RE, (_, root: string, end = '') => `${root}er${end}`)
    .replace(GB_ISE, (_, root: string, end: string) => `${root}iz${end}`)
    .replace(GB_LL, (_, root: string, end: string) => `${root}${end}`);
}

/**
 * The terms of a passage as the question would see them: in the passage's
 * language and, when the question is in another language of the same
 * (Latin) alphabet, also stemmed as that language (a short passage whose
 * language was misdetected still shares its terms with the question).
 */
export function passageTermSet(text: string, passageLang: string, questionLang: string): ReadonlySet<string> {
  const key = `${passageLang}\u0000${questionLang}\u0000${text}`;
  let set = passageMemo.get(key);
  if (!set) {
    const own = termSet(text, passageLang);
    if (passageLang !== questionLang && isLatinLang(passageLang) && isLatinLang(questionLang)) for (const f of termSet(text, questionLang)) own.add(f);
    if (passageMemo.size >= PASSAGE_MEMO_SIZE) passageMemo.delete(passageMemo.keys().next().value!);
    passageMemo.set(key, (set = own));
  }
  return set;
}

/**
 * passageTermSet of the passages met last (shared, so read-only): one answer reads a passage's terms to judge
 * it, to find the files a question names, and to check the quoted figures, each time the same text.
 */
const passageMemo = new Map<string, ReadonlySet<string>>();
const PASSAGE_MEMO_SIZE = 512;

function isStopword(word: string, lang: string): boolean {
  if (stopwordsFor(lang).has(word) || stopwordsFor('en').has(word)) return true;
  if (/^[\u05D0-\u05EA]/.test(word)) return stopwordsFor('he').has(word) || stopwordsFor('he').has(word.replace(/^[ושהבלמכ]/, ''));
  if (/^[\u0621-\u064A]/.test(word)) return stopwordsFor('ar').has(word) || stopwordsFor('ar').has(word.replace(/^[وفبل]/, ''));
  return false;
}

/** A query term: its alternative forms (any one matching counts). */
export type Term = string[];

/**
 * matchForms of words met before (a pure function of the word and the language; passages and questions
 * repeat their words): stemming every word of every passage again was most of an offline answer's own time.
 */
const formsMemo = new Map<string, Map<string, string[]>>();
const FORMS_MEMO_SIZE = 100_000;
let memoized = 0;
function memoForms(word: string, lang: string): string[] {
  // Per language, then per word: no key string made for every word of every passage.
  let byWord = formsMemo.get(lang);
  if (!byWord) formsMemo.set(lang, (byWord = new Map()));
  let forms = byWord.get(word);
  if (!forms) {
    if (memoized >= FORMS_MEMO_SIZE) { formsMemo.clear(); formsMemo.set(lang, (byWord = new Map())); memoized = 0; }
    forms = matchForms(word, lang);
    byWord.set(word, forms);
    memoized++;
  }
  return forms;
}

/** Whether a word of a text is one of its content terms (function words and single letters are not). */
function isContentWord(w: string, lang: string): boolean {
  if (isStopword(w, lang)) return false;
  return w.length >= 2 || /\d/.test(w);
}

/** Calls `fn` with the forms of each distinct content term of a text (function words dropped), in text order. */
function eachContentTerm(text: string, lang: string, fn: (forms: string[]) => void): void {
  const seen = new Set<string>();
  for (const w of words(text)) {
    if (!isContentWord(w, lang)) continue;
    const forms = memoForms(w, lang);
    // A word whose first form was met already is the same term.
    if (seen.has(forms[0])) continue;
    seen.add(forms[0]);
    fn(forms);
  }
}

/** Distinct content terms of a text (function words dropped), each as its alternative forms (see matchForms). */
export function contentTerms(text: string, lang: string): Term[] {
  const out: Term[] = [];
  // A copy: the caller owns its terms.
  eachContentTerm(text, lang, (forms) => { out.push(forms.slice()); });
  return out;
}

/** Adds the forms of `text`'s content terms to `set`: the forms of contentTerms(text, lang), without making the terms. */
function addContentForms(set: Set<string>, text: string, lang: string): void {
  eachContentTerm(text, lang, (forms) => { for (const f of forms) set.add(f); });
}

/**
 * The parts of a text's compound identifiers as words of their own:
 * "value_axis.crosses" → "value axis crosses", "StrikeOut" → "Strike Out"
 * ("XL_AXIS_CROSSES.MAXIMUM" holds "axis", "crosses" and "maximum").
 */
export function identifierParts(text: string): string {
  // A decimal ("5.0", "1.500") is a number, not an identifier: its digits are not words of their own.
  const parts = (text.match(/[\p{L}\d]+(?:[._][\p{L}\d]+)+|\p{Lu}?\p{Ll}+(?:\p{Lu}\p{Ll}+)+/gu) ?? []).filter((p) => /\p{L}/u.test(p));
  return parts.map((p) => p.replace(/[._]/g, ' ').replace(/(?<=\p{Ll})(?=\p{Lu})/gu, ' ')).join('\n');
}

/** All forms of a passage's terms, and of its identifiers' parts, for fast coverage checks. */
export function termSet(text: string, lang: string): Set<string> {
  const set = new Set<string>();
  addContentForms(set, text, lang);
  const parts = identifierParts(text);
  if (parts) addContentForms(set, parts, lang);
  return set;
}

/** `loose`: a shared 5-letter head also counts (for the word's own stem, not for the words it was expanded to). */
function hasForm(set: ReadonlySet<string>, form: string, loose: boolean): boolean {
  if (set.has(form)) return true;
  // A vowel-less abbreviation on either side ("Qtr" / "quarter"): core/foundation/text/abbreviations.ts.
  if (mayAbbreviate(form)) {
    for (const t of set) if (abbreviates(form, t)) return true;
    return false;
  }
  if (form.length < 5) return false;
  const head = form.slice(0, 5);
  for (const t of set) {
    if (loose && t.length >= 5 && t.startsWith(head) && Math.abs(t.length - form.length) <= 3) return true;
    if (mayAbbreviate(t) && abbreviates(t, form)) return true;
  }
  return false;
}

/**
 * True when one of the term's forms occurs in the set: the word's own stem
 * (or a shared 5-letter head, or an abbreviation of it), or exactly one of
 * the other forms (an abbreviation's word, a synonym, an ordinal's number):
 * "app" → "application" must not reach "applies" by a shared head.
 */
export function hasTerm(set: ReadonlySet<string>, term: Term): boolean {
  return term.some((f, i) => hasForm(set, f, i === 0));
}

/** Share of the query's terms found in the passage, and how many. */
export function coverage(queryTerms: Term[], passage: ReadonlySet<string>): { matched: number; ratio: number } {
  if (queryTerms.length === 0) return { matched: 0, ratio: 0 };
  const matched = queryTerms.filter((t) => hasTerm(passage, t)).length;
  return { matched, ratio: matched / queryTerms.length };
}

/** Sentences of a passage, trimmed; line breaks (lists, headings) also end a sentence. */
const ENDS_SENTENCE = /[.!?;:。！？؟…]["'”’)\]]?$/u;
const BULLET = /^[•▪●\-–*]\s/u;
/** Words a sentence does not end with (articles, prepositions, conjunctions), in the languages answered offline. */
const LEADS_ON = /(?<![\p{L}])(?:to|of|the|a|an|and|or|in|for|with|by|from|at|on|as|than|into|per|about|between|is|are|was|were|de|la|le|les|des|du|el|los|las|del|et|und|von|der|die|das|zu|da|di|il)$/u;

/** A table row as extracted (core/features/ingest): cells joined by " | ". */
const TABLE_ROW = /\S\s\|\s\S/;

/**
 * Logical lines of extracted text: a line wrapped by the page layout is
 * joined to the next when it does not end a sentence and the next line goes
 * on (starts in lower case, or in a caseless script after a long line).
 * Headings, bullets and table rows stay lines of their own.
 */
export function reflowLines(text: string): string[] {
  const lines = text.split(/\r?\n|\r/).map((l) => l.trim());
  const longest = Math.max(0, ...lines.map((l) => l.length));
  const out: string[] = [];
  for (const line of lines) {
    const prev = out[out.length - 1];
    // A colon at a line end followed by a lower-case line goes on ("two representations for numbers:\nintegers and doubles.");
    // so does a line ending in a word no sentence ends with, whatever starts the next ("executes in about\n35 cycles",
    // "(previously 4%) to\n296 MEUR": issue 34, quoted as "to. 296" before).
    const goesOn = !!prev && !!line && ((/:$/.test(prev) && /^\p{Ll}/u.test(line)) || (LEADS_ON.test(prev) && !BULLET.test(line) && prev.length >= 20));
    // A table row ("crypto-aes | 50 | 1.64x") is a line of its own, as is the line before it.
    const joins = !TABLE_ROW.test(line) && !TABLE_ROW.test(prev ?? '') && (goesOn || (!!prev && !!line && !ENDS_SENTENCE.test(prev) && !BULLET.test(line) &&
      (/^\p{Ll}/u.test(line) || (prev.length >= 0.7 * longest && !/^\p{Lu}/u.test(line) && !/^\d/.test(line)))));
    if (joins) out[out.length - 1] = `${prev} ${line}`;
    else out.push(line);
  }
  return out.filter(Boolean);
}

export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of reflowLines(text).flatMap((l) => l.split(/(?<=\S)\s*[•▪●]\s+/))) {
    for (const s of splitSentences(line)) {
      const t = s.replace(/\s+/g, ' ').replace(/^[•▪●\-–*]\s*/, '').trim();
      if (t) out.push(t);
    }
  }
  return out;
}
