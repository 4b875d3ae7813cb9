import type { QueryVariant, Passage } from './plan-query';
import { answerPreference } from './answer-type';
import { suspicionOf } from './suspicious';
import { contentTerms, hasTerm, sentences, termSet, type Term } from '../text/terms';

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
const MAX_SENTENCES = 3;
const MAX_SENTENCE_CHARS = 400;

export interface ExtractiveResult {
  /** Sentences, each ending with its [n]. Empty when nothing matched. */
  text: string;
  /** The passages quoted, numbered as in the text. */
  used: Array<{ n: number; passage: Passage }>;
}

export interface ExtractiveOptions {
  /** True for a link found nowhere else in the catalog: sentences carrying one are not quoted. */
  unknownLink?: (url: string) => boolean;
}

/** The sentences of a passage that may be quoted (see suspicious.ts). */
export function quotableSentences(text: string, options: ExtractiveOptions = {}): Array<{ i: number; s: string }> {
  const all = sentences(text);
  const tainted = all.some((s) => suspicionOf(s) === 'injection');
  return all.map((s, i) => ({ i, s })).filter((x) => !suspicionOf(x.s, { unknownLink: options.unknownLink, taintedBlock: tainted }));
}

export function extractiveAnswer(passages: Passage[], variants: QueryVariant[], options: ExtractiveOptions = {}): ExtractiveResult {
  const pool = passages.slice(0, MAX_PASSAGES).map((passage, p) => {
    const lang = passage.hit.chunk.language;
    const same = variants.filter((v) => v.language === lang);
    const vs = same.length ? same : variants;
    const list = quotableSentences(passage.hit.chunk.text, options)
      .map(({ s, i }) => ({ p, i, s, set: termSet(s, lang) }))
      .filter((x) => x.s.length >= 12);
    return { terms: vs.flatMap((v) => v.terms), focus: vs.flatMap((v) => (v.focus === v.terms ? [] : v.focus)), list };
  });
  // Rarer terms say more: weight each question term by how few of the pooled sentences contain it.
  const all = pool.flatMap((x) => x.list);
  const weight = (t: Term) => Math.log(1 + all.length / Math.max(1, all.filter((x) => hasTerm(x.set, t)).length));
  const candidates: Array<{ p: number; i: number; s: string; score: number }> = [];
  // Who/when/how long: sentences holding a name, a date or a duration answer it (core/chat/answer-type.ts).
  const prefer = answerPreference(variants.map((v) => v.text).join(' '), pool.flatMap((x) => x.terms).map(weight));
  for (const { terms, focus, list } of pool) {
    for (const x of list) {
      // A follow-up's own words weigh double: they say what is asked now.
      const score = prefer.adjust(x.s, x.p, [...terms, ...focus].reduce((n, t) => n + (hasTerm(x.set, t) ? weight(t) : 0), 0));
      if (score === 0) continue;
      const compact = 1 / Math.sqrt(Math.max(contentTerms(x.s, 'und').length, 4) / 4);
      // Headings, bullets and table rows (no closing punctuation) count for less than whole sentences.
      const fragment = isFragment(x.s) ? 0.6 : 1;
      candidates.push({ p: x.p, i: x.i, s: clip(x.s), score: score * fragment * (0.75 + 0.25 * compact) - x.p * 0.1 });
    }
  }
  if (candidates.length === 0) return { text: '', used: [] };
  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  const chosen = ranked.filter((c) => c.score >= ranked[0].score * 0.5).slice(0, MAX_SENTENCES);
  // The sentence after the best one often completes it ("...takes 20 minutes. You need a hex key.").
  const next = candidates.find((c) => c.p === ranked[0].p && c.i === ranked[0].i + 1);
  if (next && !chosen.includes(next) && !isFragment(next.s)) {
    if (chosen.length >= MAX_SENTENCES) chosen.pop();
    chosen.push(next);
  }
  chosen.sort((a, b) => a.p - b.p || a.i - b.i);
  const numbers = new Map<number, number>();
  for (const c of chosen) if (!numbers.has(c.p)) numbers.set(c.p, numbers.size + 1);
  // The source number closes each run of sentences from one passage.
  const text = chosen.map((c, i) => (chosen[i + 1]?.p === c.p ? closed(c.s) : `${closed(c.s)} [${numbers.get(c.p)}]`)).join(' ');
  const used = [...numbers.entries()].map(([p, n]) => ({ n, passage: passages[p] }));
  return { text, used };
}

/** Text with no closing punctuation: a heading, a bullet or a table row. */
const isFragment = (s: string) => !/[.!?;:。！？؟…]["'”’)\]]?$/u.test(s.trim());

/** A heading or bullet quoted on its own gets a full stop, so quoted lines do not run together. */
const closed = (s: string) => (/[.!?;:。！？؟…]["'”’)\]]?$/u.test(s) ? s : `${s}${/[\u3000-\u9fff]$/u.test(s) ? '。' : '.'}`);

const clip = (s: string) => (s.length > MAX_SENTENCE_CHARS ? `${s.slice(0, MAX_SENTENCE_CHARS).trimEnd()}…` : s);
