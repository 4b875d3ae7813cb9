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
 * Used by retrieval's "can this passage answer" test (core/engines/search/retrieve.ts)
 * and by the offline answerer's sentence choice and support
 * (core/features/chat/extractive.ts), so both judge a question the same way.
 */

/** Words naming a document or a part of it, in the product's main languages. */
export const DOCUMENT_WORDS = [
  'page pages slide slides deck presentation presentations document documents doc docs file files paper study studies chart charts example examples',
  'section sections paragraph paragraphs text texts table tables figure figures manual guide brochure form forms',
  // The parts of a table or a text a question points into ("the table row under the heading", "the column headers").
  'row rows column columns cell cells heading headings',
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
  // "What is printed on page 6?", "What is the style called?", "What words are in the row?"
  'printed called named word words',
  'מציג מציגה מראה',
  'רשום רשומה רשומים רשומות מופיע מופיעה מופיעים מופיעות כתוב כתובה כתובים כתובות מוצג מוצגת מוצגים מצוין מצוינת מצוינים נאמר סוג סוגי',
  'mentionné mentionnés indiqué indiqués affiché affichés mencionado mencionados indicado indicados genannt angegeben aufgeführt указан указано перечислены',
  // Words of the question's grammar, not its content: "besides Normal", "about itself", "what comes after".
  'besides itself themselves himself herself come comes came anywhere',
].join(' ');

/** share: what a value of the kind counts for a slot word the text does not hold (SLOT_SHARE unless the kind is unmistakable). */
type Slot = { words: string; fills: (text: string) => boolean; spellings?: boolean; share?: number };

/** Counts written as words ("Three hyperlinks"), not inside a compound ("One-Stop"). */
const NUMBER_WORD = /(?<![\p{L}-])(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|dozen|single|double|none)(?![\p{L}-])/iu;
/** A web address or a domain name ("yahoo.com", "https://example.org/x", "www.example.co.uk"). */
const WEB_ADDRESS = /\bhttps?:\/\/\S+|\bwww\.[\p{L}\d-]+\.\p{L}{2,}|(?<![@\p{L}\d.])[\p{L}\d-]{2,}\.(?:com|org|net|edu|gov|io|info|biz|co|us|uk|de|fr|il|eu)\b/iu;

const PHONE = /(?:\+\s?\d{1,3}[\s.-]?)?(?:\(\s?\d{1,4}\s?\)[\s.-]?)?\d{1,4}(?:[\s.-]\d{2,4}){2,}/u;
/** Dates and times look like phone numbers ("2023-03-07 09:28:29"): they are taken out first. */
const DATES_AND_TIMES = /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}:\d{2}(?::\d{2})?\b/gu;
function holdsPhone(text: string): boolean {
  const m = PHONE.exec(text.replace(DATES_AND_TIMES, ' '));
  return !!m && (m[0].match(/\d/g)?.length ?? 0) >= 7;
}
const DATE = /(?<![\d.,])(?:1[5-9]\d\d|20\d\d)(?![\d]|[.,]\d)|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/u;

const CLOCK = /(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)(?!\p{L})/iu;

/** A chart's series as extracted (core/foundation/tools/pptx-xml.ts): a name, a colon, two or more "label value" points. */
export const SERIES_LINE = /^([^:\n]{1,80}):\s+((?:[^,\n]*?-?\d+(?:\.\d+)?)(?:,\s+[^,\n]*?-?\d+(?:\.\d+)?)+)\s*$/;

const SLOTS: Slot[] = [
  { words: 'number numbers value values numéro nombre valeur valor valores número nummer wert zahl номер число значение מספר מספרים ערך', fills: (t) => /\d/.test(t) },
  // "How many / how much": a count or an amount, in figures or in words.
  { words: 'many much', fills: (t) => /\d/.test(t) || NUMBER_WORD.test(t) },
  { words: 'website websites site sites url urls homepage web www http https com org net', fills: (t) => WEB_ADDRESS.test(t), share: 1, spellings: true },
  { words: 'phone telephone tel téléphone teléfono telefon телефон טלפון', fills: holdsPhone, spellings: true },
  { words: 'date dates datum fecha дата תאריך', fills: (t) => DATE.test(t) },
  // "The highest value", "which series is lowest": a chart's data (one line per series) can say, though it writes no such word.
  { words: 'highest biggest largest greatest lowest smallest', fills: (t) => t.split('\n').some((l) => SERIES_LINE.test(l.trim())), share: 1 },
  // "At what time of day": a clock time ("12:05:50", "9 am").
  { words: 'time hour heure hora uhrzeit время שעה', fills: (t) => CLOCK.test(t) },
  { words: 'email mail e-mail courriel correo почта מייל אימייל', fills: (t) => /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/u.test(t), spellings: true },
];

