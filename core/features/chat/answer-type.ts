import { formsOf, words } from '../../foundation/text/terms';

/**
 * What kind of answer a question asks for, and whether a sentence holds
 * one: who → a name, when → a date or year, how long → a duration, how
 * many/much → a number (of the counted thing: "how many instructions" →
 * "100+ instructions"), which company → an organisation. The offline answerer prefers such sentences, so
 * "Who proposed it and when?" quotes "Davis (1989) proposed ..." rather
 * than the definition that shares the most words with the question.
 */

export type AnswerType = 'person' | 'date' | 'duration' | 'quantity' | 'organization';

/** Question phrases per answer type (lower case; matched as whole words; Hebrew/Arabic also with a glued "and"). */
const CUES: Array<[AnswerType, string[]]> = [
  ['duration', [
    'how long', 'for how many minutes', 'for how many hours', 'for how many days', 'how many minutes', 'how many hours', 'how many days', 'how many weeks', 'how many months', 'how many years',
    'כמה זמן', 'כמה דקות', 'כמה שעות', 'כמה ימים', 'כמה שבועות', 'כמה חודשים', 'כמה שנים', 'מה משך', 'מהו משך', 'כמה נמשך', 'כמה נמשכת', 'כמה נמשכים',
    'كم من الوقت', 'كم مدة', 'ما مدة', 'ما هي مدة', 'كم يستغرق', 'كم تستغرق', 'كم دقيقة', 'كم ساعة', 'كم يوما',
    'combien de temps', 'pendant combien', 'combien de minutes', 'combien d\'heures', 'cuánto tiempo', 'cuanto tiempo', 'cuánto dura', 'cuanto dura', 'cuántos minutos', 'cuántas horas',
    'wie lange', 'wie viele minuten', 'wie viele stunden', 'как долго', 'сколько времени', 'сколько длится', 'сколько минут', 'сколько часов', 'сколько дней', 'сколько лет',
  ]],
  ['date', [
    'when', 'what year', 'which year', 'what date', 'which date', 'what day', 'which day', 'due date', 'the date',
    'what time', 'which time', 'time of day', 'what hour', 'באיזו שעה', 'à quelle heure', 'a qué hora', 'um wie viel uhr', 'в котором часу', 'в какое время',
    'מתי', 'תאריך', 'באיזו שנה', 'באיזה תאריך', 'באיזה יום', 'באיזה שנה', 'متى', 'في أي عام', 'في أي سنة', 'في أي تاريخ',
    'quand', 'en quelle année', 'quelle date', 'quel jour', 'cuándo', 'cuando', 'en qué año', 'en que año', 'qué fecha', 'que fecha', 'qué día',
    'wann', 'in welchem jahr', 'welches datum', 'an welchem tag', 'когда', 'в каком году', 'какого числа', 'какая дата',
  ]],
  ['organization', [
    'which company', 'what company', 'which companies', 'which organization', 'what organization', 'which organisation', 'what organisation',
    'which university', 'what university', 'which institution', 'which firm', 'what firm', 'which employer', 'affiliation', 'works for', 'work for',
    'איזו חברה', 'מאיזו חברה', 'באיזו חברה', 'איזה ארגון', 'מאיזה ארגון', 'איזו אוניברסיטה', 'أي شركة', 'ما الشركة', 'quelle entreprise', 'quelle société',
    'qué empresa', 'que empresa', 'welche firma', 'welches unternehmen', 'какая компания', 'какой компании', 'в какой компании',
  ]],
  ['person', ['who', 'whom', 'whose', 'מי', 'על ידי מי', 'من هو', 'من هي', 'من الذي', 'qui', 'quién', 'quien', 'quiénes', 'wer', 'wem', 'wen', 'кто', 'кем']],
  ['quantity', ['how many', 'how much', 'what is the value', 'what value', 'what are the values',
    // A value asked in a unit ("What room temperature in degrees ...?") is a figure.
    'in degrees', 'in celsius', 'in fahrenheit', 'in meters', 'in metres', 'in centimeters', 'in centimetres', 'in millimeters', 'in millimetres',
    'in inches', 'in feet', 'in kilograms', 'in grams', 'in pounds', 'in liters', 'in litres', 'in dollars', 'in euros', 'in percent', 'in pixels',
    'כמה', 'كم', 'combien', 'cuántos', 'cuántas', 'cuánto', 'cuantos', 'cuantas', 'wie viele', 'wie viel', 'сколько']],
];

