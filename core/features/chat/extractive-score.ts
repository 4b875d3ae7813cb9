import type { Passage } from './plan-query';
import { definesSubject, holdsAnswerType, trailingMarker } from './answer-type';
import { contentTerms, hasTerm, passageTermSet, words, type Term } from '../../foundation/text/terms';
import { slotCredit, slotUnfilled } from '../../foundation/text/question-frame';
import { READER_BLEND, questionNumbers, readerFeatures, selectScore, type ReaderTerm } from './reader';
import type { ExplainedCandidate, ExtractiveOptions } from './extractive-types';
import { withNext, type PooledPassage } from './extractive-pool';
import type { AskedQuestion } from './extractive-question';
import { clip, isField, isFragment } from './extractive-lines';

/**
 * The offline answerer's scoring (extractive.ts): every pooled sentence scored by the hand-set rules, then (with
 * the learned reader) by the selection model, and the candidates ranked.
 */

/** A pooled sentence with its rules' score (`read`: with a form label's value). */
export type Fact = {
  p: number; i: number; s: string; read: string; score: number; zero: boolean; set: ReadonlySet<string>;
  fragment: boolean; field: boolean; definition: boolean; count: number;
};

/** A sentence that may be quoted, with its ranking score. */
export type Candidate = { p: number; i: number; s: string; score: number };

/** Every pooled sentence (a sentence in two passages once) with its rules' score. */
export function scoreFacts(pool: PooledPassage[], q: AskedQuestion, subject: string | null): Fact[] {
  const { weight, asks, excluded, kept, isCategory, exact, marks, prefer, unit } = q;
  const facts: Fact[] = [];
  const seen = new Set<string>();
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
        if (!hasTerm(x.set, t)) return n + weight(t) * slotCredit(t, x.s, q.lang);
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
  return facts;
}

/**
 * The learned reader (core/features/chat/reader.ts) scores every sentence read, the rules' score being one of its
 * features; `admissible`: the candidates that can answer at all (the learned ranking chooses among them when any
 * can): those holding the kind of value asked for when the question names one (a phone number, an e-mail, a web
 * address, a date; in English a figure or a count for "how many / how much"). (Requiring a quote to add words to
 * the question's own was measured too: it lost 4 questions on the development sets, whose test files often answer
 * in its words.)
 */
export function readCandidates(
  pool: PooledPassage[], passages: Passage[], facts: Fact[], byRules: Fact[], q: AskedQuestion, options: ExtractiveOptions, trained: boolean,
): { explained: ExplainedCandidate[]; admissible: Set<ExplainedCandidate> } {
  const { weight, asks, excluded, kept, surface, prefer } = q;
  const qLang = q.lang;
  const explained: ExplainedCandidate[] = [];
  const admissible = new Set<ExplainedCandidate>();
  const askedAll = (pool[0]?.terms ?? []).filter(asks);
  const wantsQuantity = qLang === 'en' && prefer.types.includes('quantity');
  // "Which university / company": a line naming an organisation ("University of California, Irvine+"), not the author list.
  const wantsOrganization = prefer.types.includes('organization');
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
  const numbers = questionNumbers(q.text, qLang);
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
      && (!wantsOrganization || holdsAnswerType(f.read, 'organization')) && q.holdsKinds(withNext(pool, f))) admissible.add(candidate);
  }
  return { explained, admissible };
}

/**
 * The candidates and their ranking scores. Learned scores are compared as the selection model's softmax over the
 * candidates (the best is 1), blended with the rules' score relative to their best (READER_BLEND: 0 = the learned
 * reader alone; chosen on the development question sets by scripts/reader-threshold.ts).
 */
export function rankCandidates(
  pool: PooledPassage[], facts: Fact[], byRules: Fact[], read: { explained: ExplainedCandidate[]; admissible: Set<ExplainedCandidate> },
  q: AskedQuestion, options: ExtractiveOptions, learned: boolean,
): Candidate[] {
  const { explained, admissible } = read;
  const topLogit = Math.max(...explained.map((c) => c.learned));
  const blend = options.blend ?? READER_BLEND;
  const ruleMax = Math.max(1e-9, ...explained.map((c) => c.rule));
  // "Besides the core font and the TrueType Unicode one, which font type ...?": a sentence naming one of the
  // excluded things is not the answer while another candidate is left.
  const { excludedOnly, holdsKinds } = q;
  const factAt = new Map(facts.map((f) => [`${f.p}:${f.i}`, f]));
  const isExcluded = (c: { p: number; i: number }) => excludedOnly.some((t: Term) => hasTerm(factAt.get(`${c.p}:${c.i}`)?.set ?? new Set(), t));
  const notExcluded = <T extends { p: number; i: number }>(list: T[]) => {
    const left = excludedOnly.length ? list.filter((c) => !isExcluded(c)) : list;
    return left.length ? left : list;
  };
  const readable = notExcluded(admissible.size ? explained.filter((c) => admissible.has(c)) : explained);
  return learned
    ? readable.map((c) => ({ p: c.p, i: c.i, s: c.s, score: (1 - blend) * Math.exp(c.learned - topLogit) + blend * Math.max(0, c.rule) / ruleMax }))
    : notExcluded(byRules.some((f) => holdsKinds(withNext(pool, f))) ? byRules.filter((f) => holdsKinds(withNext(pool, f))) : byRules).map((f) => ({ p: f.p, i: f.i, s: f.s, score: f.score }));
}
