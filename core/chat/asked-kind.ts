import { holdsAnswerType } from './answer-type';

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

export type ValueKind = 'price' | 'phone' | 'email' | 'url' | 'percent' | 'year' | 'count' | 'duration' | 'person';

const CUES: Record<ValueKind, RegExp> = {
  price: /\b(?:price|prices|priced|cost|costs|costing|fee|fees|how much (?:do|does|did|is|are|will|would) [\p{L}\d\s-]{0,40}(?:cost|charge|pay|sell)|charge per|precio|precios|cuesta|cuestan|costo|coste|prix|co[uû]te|co[uû]t|tarif|pre[cç]o|pre[cç]os|custa|custo|prezzo|prezzi|costa|costano|preis|kostet|kosten|цена|стоит|стоимость)\b|מחיר|עולה|עלות|سعر|تكلفة/iu,
  phone: /\b(?:fax|phone number|telephone number|phone no|tel no|hotline|number to call|call (?:us|them|the)|n[uú]mero de (?:tel[eé]fono|fax|telefone)|tel[eé]fono|t[eé]l[eé]phone|num[eé]ro de (?:t[eé]l[eé]phone|fax)|telefone|numero di (?:telefono|fax)|telefono|telefonnummer|faxnummer|телефон|факс)\b|טלפון|פקס|هاتف|فاكس/iu,
  email: /\b(?:e-?mail|mail address|courriel|adresse (?:e-?)?mail|correo(?: electr[oó]nico)?|endere[cç]o de e-?mail|indirizzo (?:e-?)?mail|почта)\b|מייל|דוא["״]?ל|بريد/iu,
  url: /\b(?:website|web site|web address|web page|webpage|url|homepage|home page|sitio web|p[aá]gina web|site web|site internet|s[ií]tio (?:web|da internet)|sito web|sito internet|webseite|сайт)\b|אתר|موقع/iu,
  percent: /\b(?:percent|percentage|per cent|what share|what proportion|porcentaje|pourcentage|percentual|porcentagem|percentuale|prozent|процент)\b|אחוז|نسبة/iu,
  year: /\b(?:what year|which year|in what year|in which year|year did|year was|year were|en qu[eé] a[nñ]o|en quelle ann[eé]e|em que ano|in che anno|in welchem jahr|в каком году)\b|באיזו שנה|באיזה שנה|في أي (?:عام|سنة)/iu,
  count: /\b(?:how many|number of|cu[aá]ntos|cu[aá]ntas|combien de|quantos|quantas|quanti|quante|wie viele|сколько)\b|כמה/iu,
  duration: /\b(?:how long|for how long|cu[aá]nto tiempo|cu[aá]nto dura|combien de temps|quanto tempo|quanto dura|wie lange|как долго|сколько времени)\b|כמה זמן|מה משך|كم من الوقت/iu,
  person: /\b(?:who (?:wrote|writes|authored|created|creates|developed|develops|designed|designs|invented|founded|proposed|presented|presents|signed|edited|chaired|chairs|built|coined|made|is the (?:author|speaker|presenter|chair|contact|editor|founder|creator|ceo|director))|which person|name of the (?:author|speaker|presenter|person|contact|chair|editor|founder|creator)|qui a (?:écrit|créé|développé|conçu|inventé|fondé|proposé)|qui(?:é|e)n (?:escribi[oó]|cre[oó]|desarroll[oó]|dise[nñ][oó]|invent[oó]|fund[oó]|propuso)|quem (?:escreveu|criou|desenvolveu|inventou|fundou|prop[oô]s)|chi ha (?:scritto|creato|sviluppato|progettato|inventato|fondato|proposto))\b|מי (?:כתב|יצר|פיתח|תכנן|המציא|ייסד|הציע)/iu,
};

/** Money: a currency sign or code or word beside a figure. */
const MONEY = /[$€£¥₪₽]\s?\d|\d[\d.,\s]*\s?(?:€|\$|£|₪|₽|USD|EUR|GBP|ILS|NIS|CHF|dollars?|euros?|cents?|pounds?|shekels?|ש["״]ח|руб\p{L}*)(?![\p{L}])|\b(?:USD|EUR|GBP|CHF)\s?\d/iu;
const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/u;
const WEB = /\bhttps?:\/\/\S+|\bwww\.[\p{L}\d-]+\.\p{L}{2,}|(?<![@\p{L}\d.])[\p{L}\d-]{2,}\.(?:com|org|net|edu|gov|io|info|biz|co|us|uk|de|fr|il|eu|es|it|pt)\b/iu;
const PERCENT = /\d\s?%|\d\s?(?:percent|per cent|pour cent|por ciento|por cento|per cento|prozent|процент\p{L}*)|אחוז/iu;
const YEAR = /(?<![\d.,])(?:1[5-9]\d\d|20\d\d)(?!\d|[.,]\d)/u;
const COUNT_WORD = /(?<![\p{L}-])(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|dozen|single|both|uno|dos|tres|cuatro|cinco|un|deux|trois|quatre|cinq|um|dois|três|quatro|due|tre|quattro|cinque)(?![\p{L}-])/iu;
/** Dates and times look like phone numbers: taken out before counting a number's digits. */
const DATES_AND_TIMES = /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}:\d{2}(?::\d{2})?\b/gu;
const PHONE = /(?:\+\s?\d{1,3}[\s.-]?)?(?:\(\s?\d{1,4}\s?\)[\s.-]?)?\d{1,4}(?:[\s.-]\d{2,4}){1,}|\+?\d{7,15}/gu;
/** A personal name: two capitalised words in a row ("Mike Pall", "Andreas Gal", a form's "MARTA NOVÁKOVÁ"), initials allowed. */
const NAME = /(?<![\p{L}])\p{Lu}[\p{Ll}’'-]+(?:\s+\p{Lu}\.)?\s+(?:(?:de|van|von|der|da|di|le|la)\s+)?\p{Lu}[\p{Ll}’'-]+|(?<![\p{L}])\p{Lu}[\p{Lu}’'-]+\s+\p{Lu}[\p{Lu}’'-]{2,}(?![\p{L}])/u;

function holdsPhone(text: string): boolean {
  for (const m of text.replace(DATES_AND_TIMES, ' ').matchAll(PHONE)) if ((m[0].match(/\d/g)?.length ?? 0) >= 7) return true;
  return false;
}

/** The value kinds a question asks for (none for most questions). */
export function askedValueKinds(question: string): ValueKind[] {
  const q = ` ${question.toLowerCase().replace(/[?¿!.,;:"«»()]/g, ' ').replace(/\s+/g, ' ')} `;
  const kinds = (Object.keys(CUES) as ValueKind[]).filter((k) => CUES[k].test(q));
  // "How much does it cost" asks a price, not also a bare count; "how long" a duration; a fax or phone is a number.
  return kinds.filter((k) => k !== 'count' || !kinds.some((o) => o === 'price' || o === 'duration' || o === 'percent' || o === 'phone' || o === 'year'));
}

/** True when `text` holds a value of that kind. */
export function holdsValueKind(text: string, kind: ValueKind): boolean {
  switch (kind) {
    case 'price': return MONEY.test(text);
    case 'phone': return holdsPhone(text);
    case 'email': return EMAIL.test(text);
    case 'url': return WEB.test(text);
    case 'percent': return PERCENT.test(text);
    case 'year': return YEAR.test(text);
    case 'count': return /\d/.test(text) || COUNT_WORD.test(text);
    case 'duration': return holdsAnswerType(text, 'duration') || /\d/.test(text);
    case 'person': return NAME.test(text) || holdsAnswerType(text, 'person');
  }
}

/** The kinds asked that `text` holds no value of (empty: the quote may answer). */
export function missingKinds(question: string, text: string): ValueKind[] {
  return askedValueKinds(question).filter((k) => !holdsValueKind(text, k));
}
