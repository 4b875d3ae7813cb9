import { holdsAnswerType } from './answer-type';
import { contentTerms, hasTerm, termSet } from '../../foundation/text/terms';

/**
 * The kind of value a question asks for when that kind has a form a quote
 * either holds or does not: a price, a phone or fax number, an e-mail, a web
 * address, a percentage, a year, a count, a duration, a person's name. The
 * offline answerer states an answer only when its quote holds a value of
 * each kind asked (issue 34: "a quote is not an answer"); a question that
 * asks no such kind ("what is X", "why") is judged by its words alone.
 *
 * Cues are written per language the product answers in; matching is on the
 * lower-cased question with punctuation turned into spaces.
 */

export type ValueKind = 'price' | 'phone' | 'email' | 'url' | 'percent' | 'year' | 'count' | 'duration' | 'person' | 'address' | 'size' | 'colour' | 'measure';

/** Units a count may be asked in ("how many megabytes"), each with the ways a text writes it after a figure. */
const UNITS: Array<[RegExp, string]> = [
  [/^(?:bytes?)$/, 'bytes?|b'], [/^(?:kilobytes?|kb)$/, 'kilobytes?|kb|kib|k'], [/^(?:megabytes?|mb)$/, 'megabytes?|mb|mib|m'],
  [/^(?:gigabytes?|gb)$/, 'gigabytes?|gb|gib|g'], [/^(?:terabytes?|tb)$/, 'terabytes?|tb|tib'], [/^bits?$/, 'bits?'],
  [/^(?:milliseconds?|ms)$/, 'milliseconds?|ms|msec'], [/^seconds?$/, 'seconds?|secs?|s'], [/^minutes?$/, 'minutes?|mins?'],
  [/^hours?$/, 'hours?|hrs?|h'], [/^days?$/, 'days?'], [/^weeks?$/, 'weeks?'], [/^months?$/, 'months?'], [/^years?$/, 'years?|yrs?'],
  [/^cycles?$/, 'cycles?'], [/^(?:met(?:er|re)s?)$/, 'met(?:er|re)s?|m'], [/^(?:kilomet(?:er|re)s?)$/, 'kilomet(?:er|re)s?|km'],
  [/^(?:centimet(?:er|re)s?)$/, 'centimet(?:er|re)s?|cm'], [/^(?:millimet(?:er|re)s?)$/, 'millimet(?:er|re)s?|mm'], [/^miles?$/, 'miles?|mi'],
  [/^(?:kilograms?|kilos?)$/, 'kilograms?|kilos?|kg'], [/^grams?$/, 'grams?|g'], [/^(?:pounds?|lbs?)$/, 'pounds?|lbs?'], [/^watts?$/, 'watts?|w'],
  [/^volts?$/, 'volts?|v'], [/^degrees?$/, 'degrees?|°'], [/^pixels?$/, 'pixels?|px'], [/^points?$/, 'points?|pt'], [/^inch(?:es)?$/, 'inch(?:es)?|in|"|″'],
];
const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|dozen';
/** The unit a count is asked in ("how many megabytes", "in seconds"): the ways a text writes it, or null. */
function askedUnit(question: string): RegExp | null {
  const m = /\b(?:how many|number of|in)\s+([\p{L}]+)/iu.exec(question);
  const unit = m ? UNITS.find(([re]) => re.test(m[1].toLowerCase())) : undefined;
  // In figures or words ("12 kg", "64-bit", "twelve kilograms").
  return unit ? new RegExp(String.raw`(?:\d[\d.,]*|(?<![\p{L}])(?:${NUMBER_WORDS}))(?:\s|-)?(?:${unit[1]})(?![\p{L}])`, 'iu') : null;
}

