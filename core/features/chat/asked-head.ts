import { holdsAnswerType } from './answer-type';
import { askedValueKinds, holdsValueKind } from './asked-kind';
import { formsOf, hasTerm, termSet } from '../../foundation/text/terms';

/**
 * The thing an English question asks for by name: "What was the *subtotal* on invoice INV-0046?", "Which *hotel*
 * in Dublin ...?", "In which *journal* did ...?", "What *speedup* does V8 reach?". A quote that neither names that
 * thing nor holds a value standing for it does not answer the question, however many of its other words it shares
 * (issue 34: "state an answer only when the quoted sentence holds the asked fact"): a sales-tax line is no
 * subtotal, the conference's city is no hotel, a sentence about speedups with no figure is no speedup.
 *
 * The head is the last word of the noun group after "which"/"what" (up to three words, ending at a verb like
 * "is/does/did/hosted" or a preposition), or after "what is the"; null when the question has no such group, when
 * the group is a generic word ("name", "kind", "way", "reason") or a count ("which two of the authors").
 */
const AUX = String.raw`(?:is|are|was|were|does|do|did|can|could|will|would|should|has|have|had|must|may|might)`;
// A verb ends the group too: a past one ("which hotel hosted", "which laptop ran"), or one of the third person
// before its object ("which optimization removes the ...", "which algorithm serves as ...").
const VERB = String.raw`(?:\p{L}{3,}ed|ran|made|took|came|went|gave|wrote|held|kept|led|won|began|built|sent|paid|brought|found|became|\p{L}{3,}s(?=\s+(?:the|a|an|as|that|its|their|this|these)\b))`;
const STOP = String.raw`(?:${AUX}|${VERB}|of|on|in|at|for|from|to|by|with|about|under|before|after|during|into|within|between|per|that|which|who|whose)`;
const DET = String.raw`(?:the|a|an|its|their|his|her|this|that|these|those|each|your|our)`;
const WORD = String.raw`[\p{L}][\p{L}-]*`;
const AFTER_WH = new RegExp(String.raw`^(?:(?:in|on|at|for|from|under|to|by|with|into|within|of)\s+)?(?:which|what)\s+((?:${WORD}\s+){0,2}?${WORD})\s+${STOP}\b`, 'iu');
const AFTER_BE = new RegExp(String.raw`^(?:which|what)\s+(?:is|was|are|were)\s+${DET}\s+((?:${WORD}\s+){0,2}?${WORD})\s+${STOP}\b`, 'iu');

/** Words that ask for no particular thing (the rest of the question says what). */
const GENERIC = new Set(('name names title titles kind kinds type types sort sorts way ways thing things one ones purpose reason reasons role goal aim '
  + 'idea point meaning effect effects result results difference differences use uses example examples other others main first last best '
  + 'two three four five six seven eight nine ten several many much more most else happens happened does do is are was were '
  // How-to and descriptive asks are answered by the steps or traits themselves, rarely by their name.
  + 'instruction instructions step steps procedure procedures process method methods option options feature features '
  + 'advantage advantages disadvantage disadvantages benefit benefits requirement requirements '
  // "What comes after the page break?": a verb, "what" standing alone.
  + 'comes came happens goes went follows followed stands appears remains lies belongs refers means causes '
  // What a thing says is asked in its own words (core/features/chat/asked-kind.ts ASKS_WORDING).
  + 'subtitle subtitles caption captions heading headings header headers footer footers label labels text texts word words wording message content contents').split(' '));
/** Heads a figure stands for: only a figure (not the word) answers "what speedup", "what value", "what was the total". */
const FIGURE_HEADS = new Set(('value values number numbers amount amounts figure figures total totals count counts quantity quantities sum size sizes '
  + 'score scores rate rates ratio ratios speedup speedups percentage percentages share speed speeds factor factors').split(' '));
const PERSON_HEADS = new Set('author authors speaker speakers presenter presenters person people editor editors chair founder founders creator creators inventor contact'.split(' '));
const ORGANIZATION_HEADS = new Set('company companies organisation organisations organization organizations university universities institution institutions firm firms employer vendor manufacturer maker'.split(' '));
const TIME_HEADS = new Set('year years date dates day days month months time times hour'.split(' '));
const PLACE_HEADS = new Set('town towns city cities country countries place places location locations state region village'.split(' '));
/** Heads a code or symbol answers: "what symbol stands for ..." → "(XCG)", "α". */
const SYMBOL_HEADS = new Set('id ids symbol symbols abbreviation abbreviations acronym acronyms code codes identifier identifiers sign signs letter letters variable variables'.split(' '));

/** The words naming what the question asks for, the head last ("general terms", "symbol shows"), or null (see the file comment). English questions only. */
export function askedHead(question: string): string[] | null {
  const q = question.trim().replace(/[?¿!.]+$/u, '').replace(/\s+/g, ' ');
  // "What is the section ... called?" asks for its name: whatever it is called answers.
  if (/\b(?:called|named|titled|entitled)\b/iu.test(q)) return null;
  const m = AFTER_BE.exec(q) ?? AFTER_WH.exec(q);
  if (!m) return null;
  const group = m[1].toLowerCase().split(' ');
  if (group.some((w) => new RegExp(`^${AUX}$`, 'u').test(w) || new RegExp(`^${DET}$`, 'u').test(w))) return null;
  const head = group[group.length - 1];
  // A participle closes no noun group ("the ACM ISBN printed in ..."): no head rather than a wrong one.
  if (group.some((w) => GENERIC.has(w)) || /(?:ed|ing)$/u.test(head) || head.length < 3) return null;
  return group;
}

