import { holdsNumbered, numberedThings } from './numbered';
import type { QueryVariant, Passage } from './plan-query';
import { type AnswerType, affiliationMarkers, answerPreference, askedCategory, excludedPart, holdsAnswerType, definesSubject, definitionSubject, trailingMarker } from './answer-type';
import { suspicionOf } from './suspicious';
import { askedValueKinds, holdsValueKind } from './asked-kind';
import { contentTerms, formsOf, hasTerm, passageTermSet, sentences, termSet, words, type Term } from '../../foundation/text/terms';
import { isFrameTerm, slotCredit, slotUnfilled } from '../../foundation/text/question-frame';
import { READER_BLEND, answerFeatures, answerScore, questionNumbers, readerByDefault, readerFeatures, readerTrained, selectScore, type FeatureVector, type ReaderTerm } from './reader';

/**
 * The offline answerer: the sentences of the top passages that share the
 * most content terms with the question, in document order, each followed by
 * its source number. It quotes; it never composes, so it cannot follow
 * instructions found in a document, and it also drops sentences that speak
 * to the reader instead of about the product: instructions to an AI,
 * requests for payment or credentials, links found nowhere else in the
 * catalog, and the rest of a block planted with them (see suspicious.ts).
 */

export { looksLikeInjection } from './suspicious';

const MAX_PASSAGES = 3;
/** Definition questions look further for the sentence that defines their subject. */
const MAX_DEFINITION_PASSAGES = 8;
const MAX_SENTENCES = 2;
const MAX_SENTENCE_CHARS = 400;

export interface ExtractiveResult {
  /** Sentences, each ending with its [n]. Empty when nothing matched. */
  text: string;
  /** The passages quoted, numbered as in the text. */
  used: Array<{ n: number; passage: Passage; quotes?: string[] }>;
  /**
   * Evidence that the quote answers the question, 0..1: the share of the
   * question's content terms (weighted by rarity, a term no sentence holds
   * weighing most) found in the quoted sentences or their passage's title
   * and heading. Low support means "not found".
   */
  support: number;
  /**
   * When the question asks for a figure ("how many", "how much", "what
   * value"): whether a quoted sentence holds one, in figures or (English) in
   * words; null when it asks for none.
   */
  kindHeld?: boolean | null;
  /** False when a figure of the question (a number, an ordinal) is in none of the quoted passages. */
  figuresHeld?: boolean;
  /** False when the question asks for a phone number, an e-mail, a web address or a date and the quote holds none. */
  slotsHeld?: boolean;
  /** The learned reader's probability that the quote answers the question (core/features/chat/reader.ts); null when the rules chose. */
  answerProbability?: number | null;
  /** With `explain`: every candidate sentence with its features and both scores (training and measuring the reader). */
  candidates?: ExplainedCandidate[];
  /** With `explain` and the learned reader: the answering model's input (core/features/chat/reader.ts answerFeatures). */
  answerInput?: number[];
}

export interface ExplainedCandidate {
  p: number;
  i: number;
  s: string;
  rule: number;
  features: FeatureVector;
  /** The selection model's score (a logit). */
  learned: number;
}

export interface ExtractiveOptions {
  /** True for a link found nowhere else in the catalog: sentences carrying one are not quoted. */
  unknownLink?: (url: string) => boolean;
  /** 'rules': the hand-set scoring alone; 'learned' (the default when weights are trained): core/features/chat/reader.ts ranks. */
  reader?: 'rules' | 'learned';
  /** Return every candidate with its features (scripts/train-reader.ts). */
  explain?: boolean;
  /** Selection weights to use instead of the committed ones (training). */
  selectWeights?: number[];
  /** Share of the rules' score in the learned ranking (instead of the committed READER_BLEND). */
  blend?: number;
}

