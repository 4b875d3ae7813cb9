import type { QueryVariant, Passage } from './retrieve';
import { contentTerms, hasTerm, sentences, termSet } from './terms';

/**
 * The offline answerer: the sentences of the top passages that share the
 * most content terms with the question, in document order, each followed by
 * its source number. It quotes; it never composes, so it cannot follow
 * instructions found in a document, and it also drops sentences that read
 * as instructions to an AI (they are never an answer to a product question).
 */

const INJECTION = [
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|prompts?|rules|guidelines|directions)\b/i,
  /\b(system prompt|you are now|act as|pretend to be|jailbreak|developer mode)\b/i,
  /\b(reply|respond|answer|say|output)\b.{0,20}\b(only|exactly|with the word)\b/i,
  /התעלם\s+מ?(כל\s+)?ה?הוראות|הוראות\s+קודמות/,
  /تجاهل\s+(جميع\s+|كل\s+)?التعليمات/,
  /ignore[zr]?\s+(les\s+|toutes\s+les\s+)?instructions|ignora\s+(las\s+|todas\s+las\s+)?instrucciones|ignoriere\s+(alle\s+)?(vorherigen\s+)?anweisungen|игнорируй\s+(все\s+)?(предыдущие\s+)?инструкции/i,
];

export function looksLikeInjection(sentence: string): boolean {
  return INJECTION.some((re) => re.test(sentence));
}

const MAX_PASSAGES = 3;
const MAX_SENTENCES = 3;
const MAX_SENTENCE_CHARS = 400;

export interface ExtractiveResult {
  /** Sentences, each ending with its [n]. Empty when nothing matched. */
  text: string;
  /** The passages quoted, numbered as in the text. */
  used: Array<{ n: number; passage: Passage }>;
}

export function extractiveAnswer(passages: Passage[], variants: QueryVariant[]): ExtractiveResult {
  const candidates: Array<{ p: number; i: number; s: string; score: number }> = [];
  passages.slice(0, MAX_PASSAGES).forEach((passage, p) => {
    const lang = passage.hit.chunk.language;
    const same = variants.filter((v) => v.language === lang);
    const pool = same.length ? same : variants;
    const terms = pool.flatMap((v) => v.terms);
    const focus = pool.flatMap((v) => (v.focus === v.terms ? [] : v.focus));
    sentences(passage.hit.chunk.text).forEach((s, i) => {
      if (s.length < 12 || looksLikeInjection(s)) return;
      const set = termSet(s, lang);
      // A follow-up's own words weigh double: they say what is asked now.
      const matched = terms.filter((t) => hasTerm(set, t)).length + focus.filter((t) => hasTerm(set, t)).length;
      if (matched === 0) return;
      const size = Math.max(contentTerms(s, lang).length, 1);
      // Matches dominate; among equals prefer compact sentences and better-ranked passages.
      const score = matched + matched / Math.sqrt(size) - p * 0.25;
      candidates.push({ p, i, s: s.length > MAX_SENTENCE_CHARS ? `${s.slice(0, MAX_SENTENCE_CHARS).trimEnd()}…` : s, score });
    });
  });
  if (candidates.length === 0) return { text: '', used: [] };
  const top = Math.max(...candidates.map((c) => c.score));
  const chosen = candidates
    .filter((c) => c.score >= top * 0.5)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.p - b.p || a.i - b.i);
  const numbers = new Map<number, number>();
  for (const c of chosen) if (!numbers.has(c.p)) numbers.set(c.p, numbers.size + 1);
  // The source number closes each run of sentences from one passage.
  const text = chosen.map((c, i) => (chosen[i + 1]?.p === c.p ? c.s : `${c.s} [${numbers.get(c.p)}]`)).join(' ');
  const used = [...numbers.entries()].map(([p, n]) => ({ n, passage: passages[p] }));
  return { text, used };
}
