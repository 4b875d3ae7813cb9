import { hasTerm, termSet, type Term } from './terms';

/**
 * What a question's words ask for, beyond matching them in a passage:
 *
 * - frame words name the asking or the container, not the content ("Which
 *   alignments are *shown*?", "What does the *table* say?", "מה *רשום*
 *   ב*טופס*?"): a passage need not hold them to answer, so they do not count
 *   against it (a frame word it does hold still counts);
 * - slot words name the kind of value asked for ("the *number*", "the
 *   *date*", "the *telephone*"): a passage holding such a value (a figure, a
 *   date, a phone number, an e-mail address) half-fills the word even when it
 *   is written otherwise ("Tél : +33 2 50 01 14 20", "Datum: 2023-06-15").
 *
 * Used by retrieval's "can this passage answer" test (core/search/retrieve.ts)
 * and by the offline answerer's sentence choice and support
 * (core/chat/extractive.ts), so both judge a question the same way.
 */

/** Words naming a document or a part of it, in the product's main languages. */
export const DOCUMENT_WORDS = [
  'page pages slide slides deck presentation presentations document documents doc docs file files paper study studies chart charts example examples',
  'section sections paragraph paragraphs text texts table tables figure figures manual guide brochure form forms',
  'עמוד עמודים שקף שקופיות מצגת מסמך מסמכים קובץ מאמר טבלה פרק סעיף טופס טפסים',
  'page diapositive document fichier formulaire página diapositiva documento archivo formulario seite folie dokument datei formular страница слайд документ файл форма',
].join(' ');

/**
 * Verbs and nouns of asking: "listed", "shown", "kinds of", "רשום", "מופיע". Light verbs ("uses",
 * "contains") are not among them: on the tuned set a matched "uses" picks the answering sentence,
 * and a missing one is evidence the files do not say.
 */
const ASKING_WORDS = [
  'listed shown given mentioned written appear appears say says said kind kinds sort sorts',
  'give gives show shows',
  'מציג מציגה מראה',
  'רשום רשומה רשומים רשומות מופיע מופיעה מופיעים מופיעות כתוב כתובה כתובים כתובות מוצג מוצגת מוצגים מצוין מצוינת מצוינים נאמר סוג סוגי',
  'mentionné mentionnés indiqué indiqués affiché affichés mencionado mencionados indicado indicados genannt angegeben aufgeführt указан указано перечислены',
].join(' ');

type Slot = { words: string; fills: (text: string) => boolean; spellings?: boolean };

const PHONE = /(?:\+\s?\d{1,3}[\s.-]?)?(?:\(\s?\d{1,4}\s?\)[\s.-]?)?\d{1,4}(?:[\s.-]\d{2,4}){2,}/u;
/** Dates and times look like phone numbers ("2023-03-07 09:28:29"): they are taken out first. */
const DATES_AND_TIMES = /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}:\d{2}(?::\d{2})?\b/gu;
function holdsPhone(text: string): boolean {
  const m = PHONE.exec(text.replace(DATES_AND_TIMES, ' '));
  return !!m && (m[0].match(/\d/g)?.length ?? 0) >= 7;
}
const DATE = /(?<![\d.,])(?:1[5-9]\d\d|20\d\d)(?![\d]|[.,]\d)|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/u;

const SLOTS: Slot[] = [
  { words: 'number numbers value values numéro nombre valeur valor valores número nummer wert zahl номер число значение מספר מספרים ערך', fills: (t) => /\d/.test(t) },
  { words: 'phone telephone tel téléphone teléfono telefon телефон טלפון', fills: holdsPhone, spellings: true },
  { words: 'date dates datum fecha дата תאריך', fills: (t) => DATE.test(t) },
  { words: 'email mail e-mail courriel correo почта מייל אימייל', fills: (t) => /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/u.test(t), spellings: true },
];

const cache = new Map<string, { frame: Set<string>; slots: Array<{ set: Set<string>; fills: Slot['fills']; words: string; spellings: boolean }> }>();
function lists(lang: string) {
  let x = cache.get(lang);
  if (!x) {
    x = {
      frame: termSet(`${DOCUMENT_WORDS} ${ASKING_WORDS}`, lang),
      slots: SLOTS.map((s) => ({ set: termSet(s.words, lang), fills: s.fills, words: s.words, spellings: !!s.spellings })),
    };
    cache.set(lang, x);
  }
  return x;
}

/** True for a word naming the asking or the container ("shown", "table", "טופס"). */
export function isFrameTerm(t: Term, lang: string): boolean {
  return t.some((f) => lists(lang).frame.has(f));
}

/** The terms a passage must answer: the question's terms without frame words (all of them when only frame words are left). */
export function askedTerms(terms: Term[], lang: string): Term[] {
  const content = terms.filter((t) => !isFrameTerm(t, lang));
  return content.length ? content : terms;
}

/** True when the term names a kind of value (number, date, phone, e-mail) that `text` holds. */
export function slotFilled(t: Term, text: string, lang: string): boolean {
  return lists(lang).slots.some((s) => t.some((f) => s.set.has(f)) && s.fills(text));
}

/**
 * The other spellings of the question's phone or e-mail words, for searching
 * the index ("phone" finds "Tél : +33 ..."), or '' when it has none. Numbers
 * and dates are not expanded: their words are everywhere.
 */
export function slotSpellings(terms: Term[], lang: string): string {
  const slots = lists(lang).slots.filter((s) => s.spellings && terms.some((t) => t.some((f) => s.set.has(f))));
  return slots.map((s) => s.words).join(' ');
}

/** Weight of slot words a text fills without holding them: they say what is asked, a value is not the same word. */
export const SLOT_SHARE = 0.5;

/**
 * How much of a question a passage covers: its asked terms (frame words
 * left out) found in the passage's term set, slot words it only fills by a
 * value counting SLOT_SHARE. `matched` counts the same way.
 */
export function questionCoverage(terms: Term[], set: Set<string>, text: string, lang: string): { matched: number; ratio: number } {
  const asked = askedTerms(terms, lang);
  if (asked.length === 0) return { matched: 0, ratio: 0 };
  const matched = asked.reduce((n, t) => n + (hasTerm(set, t) ? 1 : slotFilled(t, text, lang) ? SLOT_SHARE : 0), 0);
  return { matched, ratio: matched / asked.length };
}
