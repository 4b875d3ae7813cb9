import type { QueryVariant, Passage } from './plan-query';
import { definitionSubject } from './answer-type';
import { answerFeatures, answerScore, readerByDefault, readerTrained } from './reader';
import type { ExplainedCandidate, ExtractiveOptions, ExtractiveResult } from './extractive-types';
import { readPool } from './extractive-pool';
import { readQuestion } from './extractive-question';
import { rankCandidates, readCandidates, scoreFacts } from './extractive-score';
import { askedTerms, chooseQuote, heldChecks, quoteText, supportOf } from './extractive-quote';

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
export { quotableSentences } from './extractive-pool';
export { askedListSize } from './extractive-lines';
export type { ExplainedCandidate, ExtractiveOptions, ExtractiveResult } from './extractive-types';

const MAX_PASSAGES = 3;
/** Definition questions look further for the sentence that defines their subject. */
const MAX_DEFINITION_PASSAGES = 8;

export function extractiveAnswer(passages: Passage[], variants: QueryVariant[], options: ExtractiveOptions = {}): ExtractiveResult {
  // "What is X?": a sentence defining X ("A trace is ...") answers it, wherever it is among the relevant passages.
  const subject = variants.map((v) => definitionSubject(v.text)).find((x) => x) ?? null;
  const pool = readPool(passages, variants, subject ? MAX_DEFINITION_PASSAGES : MAX_PASSAGES, options);
  const q = readQuestion(passages, variants, pool);
  const facts = scoreFacts(pool, q, subject);
  // The hand-set scoring's candidates: sentences sharing something with the question.
  const byRules = facts.filter((f) => !f.zero);
  const trained = readerTrained || !!options.selectWeights;
  const learned = trained && (options.reader ?? (readerByDefault || options.selectWeights ? 'learned' : 'rules')) === 'learned';
  const read = learned || options.explain
    ? readCandidates(pool, passages, facts, byRules, q, options, trained)
    : { explained: [] as ExplainedCandidate[], admissible: new Set<ExplainedCandidate>() };
  const { explained } = read;
  const candidates = rankCandidates(pool, facts, byRules, read, q, options, learned);
  const explain = options.explain ? { candidates: explained } : {};
  if (candidates.length === 0) return { text: '', used: [], support: 0, kindHeld: null, figuresHeld: true, answerProbability: learned ? 0 : null, ...explain };
  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  const chosen = chooseQuote(ranked, pool, byRules, q.text);
  const { text, numbers, used } = quoteText(chosen, pool, passages);
  const asked = askedTerms(pool, q);
  const support = supportOf(chosen, numbers, pool, passages, variants, q, asked);
  const { kindHeld, figuresHeld, slotsHeld } = heldChecks(chosen, numbers, pool, passages, q, asked);
  let answerProbability: number | null = null;
  if (learned) {
    const top = explained.find((c) => c.p === ranked[0].p && c.i === ranked[0].i)!;
    const second = Math.max(top.learned - 10, ...explained.filter((c) => c !== top).map((c) => c.learned));
    const input = answerFeatures(top.features, top.learned, second, support, candidates.length);
    answerProbability = answerScore(input);
    if (options.explain) Object.assign(explain, { answerInput: input });
  }
  return { text, used, support, kindHeld, figuresHeld, slotsHeld, answerProbability, ...explain };
}