const has = (q: string, phrase: string) =>
  q.includes(` ${phrase} `) || (/^[\u05D0-\u05EA]/.test(phrase) && q.includes(` ו${phrase} `)) || (/^[\u0621-\u064A]/.test(phrase) && q.includes(` و${phrase} `));

/** The answer types a question asks for (a question may ask two: "Who proposed it and when?"). */
export function answerTypes(question: string): AnswerType[] {
  const q = ` ${question.toLowerCase().replace(/[?؟¿!.,;:"«»()]/g, ' ').replace(/\s+/g, ' ').trim()} `;
  const found = CUES.filter(([, phrases]) => phrases.some((p) => has(q, p))).map(([t]) => t);
  // "How long" / "how many minutes" ask for a duration, not also for any number.
  return found.includes('duration') ? found.filter((t) => t !== 'quantity') : found;
}

const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|sixty|half an?|a few|several)`;
const TIME_UNITS = String.raw`(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|decades?|centuries|century|שניות|שנייה|דקות|דקה|שעות|שעה|ימים|יום|שבועות|שבוע|חודשים|חודש|שנים|שנה|ثوان|ثانية|دقائق|دقيقة|ساعات|ساعة|أيام|يوم|أسابيع|أسبوع|أشهر|شهر|سنوات|سنة|secondes?|heures?|jours?|semaines?|mois|ans|années?|segundos?|minutos?|horas?|d[ií]as?|semanas?|meses|mes|años?|sekunden|minuten|stunden|tage[n]?|wochen|monate[n]?|jahre[n]?|секунд\p{L}*|минут\p{L}*|час\p{L}*|дн\p{L}*|недел\p{L}*|месяц\p{L}*|лет|год\p{L}*)`;
const DURATION = new RegExp(String.raw`${NUMBER}(?:\s|-)?${TIME_UNITS}(?![\p{L}])`, 'iu');
const YEAR = /(?<![\d.,])(1[5-9]\d\d|20\d\d)(?!\d|[.,]\d)/u;
const MONTHS = /\b(?:january|february|march|april|june|july|august|september|october|november|december|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|januar|februar|märz|juni|juli|oktober|dezember)\b|ינואר|פברואר|מרץ|אפריל|מאי|יוני|יולי|אוגוסט|ספטמבר|אוקטובר|נובמבר|דצמבר|يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر|января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря/iu;
const DATE_NUMERIC = /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/;
/** A time of day ("12:05:50", "9 am"): "at what time" is answered by one. */
const CLOCK = /(?<![\d:.])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])|\b\d{1,2}\s?(?:am|pm)\b/iu;
/** A name: after "by"/"על ידי"/"par"/"von", in a citation ("Davis (1989)", "Davis, 1989", "et al."), after a title, or as the subject of an authoring verb. */
const BY_AGENT = /\b(?:by|par|por|von|durch)\s+\p{Lu}|על ידי\s+\S|ע["״]י\s+\S|بواسطة\s+\S|من قبل\s+\S/u;
const CITATION = /\p{Lu}\p{Ll}+(?:\s+et al\.?)?\s*(?:\(\s*(?:1[5-9]|20)\d\d\s*\)|,\s*(?:1[5-9]|20)\d\d\b)|\bet al\b/u;
const TITLE = /\b(?:Mr|Mrs|Ms|Dr|Prof|Sir|Dame|M|Mme|Herr|Frau|Sr|Sra)\.?\s+\p{Lu}/u;
/** A list of personal names ("Andreas Gal, Brendan Eich, Mike Shaver"), as on a title page, footnote marks allowed. */
const NAME_LIST = /\p{Lu}\p{Ll}+(?:\s+\p{Lu}\.)?\s+\p{Lu}\p{Ll}+[^\p{L}\p{N}\s,]{0,3}\s*,\s*\p{Lu}\p{Ll}+(?:\s+\p{Lu}\.)?\s+\p{Lu}\p{Ll}+/u;
const ORGANIZATION = /\b(?:Corporation|Corp\.|Inc\.?|Incorporated|Ltd\.?|Limited|LLC|GmbH|AG|S\.A\.|Company|Co\.|University|Université|Universidad|Universität|Institute|Institut|Laboratories|Labs?|Foundation)\b|\bUniversity of\b|חברת\s|בע["״]מ|אוניברסיט|شركة|جامعة/u;
const AUTHOR = /\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s+(?:first\s+|originally\s+)?(?:proposed|developed|introduced|created|founded|invented|designed|wrote|described|coined|published|discovered|built|established|formulated)\b/u;

/** A count written as a word ("Three hyperlinks"), not inside a compound ("One-Stop"). */
const COUNT_WORD = /(?<![\p{L}-])(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|dozen)(?![\p{L}-])/iu;

/** True when the sentence holds an answer of that type. */
export function holdsAnswerType(sentence: string, type: AnswerType): boolean {
  switch (type) {
    case 'duration': return DURATION.test(sentence);
    case 'date': return YEAR.test(sentence) || MONTHS.test(sentence) || DATE_NUMERIC.test(sentence) || CLOCK.test(sentence);
    case 'person': return BY_AGENT.test(sentence) || CITATION.test(sentence) || TITLE.test(sentence) || AUTHOR.test(sentence) || NAME_LIST.test(sentence);
    case 'quantity': return /\d/.test(sentence) || DURATION.test(sentence) || COUNT_WORD.test(sentence);
    case 'organization': return ORGANIZATION.test(sentence);
  }
}

/** How many of the asked-for answer types a sentence holds. */
export function answerTypeMatches(sentence: string, types: AnswerType[]): number {
  return types.filter((t) => holdsAnswerType(sentence, t)).length;
}

/** The word after "how many"/"how much" (the thing counted), or null. */
export function countedThing(question: string): string | null {
  const q = question.toLowerCase();
  const m = /\b(?:how\s+many|how\s+much|combien\s+d[e']\s*|cu[aá]nt[oa]s?|wie\s+viele?|сколько)\s+([\p{L}][\p{L}-]*)/u.exec(q)
    ?? /(?:^|\s)כמה\s+([\u05D0-\u05EA]{2,})/u.exec(q);
  return m ? m[1] : null;
}

/** True when the sentence holds a number directly counting `thing` ("100+ instructions", "81 traces"). */
export function countsThing(sentence: string, thing: string, lang: string): boolean {
  const want = formsOf(thing, lang)[0];
  const re = /\d[\d.,]*\s*[+%x×]?\s*((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/gu;
  for (const m of sentence.matchAll(re)) {
    if (words(m[1]).some((w) => formsOf(w, lang)[0] === want)) return true;
  }
  return false;
}

/**
 * Sentence scoring for the offline answerer: when the question asks for a
 * name, date, duration, number or organisation, a sentence holding one gains
 * the weight of an average question term per type it holds (a sentence of
 * the best passage may then be chosen on that alone; a number counting the
 * asked thing counts twice), and one holding none keeps 60 % of its score
 * (it cannot answer "when?"). `marked` is false for an organisation line
 * whose affiliation mark is not the asked person's (see affiliationMarkers).
 */
export function answerPreference(question: string, termWeights: number[], lang = 'en') {
  const types = answerTypes(question);
  const unit = termWeights.length ? termWeights.reduce((a, b) => a + b, 0) / termWeights.length : 1;
  const counted = types.includes('quantity') ? countedThing(question) : null;
  return {
    types,
    adjust(sentence: string, passageIndex: number, termScore: number, marked?: boolean): number {
      if (types.length === 0) return termScore;
      let held = types.filter((t) => holdsAnswerType(sentence, t) && !(t === 'organization' && marked === false)).length;
      if (counted && held > 0 && countsThing(sentence, counted, lang)) held += 1;
      if (types.includes('organization') && marked) held += 1;
      if (held === 0) return termScore * 0.6;
      if (termScore === 0 && passageIndex > 0) return 0;
      return termScore + 1.5 * unit * held;
    },
  };
}

/** "Which customer ...?" / "What colour ...?": the asked category word, or null. */
export function askedCategory(question: string): string | null {
  const m = /^\s*(?:which|what)\s+(?!(?:is|are|was|were|does|do|did|can|could|will|would|should|has|have|had|kind|type|sort|of|a|an|the)\b)(\p{L}[\p{L}-]*)/iu.exec(question)
    ?? /^\s*(?:איזה|איזו|אילו)\s+([\u05D0-\u05EA]{2,})/u.exec(question);
  return m ? m[1].toLowerCase() : null;
}

/** "Which font besides the core font?": the words naming what is not asked for ("the core font"), or ''. */
export function excludedPart(question: string): string {
  const m = /\b(?:besides|other\s+than|except(?:\s+for)?|apart\s+from|aside\s+from|excluding)\s+([^?.!,;]+)/iu.exec(question)
    ?? /(?:^|\s)(?:מלבד|חוץ\s+מ|לבד\s+מ)\s*([^?.!,;]+)/u.exec(question);
  return m ? m[1] : '';
}

const MARK = '[∗*†‡§¶#$+⇤⋆♯♮]';
/** The footnote or affiliation mark a line ends with ("Intel Corporation$" → "$"), or null. */
export function trailingMarker(line: string): string | null {
  const m = new RegExp(`(${MARK}+)\\s*$`, 'u').exec(line.trim());
  return m ? m[1] : null;
}

/**
 * The marks following a name of the question in the text (author lines of a
 * title page: "Mohammad R. Haghighat$" → {"$"}, "Mason Chang+#" → {"+", "#"}).
 */
export function affiliationMarkers(text: string, question: string): Set<string> {
  const out = new Set<string>();
  const names = [...question.matchAll(/\p{Lu}\p{Ll}{2,}/gu)].map((m) => m[0]);
  for (const name of names) {
    const re = new RegExp(`${name}\\s*(${MARK}+)`, 'gu');
    for (const m of text.matchAll(re)) for (const c of m[1]) out.add(c);
  }
  return out;
}

/** "What is a trace tree?" / "מה זה X?" / "Qu'est-ce que X ?": the subject a definition is asked for, or null. */
export function definitionSubject(question: string): string | null {
  const q = question.trim().replace(/[?؟¿!.\s]+$/u, '');
  const m = /^(?:what|who)\s+(?:is|are|was|were)\s+(?:an?\s+|the\s+)?(.{2,60})$/iu.exec(q)
    ?? /^(?:מה\s+זה|מה\s+זו|מהו|מהי|מה\s+הם|מה\s+הן|מי\s+זה|מיהו|מיהי)\s+(.{2,60})$/u.exec(q)
    ?? /^(?:ما\s+هو|ما\s+هي|ما\s+هى|من\s+هو|من\s+هي)\s+(.{2,60})$/u.exec(q)
    ?? /^(?:qu'est-ce\s+que|qu'est-ce\s+qu'|qui\s+est|qu'est\s+ce\s+que)\s*(?:l'|le\s+|la\s+|les\s+|un\s+|une\s+)?(.{2,60})$/iu.exec(q)
    ?? /^(?:qué\s+es|que\s+es|quién\s+es)\s+(?:el\s+|la\s+|los\s+|las\s+|un\s+|una\s+)?(.{2,60})$/iu.exec(q)
    ?? /^(?:was\s+ist|was\s+sind|wer\s+ist)\s+(?:der\s+|die\s+|das\s+|ein\s+|eine\s+)?(.{2,60})$/iu.exec(q)
    ?? /^(?:что\s+такое|кто\s+такой|кто\s+такая)\s+(.{2,60})$/iu.exec(q);
  return m ? m[1].trim() : null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the sentence defines the subject: it opens with it ("A trace is ...", "TraceMonkey, our VM, is ...", "X הוא ..."). */
export function definesSubject(sentence: string, subject: string): boolean {
  const x = escapeRe(subject).replace(/\s+/g, '\\s+');
  // An optional section number and heading word ("3.1 Traces"), an optional article, then the subject.
  const opening = String.raw`^(?:[\d.]+\s+)?(?:\p{Lu}\p{L}*\s+(?=(?:a|an|the)\s))?(?:(?:a|an|the|un|une|le|la|les|el|los|las|der|die|das|ein|eine)\s+|ה)?`;
  return new RegExp(`${opening}${x}(?:s|es)?(?:\\s*\\([^)]*\\))?(?:,[^,]{0,80},)?\\s+(?:is|are|was|were|means|refers\\s+to|stands\\s+for|הוא|היא|הם|הן|זה|هو|هي|est|sont|es|son|ist|sind|это|—|–)\\s`, 'iu').test(sentence.trim());
}