/** The sentences of a passage that may be quoted (see suspicious.ts). */
export function quotableSentences(text: string, options: ExtractiveOptions = {}): Array<{ i: number; s: string }> {
  const all = sentences(text);
  const tainted = all.some((s) => suspicionOf(s) === 'injection');
  return all.map((s, i) => ({ i, s })).filter((x) => !suspicionOf(x.s, { unknownLink: options.unknownLink, taintedBlock: tainted }));
}

export function extractiveAnswer(passages: Passage[], variants: QueryVariant[], options: ExtractiveOptions = {}): ExtractiveResult {
  // "What is X?": a sentence defining X ("A trace is ...") answers it, wherever it is among the relevant passages.
  const subject = variants.map((v) => definitionSubject(v.text)).find((x) => x) ?? null;
  const pool = passages.slice(0, subject ? MAX_DEFINITION_PASSAGES : MAX_PASSAGES).map((passage, p) => {
    const lang = passage.hit.chunk.language;
    const same = variants.filter((v) => v.language === lang);
    const vs = same.length ? same : variants;
    const asked = vs[0]?.language ?? lang;
    // Identifier parts are words too: MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT holds "shape", "fit" and "text".
    // A table row is read with its header row ("Year: 2009, Revenue: 296 MEUR", not a bare "2009 | 296 MEUR"): it is
    // judged and quoted so.
    const raw = quotableSentences(passage.hit.chunk.text, options);
    const lines = raw.map(({ s, i }) => {
      const header = headerRowOf(raw, i);
      const read = header ? labelledRow(header, s) : s;
      return { p, i, s: read, set: passageTermSet(read.replace(/(?<=\p{L})[._](?=\p{L})/gu, ' '), lang, asked) };
    });
    // Short lines are quoted only as a form's label with its value after it ("Amount Due" / "273.13").
    const labels = new Set(lines.filter((x, k) => isLabel(x.s, lines[k + 1]?.s)).map((x) => x.i));
    const list = lines.filter((x) => x.s.length >= 12 || labels.has(x.i));
    const label = passageTermSet(`${passage.hit.chunk.title}\n${passage.hit.chunk.heading ?? ''}`, lang, asked);
    return { terms: vs.flatMap((v) => v.terms), focus: vs.flatMap((v) => (v.focus === v.terms ? [] : v.focus)), list, lines, label, labels, text: passage.hit.chunk.text };
  });
  // Rarer terms say more: weight each question term by how few of the pooled sentences contain it.
  const all = pool.flatMap((x) => x.list);
  // Asked for every sentence and term below: computed once per term.
  const weights = new Map<Term, number>();
  const weight = (t: Term) => {
    let w = weights.get(t);
    if (w === undefined) { w = Math.log(1 + all.length / Math.max(1, all.filter((x) => hasTerm(x.set, t)).length)); weights.set(t, w); }
    return w;
  };
  type Fact = { p: number; i: number; s: string; read: string; score: number; zero: boolean; set: ReadonlySet<string>; fragment: boolean; field: boolean; definition: boolean; count: number };
  const facts: Fact[] = [];
  // Who/when/how long: sentences holding a name, a date or a duration answer it (core/features/chat/answer-type.ts).
  const questionText = variants.map((v) => v.text).join(' ');
  const prefer = answerPreference(questionText, pool.flatMap((x) => x.terms).map(weight), variants[0]?.language);
  const unit = pool.length ? pool[0].terms.reduce((n, t) => n + weight(t), 0) / Math.max(1, pool[0].terms.length) : 1;
  const seen = new Set<string>();
  // Words naming the document itself ("the slide", "the sleep study") or the asking ("which kinds are listed")
  // say which file, not which sentence (core/foundation/text/question-frame.ts); a question of frame words only asks for them.
  const qLang = variants[0]?.language ?? passages[0]?.hit.chunk.language ?? 'en';
  const onlyFrame = pool.every((x) => x.terms.every((t) => isFrameTerm(t, qLang)));
  const asks = (t: Term) => onlyFrame || !isFrameTerm(t, qLang);
  // "Which customer ...?": a sentence naming the asked category ("Customer") weighs that term twice.
  const category = askedCategory(questionText);
  const categoryTerm = category ? formsOf(category, variants[0]?.language ?? 'en') : null;
  const fillsSlot = (t: Term, type: AnswerType) => (type === 'organization' && isCategory(t)) || (type === 'quantity' && hasTerm(valueWords, t));
  const isCategory = (t: Term) => !!categoryTerm && asks(categoryTerm) && t.some((f) => categoryTerm.includes(f));
  // A question word written as in the sentence ("recording is activated") is better evidence than a shared stem ("records ... activation").
  const surface = new Map<string, Set<string>>();
  for (const v of variants) for (const w of words(v.text)) surface.set(formsOf(w, v.language)[0], new Set([...(surface.get(formsOf(w, v.language)[0]) ?? []), w]));
  const exact = (t: Term, sentenceWords: Set<string>) => [...(surface.get(t[0]) ?? [])].some((w) => sentenceWords.has(w));
  // "Which font besides the core font?": "core" says what is not asked for (a term also asked elsewhere still counts).
  const excludedText = excludedPart(questionText);
  const excluded = termSet(excludedText, variants[0]?.language ?? 'en');
  const kept = termSet(questionText.replace(excludedText, ' '), variants[0]?.language ?? 'en');
  // "Which company is X from?" on a title page: the organisation line carrying X's affiliation mark (Haghighat$ … Intel Corporation$).
  const marks = prefer.types.includes('organization') ? pool.map((x) => affiliationMarkers(x.text, questionText)) : [];
  for (const { terms, focus, list, labels, lines } of pool) {
    for (const x of list) {
      // The same sentence in two passages (overlap, a copy of a page) is quoted once.
      const key = x.s.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) continue;
      seen.add(key);
      // A follow-up's own words weigh double: they say what is asked now.
      const sentenceWords = new Set(words(x.s));
      const termScore = [...terms, ...focus].reduce((n, t) => {
        if (!asks(t) || (hasTerm(excluded, t) && !hasTerm(kept, t))) return n;
        // "The telephone number" is half-answered by a phone number written otherwise ("Tél : +33 2 50 01 14 20").
        if (!hasTerm(x.set, t)) return n + weight(t) * slotCredit(t, x.s, qLang);
        return n + weight(t) * ((isCategory(t) ? 2 : 1) + (exact(t, sentenceWords) ? 0.25 : 0));
      }, 0);
      const marked = marks[x.p]?.size ? [...(trailingMarker(x.s) ?? '')].some((c) => marks[x.p].has(c)) : undefined;
      let score = prefer.adjust(x.s, x.p, termScore, marked);
      const defines = !!subject && definesSubject(x.s, subject);
      if (subject && score > 0 && defines) score += 2 * unit;
      const compact = 1 / Math.sqrt(Math.max(contentTerms(x.s, 'und').length, 4) / 4);
      // Headings, bullets and table rows (no closing punctuation) count for less than whole sentences.
      // A form's label with its value after it reads as a whole statement ("Customer: Bayside Wholesale"),
      // and so does a field written on one line ("Datum: 2023-06-15 12:05:50").
      const field = labels.has(x.i) || isField(x.s);
      const fragment = isFragment(x.s) && !field ? 0.6 : 1;
      // A form's label is read with its value ("Customer" + "Bayside Wholesale"): that is the statement quoted.
      const value = labels.has(x.i) ? lines.find((y) => y.i === x.i + 1)?.s : undefined;
      facts.push({
        p: x.p, i: x.i, s: clip(x.s), read: value ? `${x.s}: ${value}` : x.s, score: score * fragment * (0.75 + 0.25 * compact) - x.p * 0.1, zero: score === 0,
        set: x.set, fragment: isFragment(x.s), field, definition: defines, count: list.length,
      });
    }
  }
  // The hand-set scoring's candidates: sentences sharing something with the question.
  const byRules = facts.filter((f) => !f.zero);
  const trained = readerTrained || !!options.selectWeights;
  const learned = trained && (options.reader ?? (readerByDefault || options.selectWeights ? 'learned' : 'rules')) === 'learned';
  // The learned reader (core/features/chat/reader.ts) scores every sentence read, the rules' score being one of its features.
  const explained: ExplainedCandidate[] = [];
  // Which candidates can answer at all (the learned ranking chooses among them when any can): those holding the
  // kind of value asked for when the question names one (a phone number, an e-mail, a web address, a date; in
  // English a figure or a count for "how many / how much"). (Requiring a quote to add words to the question's own
  // was measured too: it lost 4 questions on the development sets, whose test files often answer in its words.)
  const admissible = new Set<ExplainedCandidate>();
  const askedAll = (pool[0]?.terms ?? []).filter(asks);
  const wantsQuantity = qLang === 'en' && prefer.types.includes('quantity');
  // "Which university / company": a line naming an organisation ("University of California, Irvine+"), not the author list.
  const wantsOrganization = prefer.types.includes('organization');
  // A price, a phone, an e-mail, a year... (core/features/chat/asked-kind.ts): only a sentence holding one can answer.
  const kinds = askedValueKinds(questionText);
  const holdsKinds = (text: string) => kinds.every((k) => holdsValueKind(text, k, questionText));
  // A line is completed by the short lines after it ("signed here:" / "MARTA" / "NOVÁKOVÁ"): those count too.
  const withNext = (f: { p: number; i: number; read: string }) =>
    [f.read, ...pool[f.p].lines.filter((y) => y.i > f.i && y.i <= f.i + 2 && y.s.length <= 60).map((y) => y.s)].join('\n');
  if (learned || options.explain) {
    const ruleTop = byRules.reduce<Fact | null>((b, f) => (!b || f.score > b.score ? f : b), null);
    const ruleMax = Math.max(1e-9, ruleTop?.score ?? 0);
    const readerTerms = pool.map(({ terms, focus }) => {
      const seenTerm = new Set<string>();
      const out: ReaderTerm[] = [];
      for (const t of [...terms, ...focus]) {
        if (!asks(t) || (hasTerm(excluded, t) && !hasTerm(kept, t)) || seenTerm.has(t[0])) continue;
        seenTerm.add(t[0]);
        out.push({ term: t, weight: weight(t), surface: [...(surface.get(t[0]) ?? [])] });
      }
      return out;
    });
    const numbers = questionNumbers(questionText, qLang);
    for (const f of facts) {
      const set = f.read === f.s ? f.set : passageTermSet(f.read, passages[f.p].hit.chunk.language, qLang);
      const features = readerFeatures(readerTerms[f.p], prefer.types, {
        sentence: f.read, set, lang: qLang, passageRank: f.p, passages: pool.length, relevance: passages[f.p].relevance,
        index: f.i, count: f.count, ruleShare: f.zero ? 0 : Math.max(0, f.score) / ruleMax, ruleTop: f === ruleTop,
        fragment: f.fragment, field: f.field, definition: f.definition,
      }, numbers);
      const candidate = { p: f.p, i: f.i, s: f.s, rule: f.zero ? 0 : f.score, features, learned: trained ? selectScore(features, options.selectWeights) : 0 };
      explained.push(candidate);
      if (askedAll.every((t) => !slotUnfilled(t, set, f.read, qLang, askedAll)) && (!wantsQuantity || holdsAnswerType(f.read, 'quantity'))
        && (!wantsOrganization || holdsAnswerType(f.read, 'organization')) && holdsKinds(withNext(f))) admissible.add(candidate);
    }
  }
  // Learned scores are compared as the selection model's softmax over the candidates (the best is 1), blended
  // with the rules' score relative to their best (READER_BLEND: 0 = the learned reader alone; chosen on the
  // development question sets by scripts/reader-threshold.ts).
  const topLogit = Math.max(...explained.map((c) => c.learned));
  const blend = options.blend ?? READER_BLEND;
  const ruleMax = Math.max(1e-9, ...explained.map((c) => c.rule));
  // "Besides the core font and the TrueType Unicode one, which font type ...?": a sentence naming one of the
  // excluded things is not the answer while another candidate is left.
  const excludedOnly = excludedText ? contentTerms(excludedText, qLang).filter((t) => asks(t) && !hasTerm(kept, t)) : [];
  const factAt = new Map(facts.map((f) => [`${f.p}:${f.i}`, f]));
  const isExcluded = (c: { p: number; i: number }) => excludedOnly.some((t) => hasTerm(factAt.get(`${c.p}:${c.i}`)?.set ?? new Set(), t));
  const notExcluded = <T extends { p: number; i: number }>(list: T[]) => {
    const left = excludedOnly.length ? list.filter((c) => !isExcluded(c)) : list;
    return left.length ? left : list;
  };
  const readable = notExcluded(admissible.size ? explained.filter((c) => admissible.has(c)) : explained);
  const candidates: Array<{ p: number; i: number; s: string; score: number }> = learned
    ? readable.map((c) => ({ p: c.p, i: c.i, s: c.s, score: (1 - blend) * Math.exp(c.learned - topLogit) + blend * Math.max(0, c.rule) / ruleMax }))
    : notExcluded(byRules.some((f) => holdsKinds(withNext(f))) ? byRules.filter((f) => holdsKinds(withNext(f))) : byRules).map((f) => ({ p: f.p, i: f.i, s: f.s, score: f.score }));
  const explain = options.explain ? { candidates: explained } : {};
  if (candidates.length === 0) return { text: '', used: [], support: 0, kindHeld: null, figuresHeld: true, answerProbability: learned ? 0 : null, ...explain };
  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  const chosen = ranked.filter((c) => c.score >= ranked[0].score * 0.5).slice(0, MAX_SENTENCES);
  // The sentence after the best one often completes it ("...takes 20 minutes. You need a hex key.").
  // A question in the text ("What is the temperature of the room?") is completed by the line after it ("Is it too hot or too cold?").
  // A line introducing what follows ("Digital signature from Okular here:") is completed by the short lines after it
  // (a name the layout set on two lines: "ONDŘEJ" / "MACHULDA").
  const introduces = endsWithColon(ranked[0].s);
  const next = (introduces ? valueAfter(pool[ranked[0].p].lines, ranked[0]) : undefined)
    ?? byRules.find((c) => c.p === ranked[0].p && c.i === ranked[0].i + 1)
    ?? ((isFragment(ranked[0].s) && !isField(ranked[0].s)) || isQuestion(ranked[0].s) ? nextLine(pool[ranked[0].p].lines, ranked[0]) : undefined);
  // A label line ("State Tax ID", "Amount Due") is completed by the short line after it (its value).
  const completes = next && (!isFragment(next.s) || ((isFragment(ranked[0].s) || introduces) && next.s.length <= 60));
  if (next && !chosen.some((c) => c.p === next.p && c.i === next.i) && completes) {
    // The value a line introduces is part of that line's statement: it does not take another sentence's place.
    if (chosen.length >= MAX_SENTENCES && !introduces) chosen.pop();
    chosen.push(next);
  }
  // A label is quoted with its value ("Customer" → "Customer: Bayside Wholesale").
  const isValue = (c: { p: number; i: number }) => pool[c.p].labels.has(c.i - 1) && chosen.some((x) => x.p === c.p && x.i === c.i - 1);
  for (const c of [...chosen]) {
    if ('joined' in c || !pool[c.p].labels.has(c.i) || isValue(c) || chosen.some((x) => x.p === c.p && x.i === c.i + 1)) continue;
    const value = nextLine(pool[c.p].lines, c);
    if (value) chosen.push(value);
  }
  // "What are the six ...?", "List the ...": the list the best line belongs to (or introduces) is quoted whole.
  const wanted = askedListSize(questionText);
  const items = wanted ? listAround(pool[ranked[0].p].lines, ranked[0].i, wanted) : null;
  if (items) chosen.splice(0, chosen.length, ...items.map((x) => ({ p: ranked[0].p, i: x.i, s: clip(x.s), score: 0 })));
  chosen.sort((a, b) => a.p - b.p || a.i - b.i);
  const numbers = new Map<number, number>();
  for (const c of chosen) if (!numbers.has(c.p)) numbers.set(c.p, numbers.size + 1);
  // The source number closes each run of sentences from one passage.
  const text = chosen.map((c, i) => {
    const after = chosen[i + 1];
    // A label and its value read as one line: "Amount Due: 273.13".
    if (after?.p === c.p && after.i === c.i + 1 && isLabel(c.s, after.s) && !isValue(c)) return `${c.s}:`;
    return after?.p === c.p ? closed(c.s) : `${closed(c.s)} [${numbers.get(c.p)}]`;
  }).join(' ');
  const used = [...numbers.entries()].map(([p, n]) => ({ n, passage: passages[p], quotes: chosen.filter((c) => c.p === p).map((c) => c.s) }));
  // Support: the question's terms (each weighted by rarity) found in the quote or its passage's title and heading,
  // judged per quoted passage (the evidence is in one place, not gathered word by word from unrelated files).
  // Words naming the document itself are not what is asked; a term elsewhere in the quoted passage counts half.
  const asked = (pool[0]?.terms ?? []).filter((t) => asks(t) && !excludedOnly.some((e) => e[0] === t[0]));
  const total = asked.reduce((n, t) => n + weight(t), 0);
  const support = Math.max(...[...numbers.keys()].map((p) => {
    const mine = chosen.filter((c) => c.p === p);
    const sets = [...mine.map((c) => pool[p].lines.find((x) => x.i === c.i)?.set ?? new Set<string>()), pool[p].label];
    const around = passageTermSet(passages[p].hit.chunk.text, passages[p].hit.chunk.language, variants[0]?.language ?? passages[p].hit.chunk.language);
    // The asked slot is filled when the quote holds that kind of answer ("which company" → "Intel Corporation", "the value of" → "4.3").
    const filled = (t: Term) => prefer.types.some((type) => mine.some((c) => holdsAnswerType(c.s, type)) && fillsSlot(t, type));
    const slot = (t: Term) => Math.max(0, ...mine.map((c) => slotCredit(t, c.s, qLang)));
    const found = asked.reduce((n, t) => n + (sets.some((set) => hasTerm(set, t)) || filled(t) ? weight(t)
      : Math.max(hasTerm(around, t) ? weight(t) / 2 : 0, weight(t) * slot(t))), 0);
    return total > 0 ? found / total : 0;
  }));
  // "How many / how much / what value" is not answered by a quote holding no figure and no count in words.
  // Not "when" ("at six in the morning") nor "how long" (a duration or a length): their answers take too many forms.
  // Counts written in words are recognised in English only (core/features/chat/answer-type.ts): other languages are not gated.
  const kindHeld = qLang !== 'en' || !prefer.types.includes('quantity') ? null : chosen.some((c) => holdsAnswerType(c.s, 'quantity'));
  // A figure of the question ("the 5th quarter", "the fifth series", "Firefox 3.5") missing from every quoted passage: they speak of another.
  const figures = asked.filter((t) => t.some((f) => /\d/.test(f)));
  // A thing the question names by its number ("Series 4") that a quoted passage numbers otherwise ("Series 1..3") is not there either.
  const things = figures.length ? numberedThings(questionText, qLang) : [];
  const figuresHeld = figures.every((t) => [...numbers.keys()].some((p) => hasTerm(passageTermSet(passages[p].hit.chunk.text, passages[p].hit.chunk.language, qLang), t)))
    && things.every((x) => [...numbers.keys()].some((p) => holdsNumbered(passages[p].hit.chunk.text, x, qLang)));
  let answerProbability: number | null = null;
  // "The support phone number", "the due date", "the e-mail": a quote holding neither the word nor such a value does not answer.
  const slotsHeld = asked.every((t) => !slotUnfilled(t, new Set(chosen.flatMap((c) => [...(pool[c.p].lines.find((x) => x.i === c.i)?.set ?? [])])), chosen.map((c) => c.s).join('\n'), qLang, asked));
  if (learned) {
    const top = explained.find((c) => c.p === ranked[0].p && c.i === ranked[0].i)!;
    const second = Math.max(top.learned - 10, ...explained.filter((c) => c !== top).map((c) => c.learned));
    const input = answerFeatures(top.features, top.learned, second, support, candidates.length);
    answerProbability = answerScore(input);
    if (options.explain) Object.assign(explain, { answerInput: input });
  }
  return { text, used, support, kindHeld, figuresHeld, slotsHeld, answerProbability, ...explain };
}