const cache = new Map<string, { frame: Set<string>; slots: Array<{ set: Set<string>; fills: Slot['fills']; words: string; spellings: boolean; share: number }> }>();
function lists(lang: string) {
  let x = cache.get(lang);
  if (!x) {
    x = {
      frame: termSet(`${DOCUMENT_WORDS} ${ASKING_WORDS}`, lang),
      slots: SLOTS.map((s) => ({ set: termSet(s.words, lang), fills: s.fills, words: s.words, spellings: !!s.spellings, share: s.share ?? SLOT_SHARE })),
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

/** True when the term names a kind of value (number, count, date, phone, e-mail, web address) that `text` holds. */
export function slotFilled(t: Term, text: string, lang: string): boolean {
  return slotCredit(t, text, lang) > 0;
}

/**
 * True when the term names a kind of value with an unmistakable form (phone,
 * e-mail, web address, date) and `text` neither holds the word nor such a
 * value: a quote that does not hold what is asked for.
 */
export function slotUnfilled(t: Term, set: ReadonlySet<string>, text: string, lang: string, question: Term[] = []): boolean {
  const { slots } = lists(lang);
  const slot = slots.find((s) => s.spellings || /\bdate\b/.test(s.words) ? t.some((f) => s.set.has(f)) : false);
  if (!slot) return false;
  // "The phone app" names a device: a phone NUMBER is asked for only with the word "number" ("phone number", "מספר טלפון").
  if (slot.fills === holdsPhone && !question.some((q) => q.some((f) => slots[0].set.has(f)))) return false;
  return !hasTerm(set, t) && !slot.fills(text);
}

/** True for a word naming a kind of value ("number", "date", "phone", "website", "how many"). */
export function isSlotTerm(t: Term, lang: string): boolean {
  return lists(lang).slots.some((s) => t.some((f) => s.set.has(f)));
}

/** What a slot word counts for in `text` that holds a value of its kind but not the word (0 when none). */
export function slotCredit(t: Term, text: string, lang: string): number {
  let best = 0;
  for (const s of lists(lang).slots) if (s.share > best && t.some((f) => s.set.has(f)) && s.fills(text)) best = s.share;
  return best;
}

/**
 * Ordinals and positions ("second", "3rd", "last") before a word naming a place in a document. Not before
 * "section", "chapter", "table", "figure": texts number those themselves ("Section 2", "Table 3").
 */
const PLACE = new RegExp(String.raw`(?<![\p{L}\d])(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|next|previous|\d+(?:st|nd|rd|th))\s+(?=(?:page|slide|paragraph|sheet|column|row|line)s?(?![\p{L}]))`, 'giu');

/** A page or slide number in figures after its word ("page 4", "slide 3"). */
const PLACE_NUMBER = /(?<=(?<![\p{L}])(?:page|slide|p\.|pg\.?)\s+)\d+(?![\d\p{L}])/giu;

/**
 * The question without the place it names inside a document ("the second
 * slide", "the 2nd page", "the last paragraph" → "the slide", "the page",
 * "the paragraph"; "page 4" → "page"): the passage is found by what is asked, and a text
 * rarely writes its own position ("Notes in modified position" is on slide
 * 2 without saying "second").
 */
export function withoutPlaceWords(question: string): string {
  return question.replace(PLACE, '').replace(PLACE_NUMBER, '');
}

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };

/**
 * The page or slide a question names ("on the second slide", "slide 2", "the
 * 3rd page", "page 6"), or null: what the place words left out of its terms
 * still say about where the answer is.
 */
export function questionPlace(question: string): { kind: 'page' | 'slide'; n: number } | null {
  const before = /(?<![\p{L}\d])(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))\s+(page|slide)(?![\p{L}])/iu.exec(question);
  if (before) {
    const w = before[1].toLowerCase();
    return { kind: before[2].toLowerCase() as 'page' | 'slide', n: ORDINALS[w] ?? parseInt(w, 10) };
  }
  const after = /(?<![\p{L}])(page|slide)\s+(\d+)(?![\d\p{L}])/iu.exec(question);
  return after ? { kind: after[1].toLowerCase() as 'page' | 'slide', n: Number(after[2]) } : null;
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
export function questionCoverage(terms: Term[], set: ReadonlySet<string>, text: string, lang: string): { matched: number; ratio: number } {
  const asked = askedTerms(terms, lang);
  if (asked.length === 0) return { matched: 0, ratio: 0 };
  const matched = asked.reduce((n, t) => n + (hasTerm(set, t) ? 1 : slotCredit(t, text, lang)), 0);
  return { matched, ratio: matched / asked.length };
}