/**
 * True when the question names what it asks for and the quote holds neither that word (in the quoted lines or
 * their passage's title and heading) nor a value standing for it: a figure for "what speedup", a name for
 * "which author", an organisation for "which company", a date for "which year".
 */
export function headMissing(question: string, quoted: string, labels: string[]): boolean {
  const group = askedHead(question);
  // A price, phone, e-mail, year... asked ("what e-mail address is given"): the value kind's own check judges it.
  if (!group || askedValueKinds(question).length > 0) return false;
  const head = group[group.length - 1];
  if (FIGURE_HEADS.has(head)) return !holdsValueKind(quoted, 'count', question);
  const names = (heads: Set<string>) => group.some((w) => heads.has(w));
  if (names(PERSON_HEADS) && holdsValueKind(quoted, 'person', question)) return false;
  if (names(ORGANIZATION_HEADS) && holdsAnswerType(quoted, 'organization')) return false;
  if (names(TIME_HEADS) && holdsAnswerType(quoted, 'date')) return false;
  const asked = new Set(question.toLowerCase().split(/[^\p{L}\d]+/u));
  const newTokens = (quoted.match(/[\p{L}\d][\p{L}\d_'’-]*/gu) ?? []).filter((w) => !asked.has(w.toLowerCase()));
  if (names(PLACE_HEADS) && newTokens.some((w) => /^\p{Lu}\p{Ll}/u.test(w))) return false;
  if (names(SYMBOL_HEADS) && newTokens.some((w) => /\p{Lu}.*\p{Lu}|[^\p{Script=Latin}\d_'’-]|_/u.test(w) || /^[\p{L}]$/u.test(w))) return false;
  // An acronym names a code the text often prints bare ("the ACM ISBN" → "ACM 978-1-60558-392-1").
  if (/^\p{Lu}{2,}$/u.test(question.match(new RegExp(`\\b${head}\\b`, 'iu'))?.[0] ?? '')) return !holdsValueKind(quoted, 'count', question);
  // A word of the group will do ("which date benchmarks" → "date-format-xparb", "which symbol shows" → "the α symbol"),
  // also shortened ("which para" → "Heading Paragraph").
  const text = `${quoted}\n${labels.join('\n')}`;
  const set = termSet(text, 'en');
  const written = text.toLowerCase().split(/[^\p{L}\d]+/u);
  // A name in the group ("which SunSpider test") says where to look, not what is asked: only the head counts for it.
  const named = new Set((question.slice(1).match(/\b\p{Lu}[\p{L}\d-]*/gu) ?? []).map((w) => w.toLowerCase()));
  return !group.filter((w) => w === head || !named.has(w)).some((w) => hasTerm(set, formsOf(w, 'en')) || (w.length >= 4 && written.some((x) => x.startsWith(w))));
}

/** "What does FFI mean?", "what does JIT stand for?": the abbreviation asked to be spelled out, or null. */
export function askedExpansion(question: string): string | null {
  const m = /\b[Ww]hat\s+(?:does|do|did)\s+(?:the\s+)?(?:abbreviation\s+|acronym\s+|term\s+)?["'“‘]?([\p{Lu}][\p{L}\d]{1,9})["'”’]?\s+(?:mean|stand\s+for)\b/u.exec(question)
    ?? /\b[Ww]hat\s+is\s+(?:the\s+)?(?:full\s+form|expansion|long\s+form)\s+of\s+(?:the\s+)?["'“‘]?([\p{Lu}][\p{L}\d]{1,9})/u.exec(question);
  // An abbreviation: two capitals at least ("FFI", "DoD"), not a word that happens to start a sentence.
  return m && (m[1].match(/\p{Lu}/gu)?.length ?? 0) >= 2 ? m[1] : null;
}

/** True when the quote spells the abbreviation out: words whose initials are its letters ("foreign function interface"). */
export function spellsOut(abbreviation: string, quoted: string): boolean {
  // Defined in place: "trace-flavored SSA (or TSSA)", "TSSA (trace-flavored SSA)", "TSSA stands for ...".
  const a = abbreviation.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`\\((?:or\\s+|i\\.e\\.\\s+|short\\s+)?${a}\\)|\\b${a}\\s*\\(\\s*\\p{L}|\\b${a}\\s+(?:stands\\s+for|means|is\\s+short\\s+for)\\b`, 'u').test(quoted)) return true;
  const letters = abbreviation.replace(/[^\p{L}]/gu, '').toLowerCase();
  const words = quoted.split(/[\s\-–/]+/u).map((w) => w.replace(/^[^\p{L}]+/u, '')).filter(Boolean);
  for (let i = 0; i + letters.length <= words.length; i++) {
    if ([...letters].every((c, k) => words[i + k][0]?.toLowerCase() === c)) return true;
  }
  return false;
}