const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const MAX_LIST_ITEMS = 12;

/**
 * How many items a question asks to be listed: "what are the six ...", "which three ...", "name the 4 ...";
 * MAX_LIST_ITEMS for "list the ...", "what are all the ..."; null when it asks for no list.
 */
export function askedListSize(question: string): number | null {
  const q = question.toLowerCase();
  const n = /\b(?:what|which)\s+(?:are|were)\s+(?:the|its|their)?\s*(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|\b(?:which|name|list)\s+(?:the\s+)?(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/.exec(q);
  if (n) {
    const w = n[1] ?? n[2];
    const k = /^\d+$/.test(w) ? Number(w) : COUNTS[w];
    return k >= 2 && k <= MAX_LIST_ITEMS ? k : null;
  }
  return /\b(?:list (?:the|all)|what are all the|name all the|enumerate)\b/.test(q) ? MAX_LIST_ITEMS : null;
}

const BULLET = /^\s*(?:[•◦▪‣●○■□\-–—*]|\d{1,2}[.)]|[a-z][.)])\s+\S/u;
/** A line that reads as a list item: a bullet or number, or a short line without closing punctuation. */
const isItem = (s: string) => BULLET.test(s) || (s.length <= 100 && isFragment(s));

/**
 * The list line `i` is in, or the list right after it when it introduces one ("Features:"), at most `size`
 * items from the line found; null when there are fewer than two items.
 */
