/**
 * English abbreviations, so a question and a text that write one word in
 * two ways share a term ("3rd Qtr" / "3rd quarter", "cat. 4" / "Category 4",
 * "max. temp" / "maximum temperature"). Two mechanisms:
 *
 * - a table of common business and technical abbreviations (style guides'
 *   usual lists: units of time, document parts, measures, company forms),
 *   each with the word(s) it stands for;
 * - a rule for abbreviations the table does not hold: a short word written
 *   without vowels ("qtr", "mgmt", "bldg", "pwr") abbreviates a longer word
 *   of the same first letter holding its letters in order.
 *
 * Used by the chat's term matching (core/foundation/text/terms.ts), not by the index.
 */

/** Abbreviation → the words it stands for (lower case, no final period). */
export const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  // Time
  sec: ['second', 'section'], secs: ['seconds'], min: ['minute', 'minimum'], mins: ['minutes'], hr: ['hour'], hrs: ['hours'],
  wk: ['week'], wks: ['weeks'], mo: ['month'], mos: ['months'], yr: ['year'], yrs: ['years'], qtr: ['quarter'], qtrs: ['quarters'],
  mon: ['monday'], tue: ['tuesday'], thu: ['thursday'], fri: ['friday'], sat: ['saturday'],
  jan: ['january'], feb: ['february'], apr: ['april'], jun: ['june'], jul: ['july'], aug: ['august'],
  sep: ['september'], sept: ['september'], oct: ['october'], nov: ['november'], dec: ['december'],
  // Documents and their parts
  doc: ['document'], docs: ['documents'], pg: ['page'], pp: ['pages'], para: ['paragraph'], paras: ['paragraphs'],
  sect: ['section'], ch: ['chapter'], chap: ['chapter'], fig: ['figure'], figs: ['figures'], tbl: ['table'], ref: ['reference'],
  app: ['application', 'appendix'], appx: ['appendix'], info: ['information'], spec: ['specification'], specs: ['specifications'],
  cat: ['category'], cats: ['categories'], ser: ['series'], ver: ['version'], rev: ['revision'], ed: ['edition'], vol: ['volume'],
  no: ['number'], nos: ['numbers'], num: ['number'], nr: ['number'], ex: ['example'], eg: ['example'], attn: ['attention'],
  // Measures and values
  qty: ['quantity'], amt: ['amount'], avg: ['average'], approx: ['approximately', 'approximate'], est: ['estimated'], max: ['maximum'],
  val: ['value'], vals: ['values'], pct: ['percent'], temp: ['temperature'], freq: ['frequency'], pwr: ['power'], wt: ['weight'],
  ht: ['height'], len: ['length'], dia: ['diameter'], dims: ['dimensions'], std: ['standard'], opt: ['optional'],
  req: ['required'], ft: ['feet', 'foot'], lb: ['pound'], lbs: ['pounds'], oz: ['ounce'], sq: ['square'],
  // Organisations and people
  corp: ['corporation'], inc: ['incorporated'], ltd: ['limited'], dept: ['department'], div: ['division'],
  mgr: ['manager'], mgmt: ['management'], admin: ['administrator', 'administration'], asst: ['assistant'], govt: ['government'],
  intl: ['international'], natl: ['national'], assn: ['association'], mfr: ['manufacturer'], mfg: ['manufacturing'],
  // Places and contact
  addr: ['address'], tel: ['telephone'], fax: ['facsimile'], st: ['street'], ave: ['avenue'], rd: ['road'],
  bldg: ['building'], apt: ['apartment'], rm: ['room'], ste: ['suite'], hq: ['headquarters'],
  // Technical
  config: ['configuration'], conf: ['configuration'], ctrl: ['control'], db: ['database'], dev: ['device', 'development'], env: ['environment'],
  auth: ['authentication'], mgt: ['management'], msg: ['message'], msgs: ['messages'], pkg: ['package'], repo: ['repository'],
  sw: ['software'], hw: ['hardware'], fw: ['firmware'], ext: ['extension', 'external'], int: ['internal', 'integer'], tech: ['technical'],
};

const VOWEL = /[aeiouy]/;

/** The words an abbreviation stands for, from the table (empty when it is not listed). */
export function expansions(word: string): readonly string[] {
  return Object.hasOwn(ABBREVIATIONS, word) ? ABBREVIATIONS[word] : [];
}

/**
 * True when `abbr`, a word of three to five letters with no vowel (y counts
 * as one: "try", "gym" are words), abbreviates `word`: the same first letter,
 * `word` at least two letters longer and holding the letters of `abbr` in
 * order ("qtr" → "quarter", "bldg" → "building", not "qtr" → "quite").
 */
export function abbreviates(abbr: string, word: string): boolean {
  if (abbr.length < 3 || abbr.length > 5 || !/^[a-z]+$/.test(abbr) || VOWEL.test(abbr)) return false;
  if (word.length < abbr.length + 2 || word[0] !== abbr[0] || !/^[a-z]+$/.test(word)) return false;
  let i = 1;
  for (let k = 1; k < word.length && i < abbr.length; k++) if (word[k] === abbr[i]) i++;
  return i === abbr.length;
}

/** True when `w` may be an abbreviation under the vowel-less rule (so a set holding it is searched for the words it abbreviates). */
export const mayAbbreviate = (w: string) => w.length >= 3 && w.length <= 5 && /^[a-z]+$/.test(w) && !VOWEL.test(w);