const CUES: Record<ValueKind, RegExp> = {
  // "Cost" alone is often time or effort ("how much can transitions cost"): a price is asked with a price word or as
  // what something costs to buy.
  price: /\b(?:price|prices|priced|fee|fees|how much money|what amount of money|what sum|how much (?:do|does|did|is|are|will|would|to) [\p{L}\d\s-]{0,40}(?:cost|charge|pay|sell)|what (?:do|does|did|will|would) [\p{L}\d\s-]{0,40} cost|(?:the|its|their) cost of|cost of (?:a|an|one|each)|charge per|precio|precios|cuesta|cuestan|prix|co[uû]te|tarif|pre[cç]o|pre[cç]os|custa|prezzo|prezzi|costa|costano|preis|kostet|цена|стоит|стоимость)\b|מחיר|עולה|עלות|سعر|تكلفة/iu,
  phone: /\b(?:fax|phone number|telephone number|phone no|tel no|hotline|number to call|call (?:us|them|the)|n[uú]mero de (?:tel[eé]fono|fax|telefone)|tel[eé]fono|t[eé]l[eé]phone|num[eé]ro de (?:t[eé]l[eé]phone|fax)|telefone|numero di (?:telefono|fax)|telefono|telefonnummer|faxnummer|телефон|факс)\b|טלפון|פקס|هاتف|فاكس/iu,
  email: /\b(?:e-?mail|mail address|courriel|adresse (?:e-?)?mail|correo(?: electr[oó]nico)?|endere[cç]o de e-?mail|indirizzo (?:e-?)?mail|почта)\b|מייל|דוא["״]?ל|بريد/iu,
  url: /\b(?:website|web site|web address|web page|webpage|url|homepage|home page|sitio web|p[aá]gina web|site web|site internet|s[ií]tio (?:web|da internet)|sito web|sito internet|webseite|сайт)\b|אתר|موقع/iu,
  percent: /\b(?:percent|percentage|per cent|what share|what proportion|discount|descuento|remise|desconto|sconto|rabatt|скидка|porcentaje|pourcentage|percentual|porcentagem|percentuale|prozent|процент)\b|אחוז|نسبة/iu,
  year: /\b(?:what year|which year|in what year|in which year|year did|year was|year were|en qu[eé] a[nñ]o|en quelle ann[eé]e|em que ano|in che anno|in welchem jahr|в каком году)\b|באיזו שנה|באיזה שנה|في أي (?:عام|سنة)/iu,
  count: /\b(?:how many|number of|what quantity|which quantity|what amount|cu[aá]ntos|cu[aá]ntas|combien de|quantos|quantas|quanti|quante|wie viele|сколько)\b|כמה/iu,
  duration: /\b(?:how long|for how long|cu[aá]nto tiempo|cu[aá]nto dura|combien de temps|quanto tempo|quanto dura|wie lange|как долго|сколько времени)\b|כמה זמן|מה משך|كم من الوقت/iu,
  address: /\b(?:postal address|street address|mailing address|what street|which street|address of|(?:his|her|their|its|the) address|direcci[oó]n postal|adresse postale|endere[cç]o postal|indirizzo postale|what is the address|where is [\p{L}\s]{0,40} located)\b|כתובת/iu,
  size: /\b(?:font size|what size|which size|point size|how big|how large|how wide|how tall|how high|how thick|how heavy|what width|what height|what length|dimensions|tama[nñ]o|taille|tamanho|dimensione|grö(?:ß|ss)e)\b|גודל|מידות/iu,
  colour: /\b(?:what colou?rs?|which colou?rs?|colou?rs? (?:is|are|does|do)|qu[eé] colou?r|quelle couleur|quelles couleurs|que cor|quali colori|quale colore|welche farbe)\b|איזה צבע|באיזה צבע/iu,
  measure: /\b(?:how many|number of)\s+(?:bytes|kilobytes|kb|megabytes|mb|gigabytes|gb|terabytes|bits|milliseconds|ms|seconds|minutes|hours|days|weeks|months|years|cycles|meters|metres|kilometers|kilometres|centimeters|millimeters|miles|kilograms|kilos|grams|pounds|watts|volts|degrees|pixels|points|inches)\b/iu,
  person: /\b(?:who (?:wrote|writes|authored|created|creates|developed|develops|designed|designs|invented|founded|proposed|presented|presents|signed|edited|chaired|chairs|built|coined|made|is the (?:author|speaker|presenter|chair|contact|editor|founder|creator|ceo|director))|which person|name of the (?:author|speaker|presenter|person|contact|chair|editor|founder|creator)|qui a (?:écrit|créé|développé|conçu|inventé|fondé|proposé)|qui(?:é|e)n (?:escribi[oó]|cre[oó]|desarroll[oó]|dise[nñ][oó]|invent[oó]|fund[oó]|propuso)|quem (?:escreveu|criou|desenvolveu|inventou|fundou|prop[oô]s)|chi ha (?:scritto|creato|sviluppato|progettato|inventato|fondato|proposto))\b|מי (?:כתב|יצר|פיתח|תכנן|המציא|ייסד|הציע)/iu,
};

/** Money: a currency sign or code or word beside a figure. */
const MONEY = /[$€£¥₪₽]\s?\d|\d[\d.,\s]*\s?(?:€|\$|£|₪|₽|USD|EUR|GBP|ILS|NIS|CHF|dollars?|euros?|cents?|pounds?|shekels?|ש["״]ח|руб\p{L}*)(?![\p{L}])|\b(?:USD|EUR|GBP|CHF)\s?\d/iu;
const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/u;
const WEB = /\bhttps?:\/\/\S+|\bwww\.[\p{L}\d-]+\.\p{L}{2,}|(?<![@\p{L}\d.])[\p{L}\d-]{2,}\.(?:com|org|net|edu|gov|io|info|biz|co|us|uk|de|fr|il|eu|es|it|pt)\b/iu;
const PERCENT = /\d\s?%|\d\s?(?:percent|per cent|pour cent|por ciento|por cento|per cento|prozent|процент\p{L}*)|אחוז/iu;
const YEAR = /(?<![\d.,])(?:1[5-9]\d\d|20\d\d)(?!\d|[.,]\d)/u;
const COUNT_WORD = /(?<![\p{L}-])(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|dozen|single|both|uno|dos|tres|cuatro|cinco|un|deux|trois|quatre|cinq|um|dois|três|quatro|due|tre|quattro|cinque)(?![\p{L}-])/iu;
/** A street address: a house number beside a street word, or a postal code after a place. */
const ADDRESS = /\d+[\p{L}]?\s+(?:[\p{L}.'’-]+\s+){0,4}(?:street|st\.|avenue|ave\.?|road|rd\.?|boulevard|blvd\.?|lane|ln\.?|drive|dr\.|way|place|pl\.|square|sq\.|court|ct\.|rue|calle|avenida|via|strasse|straße)(?![\p{L}])|(?:rue|calle|avenida|via|rua)\s+[\p{L}]/iu;
/** A measure: a figure with a unit of size, length or weight. */
const MEASURE = /\d(?:[\d.,]*)\s?(?:pt|px|points?|mm|cm|m|km|in|inch(?:es)?|ft|feet|"|”|″|'|kg|g|lb|lbs|oz|em|emu|%)(?![\p{L}])/iu;
/** A colour: a colour word, an RGB triple or a hex code. */
const COLOUR = /(?<![\p{L}])(?:red|green|blue|yellow|orange|purple|violet|pink|brown|black|white|gr[ae]y|silver|gold|cyan|magenta|teal|navy|beige|turquoise|rojo|verde|azul|amarillo|negro|blanco|rouge|vert|bleu|jaune|noir|blanc|vermelho|preto|branco|rosso|nero|bianco|giallo)(?![\p{L}])|#[0-9a-f]{6}\b|rgb\s?\(|\bRGB\b\s*[:(]?\s*\d/iu;

/** A number written as a Hebrew word, a prefix letter allowed before it ("כעשרים", "בשלושה"). */
const HEBREW_NUMBER = /(?:^|[\s(])[ובכלהמש]?(?:אחד|אחת|שניים|שתיים|שני|שתי|שלושה|שלוש|ארבעה|ארבע|חמישה|חמש|שישה|שש|שבעה|שבע|שמונה|תשעה|תשע|עשרה|עשר|עשרים|שלושים|ארבעים|חמישים|מאה|מאות|אלף|אלפים)(?=[\s.,;:!?)]|$)/u;
/** A unit of time in words: "about twenty minutes", "כעשרים דקות" hold a duration without a figure. */
const TIME_UNIT = /(?<![\p{L}])(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|segundos?|minutos?|horas?|d[ií]as|semanas|meses|años|secondes|heures|jours|semaines|mois|ans|minuti|ore|giorni|settimane|mesi|anni|sekunden|minuten|stunden|tage|wochen|monate|jahre|секунд\p{L}*|минут\p{L}*|час\p{L}*|дн\p{L}*)(?![\p{L}])|(?:^|\s)[ובכלהמש]?(?:שניות|דקות|דקה|שעות|שעה|ימים|יום|שבועות|שבוע|חודשים|חודש|שנים|שנה)(?=[\s.,;:!?)]|$)/iu;

/** Dates and times look like phone numbers: taken out before counting a number's digits. */
const DATES_AND_TIMES = /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}:\d{2}(?::\d{2})?\b/gu;
const PHONE = /(?:\+\s?\d{1,3}[\s.-]?)?(?:\(\s?\d{1,4}\s?\)[\s.-]?)?\d{1,4}(?:[\s.-]\d{2,4}){1,}|\+?\d{7,15}/gu;
/** A personal name: two capitalised words in a row ("Mike Pall", "Andreas Gal", a form's "MARTA NOVÁKOVÁ"), initials allowed. */
const NAME = /(?<![\p{L}])\p{Lu}[\p{Ll}’'-]+(?:\s+\p{Lu}\.)?\s+(?:(?:de|van|von|der|da|di|le|la)\s+)?\p{Lu}[\p{Ll}’'-]+(?![\p{L}])|(?<![\p{L}])\p{Lu}[\p{Lu}’'-]+\s+\p{Lu}[\p{Lu}’'-]{2,}(?![\p{L}])/u;

/** A personal name that is not the question's own words ("Minimal Deck" answers no "who is the author of the Minimal Deck"). */
function holdsName(text: string, question: string): boolean {
  const asked = new Set(question.toLowerCase().split(/[^\p{L}]+/u));
  for (const m of text.matchAll(new RegExp(NAME.source, 'gu'))) {
    if (m[0].split(/[^\p{L}’'-]+/u).some((w) => w && !asked.has(w.toLowerCase().replace(/[’']s$/u, '')))) return true;
  }
  return false;
}

function holdsPhone(text: string): boolean {
  for (const m of text.replace(DATES_AND_TIMES, ' ').matchAll(PHONE)) if ((m[0].match(/\d/g)?.length ?? 0) >= 7) return true;
  return false;
}

/**
 * An English question names a contact kind as what it asks for ("what is the e-mail address of support", "the
 * website for the brand"), not as context ("what is loaded together with the e-mail address"): the cue comes
 * right after the question word, or is followed by "of", "for" or "to".
 */
const ASKED_HEAD = /^\s*(?:what|which|what's|whats|where|give|tell|is there|do you have|how (?:can|do) i (?:reach|contact|call|write to))\b(?:\s+(?:is|are|was|were|s))?(?:\s+(?:the|a|an|your|its|their|his|her|our|my|official|main|contact|support|sales|customer|service|office))*\s*$/iu;
function askedAsHead(q: string, cue: RegExp): boolean {
  const m = cue.exec(q);
  if (!m) return false;
  if (!/^[\x00-\x7f]*$/.test(q)) return true;
  // The words since the last question word ("which number do I call? what is the | phone number").
  const before = q.slice(0, m.index).split(/\b(?=what|which|where|give|tell|is there|do you have|how)\b/).pop() ?? '';
  return ASKED_HEAD.test(before) || /^\s*(?:number\s+|address\s+)?(?:of|for|to)\b/iu.test(q.slice(m.index + m[0].length));
}
const CONTACT_KINDS = new Set<ValueKind>(['phone', 'email', 'url']);

/** The value kinds a question asks for (none for most questions). */
export function askedValueKinds(question: string): ValueKind[] {
  const q = ` ${question.toLowerCase().replace(/[?¿!.,;:"«»()]/g, ' ').replace(/\s+/g, ' ')} `;
  const kinds = (Object.keys(CUES) as ValueKind[]).filter((k) => (CONTACT_KINDS.has(k) ? askedAsHead(q, CUES[k]) : CUES[k].test(q)));
  // "How much does it cost" asks a price, not also a bare count; "how long" a duration; a fax or phone is a number.
  // An e-mail or web address is not a street address.
  return kinds.filter((k) => k !== 'address' || !kinds.some((o) => o === 'email' || o === 'url')).filter((k) => k !== 'count' || !kinds.some((o) => o === 'price' || o === 'duration' || o === 'percent' || o === 'phone' || o === 'year'));
}

/**
 * A figure standing for itself: not part of a word or a name ("V8", "crypto-sha1", "3bit"), not a reference to a
 * figure, table, section, page or slide ("Figure 10"), not one the question already holds.
 */
function holdsFigure(text: string, question: string): boolean {
  const asked = new Set(question.match(/\d+(?:[.,]\d+)*/g) ?? []);
  let plain = text.replace(REFERENCE, ' ');
  // A year counts nothing unless years are asked about ("in 2004" is no number of pages); nor does a reference "[13]".
  if (!/\byears?\b/iu.test(question)) plain = plain.replace(new RegExp(YEAR.source, 'gu'), ' ').replace(/\[\d+\]/gu, ' ');
  for (const m of plain.matchAll(FIGURE)) if (!asked.has(m[0])) return true;
  return false;
}
const FIGURE = /(?<![\p{L}\d_.,-])\d+(?:[.,]\d+)*/gu;
const REFERENCE = /(?<![\p{L}])(?:figure|fig\.|table|section|chapter|page|slide|equation|eq\.|step|series|category|shape|text ?box|item|version|v\.?)\s?\d+(?:[.,]\d+)*/giu;
/** A duration written with a figure and a short unit ("250ms", "5 s", "2 h"). */
const SHORT_DURATION = /\d(?:[\d.,]*)\s?(?:ms|msec|µs|us|ns|s|sec|secs|min|mins|h|hr|hrs)(?![\p{L}])/iu;

/**
 * True when `text` holds a value of that kind. With the question: a name or figure the question itself holds
 * ("Who is the author of the Minimal Deck", "how many traces does crypto-sha1 form") is not the value asked.
 */
export function holdsValueKind(text: string, kind: ValueKind, question = ''): boolean {
  switch (kind) {
    case 'price': return MONEY.test(text);
    case 'phone': return holdsPhone(text);
    case 'email': return EMAIL.test(text);
    case 'url': return WEB.test(text);
    case 'percent': return PERCENT.test(text);
    case 'year': return YEAR.test(text);
    case 'count': return holdsFigure(text, question) || COUNT_WORD.test(text) || HEBREW_NUMBER.test(text);
    // A time (or, for "how long is the cable", a length) with its unit: "3d rendering" or a bare "Figure 10" is none.
    case 'duration': return holdsAnswerType(text, 'duration') || SHORT_DURATION.test(text) || MEASURE.test(text)
      || (TIME_UNIT.test(text) && (HEBREW_NUMBER.test(text) || COUNT_WORD.test(text) || holdsFigure(text, question)));
    case 'person': return holdsName(text, question) || holdsAnswerType(text, 'person');
    case 'address': return ADDRESS.test(text);
    // A chart's value has no unit ("Category 1 4.3"): a decimal or a figure of two digits or more counts, not a "Shape 2".
    case 'size': return MEASURE.test(text) || /\d[.,]\d|\d\d/.test(text);
    case 'measure': { const unit = askedUnit(question); return !unit || unit.test(text); }
    case 'colour': return COLOUR.test(text) || /\b(?:rgb|theme|auto|automatic|no|custom|accent)\s+colou?r\b/i.test(text);
  }
}

/** The kinds asked that `text` holds no value of (empty: the quote may answer). */
export function missingKinds(question: string, text: string): ValueKind[] {
  return askedValueKinds(question).filter((k) => !holdsValueKind(text, k, question));
}

/**
 * How many content words of the quote are neither the question's nor its source's title or heading: a quote
 * that only says back what was asked ("Introduction: Introduction.", "Power Sleep: Personal Sleep Study.") holds
 * no answer, however many words it shares with the question.
 */
export function newWords(question: string, quote: string, labels: string[], lang: string): number {
  const known = termSet(`${question}\n${labels.join('\n')}`, lang);
  const figures = new Set(question.match(/\d+(?:[.,]\d+)*/g) ?? []);
  // A figure the question does not hold ("Amount Due: 273.13", "42pt") is new, whatever the words.
  const newFigures = (quote.match(/\d+(?:[.,]\d+)*/g) ?? []).filter((f) => !figures.has(f)).length;
  return contentTerms(quote, lang).filter((t) => !hasTerm(known, t)).length + newFigures;
}

/**
 * Questions about what a thing says ("what does the footer say", "what is the subtitle", "the content of the
 * annotation") are answered in their own words: the echo check does not apply to them.
 */
export const ASKS_WORDING = /\b(?:say|says|said|read|reads|show|shows|shown|state|states|written|printed|titled|title|titles|subtitle|called|named|name|content|contents|text|heading|header|footer|caption|label|visible|displayed|style|styles|word|words)\b/iu;

/** Fewer new words than this and a quote only echoes the question (and its source's title). */
export const MIN_NEW_WORDS = 1;