function listAround(lines: Array<{ i: number; s: string }>, i: number, size: number): Array<{ i: number; s: string }> | null {
  const at = lines.findIndex((x) => x.i === i);
  if (at < 0) return null;
  const intro = endsWithColon(lines[at].s);
  let first = intro ? at + 1 : at;
  if (!intro) while (first > 0 && lines[first - 1].i === lines[first].i - 1 && isItem(lines[first - 1].s) && !endsWithColon(lines[first - 1].s)) first--;
  const run: Array<{ i: number; s: string }> = [];
  for (let k = first; k < lines.length && run.length < size; k++) {
    if (k > first && lines[k].i !== lines[k - 1].i + 1) break;
    if (!isItem(lines[k].s)) break;
    run.push(lines[k]);
  }
  if (run.length < 2) return null;
  return intro ? [lines[at], ...run] : run;
}

/** A table row as extracted (core/features/ingest): two or more cells joined by " | ". */
const TABLE_ROW = /\S.*\s\|\s.*\S/;

/** The header row of the table line `i` belongs to (the first row of its run of rows), or null for the header itself or a non-row. */
function headerRowOf(lines: Array<{ i: number; s: string }>, i: number): string | null {
  const at = lines.findIndex((x) => x.i === i);
  if (at < 0 || !TABLE_ROW.test(lines[at].s)) return null;
  let first = at;
  while (first > 0 && lines[first - 1].i === lines[first].i - 1 && TABLE_ROW.test(lines[first - 1].s)) first--;
  return first === at ? null : lines[first].s;
}

/** "Year | Revenue" + "2009 | 296" → "Year: 2009, Revenue: 296"; rows of another width keep the header before them. */
function labelledRow(header: string, row: string): string {
  const hs = header.split('|').map((x) => x.trim());
  const rs = row.split('|').map((x) => x.trim());
  if (hs.length !== rs.length) return `${header} — ${row}`;
  return rs.map((v, k) => (hs[k] && v ? `${hs[k]}: ${v}` : v || '')).filter(Boolean).join(', ');
}

/** Words that name the answer of a number question ("the value of Category 1"): a figure fills them. */
const valueWords = termSet('value values valeur valor wert значение ערך', 'en');

/** The line after a chosen one even when it scored nothing (a label's value), as a candidate. */
function nextLine(list: Array<{ p: number; i: number; s: string }>, c: { p: number; i: number }) {
  const x = list.find((y) => y.i === c.i + 1);
  return x ? { p: x.p, i: x.i, s: clip(x.s), score: 0 } : undefined;
}

/** A form's field on one line: a short label, a colon, its value ("Tél : +33 2 50 01 14 20", "Datum: 2023-06-15"). */
const isField = (s: string) => /^[\p{L}\p{M}][\p{L}\p{M}\s'’.()/-]{0,30}?\s?[:：]\s*\S/u.test(s.trim());

/** A line ending with a colon: what it introduces follows. */
const endsWithColon = (s: string) => /[:：]$/u.test(s.trim());

/**
 * The value a line ending with a colon introduces: the short lines after it
 * (no colon of their own, at most three and 60 characters), as one candidate.
 */
function valueAfter(list: Array<{ p: number; i: number; s: string }>, c: { p: number; i: number }) {
  const parts: Array<{ p: number; i: number; s: string }> = [];
  for (let i = c.i + 1; parts.length < 3; i++) {
    const x = list.find((y) => y.i === i);
    if (!x || x.s.length > 40 || /:/.test(x.s) || !isFragment(x.s)) break;
    if ([...parts, x].reduce((n, y) => n + y.s.length + 1, 0) > 60) break;
    parts.push(x);
  }
  return parts.length ? { p: c.p, i: parts[parts.length - 1].i, s: clip(parts.map((x) => x.s).join(' ')), score: 0, joined: true } : undefined;
}

/** A form's label: a short line of words without figures or closing punctuation, with a short value line after it. */
function isLabel(s: string, next: string | undefined): boolean {
  return !!next && s.length <= 40 && next.length <= 60 && /\p{L}{2}/u.test(s) && /^[\p{L}\p{M}\s()'’&/.-]+$/u.test(s) && /[\p{L})]$/u.test(s)
    && isFragment(s) && isFragment(next) && !/:(?:\s|$)/.test(next);
}

/** A sentence asking a question (a questionnaire's item). */
const isQuestion = (s: string) => /[?？؟]["'”’)\]]?$/u.test(s.trim());

/** Text with no closing punctuation: a heading, a bullet or a table row. */
const isFragment = (s: string) => !/[.!?;:。！？؟…]["'”’)\]]?$/u.test(s.trim());

/** A heading or bullet quoted on its own gets a full stop, so quoted lines do not run together. */
const closed = (s: string) => (/[.!?;:。！？؟…]["'”’)\]]?$/u.test(s) ? s : `${s}${/[\u3000-\u9fff]$/u.test(s) ? '。' : '.'}`);

const clip = (s: string) => (s.length > MAX_SENTENCE_CHARS ? `${s.slice(0, MAX_SENTENCE_CHARS).trimEnd()}…` : s);
