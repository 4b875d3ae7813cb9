import type { QueryVariant, Passage } from './plan-query';
import { answerPreference, definesSubject, definitionSubject } from './answer-type';
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
/** Definition questions look further for the sentence that defines their subject. */
const MAX_DEFINITION_PASSAGES = 8;
const MAX_SENTENCES = 2;
const MAX_SENTENCE_CHARS = 400;

export interface ExtractiveResult {
  /** Sentences, each ending with its [n]. Empty when nothing matched. */
  text: string;
  /** The passages quoted, numbered as in the text. */
  used: Array<{ n: number; passage: Passage }>;
  /**
   * Evidence that the quote answers the question, 0..1: the share of the
   * question's content terms (weighted by rarity, a term no sentence holds
   * weighing most) found in the quoted sentences or their passage's title
   * and heading. Low support means "not found".
   */
  support: number;
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
  // "What is X?": a sentence defining X ("A trace is ...") answers it, wherever it is among the relevant passages.
  const subject = variants.map((v) => definitionSubject(v.text)).find((x) => x) ?? null;
  const pool = passages.slice(0, subject ? MAX_DEFINITION_PASSAGES : MAX_PASSAGES).map((passage, p) => {
    const lang = passage.hit.chunk.language;
    const same = variants.filter((v) => v.language === lang);
    const vs = same.length ? same : variants;
    const lines = quotableSentences(passage.hit.chunk.text, options).map(({ s, i }) => ({ p, i, s, set: termSet(s, lang) }));
    const list = lines.filter((x) => x.s.length >= 12);
    const label = termSet(`${passage.hit.chunk.title}\n${passage.hit.chunk.heading ?? ''}`, lang);
    return { terms: vs.flatMap((v) => v.terms), focus: vs.flatMap((v) => (v.focus === v.terms ? [] : v.focus)), list, lines, label };
  });
  // Rarer terms say more: weight each question term by how few of the pooled sentences contain it.
  const all = pool.flatMap((x) => x.list);
  const weight = (t: Term) => Math.log(1 + all.length / Math.max(1, all.filter((x) => hasTerm(x.set, t)).length));
  const candidates: Array<{ p: number; i: number; s: string; score: number }> = [];
  // Who/when/how long: sentences holding a name, a date or a duration answer it (core/chat/answer-type.ts).
  const prefer = answerPreference(variants.map((v) => v.text).join(' '), pool.flatMap((x) => x.terms).map(weight));
  const unit = pool.length ? pool[0].terms.reduce((n, t) => n + weight(t), 0) / Math.max(1, pool[0].terms.length) : 1;
  const seen = new Set<string>();
  // Words naming the document itself ("the slide", "the sleep study") say which file, not which sentence.
  const meta = termSet(DOCUMENT_WORDS, passages[0]?.hit.chunk.language ?? 'en');
  const asks = (t: Term) => !hasTerm(meta, t);
  for (const { terms, focus, list } of pool) {
    for (const x of list) {
      // The same sentence in two passages (overlap, a copy of a page) is quoted once.
      const key = x.s.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) continue;
      seen.add(key);
      // A follow-up's own words weigh double: they say what is asked now.
      let score = prefer.adjust(x.s, x.p, [...terms, ...focus].reduce((n, t) => n + (asks(t) && hasTerm(x.set, t) ? weight(t) : 0), 0));
      if (subject && score > 0 && definesSubject(x.s, subject)) score += 2 * unit;
      if (score === 0) continue;
      const compact = 1 / Math.sqrt(Math.max(contentTerms(x.s, 'und').length, 4) / 4);
      // Headings, bullets and table rows (no closing punctuation) count for less than whole sentences.
      const fragment = isFragment(x.s) ? 0.6 : 1;
      candidates.push({ p: x.p, i: x.i, s: clip(x.s), score: score * fragment * (0.75 + 0.25 * compact) - x.p * 0.1 });
    }
  }
  if (candidates.length === 0) return { text: '', used: [], support: 0 };
  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  const chosen = ranked.filter((c) => c.score >= ranked[0].score * 0.5).slice(0, MAX_SENTENCES);
  // The sentence after the best one often completes it ("...takes 20 minutes. You need a hex key.").
  const next = candidates.find((c) => c.p === ranked[0].p && c.i === ranked[0].i + 1)
    ?? (isFragment(ranked[0].s) ? nextLine(pool[ranked[0].p].lines, ranked[0]) : undefined);
  // A label line ("State Tax ID", "Amount Due") is completed by the short line after it (its value).
  const completes = next && (!isFragment(next.s) || (isFragment(ranked[0].s) && next.s.length <= 60));
  if (next && !chosen.some((c) => c.p === next.p && c.i === next.i) && completes) {
    if (chosen.length >= MAX_SENTENCES) chosen.pop();
    chosen.push(next);
  }
  chosen.sort((a, b) => a.p - b.p || a.i - b.i);
  const numbers = new Map<number, number>();
  for (const c of chosen) if (!numbers.has(c.p)) numbers.set(c.p, numbers.size + 1);
  // The source number closes each run of sentences from one passage.
  const text = chosen.map((c, i) => (chosen[i + 1]?.p === c.p ? closed(c.s) : `${closed(c.s)} [${numbers.get(c.p)}]`)).join(' ');
  const used = [...numbers.entries()].map(([p, n]) => ({ n, passage: passages[p] }));
  // Support: the question's terms (each weighted by rarity) found in the quote or its passages' titles and headings.
  const quoted = chosen.map((c) => pool[c.p].lines.find((x) => x.i === c.i)?.set ?? new Set<string>());
  const labels = [...numbers.keys()].map((p) => pool[p].label);
  // Words naming the document itself are not what is asked; a term elsewhere in a quoted passage counts half.
  const asked = (pool[0]?.terms ?? []).filter(asks);
  const around = [...numbers.keys()].map((p) => termSet(passages[p].hit.chunk.text, passages[p].hit.chunk.language));
  const total = asked.reduce((n, t) => n + weight(t), 0);
  const found = asked.reduce((n, t) => n + ([...quoted, ...labels].some((set) => hasTerm(set, t)) ? weight(t) : around.some((set) => hasTerm(set, t)) ? weight(t) / 2 : 0), 0);
  return { text, used, support: total > 0 ? found / total : 0 };
}

/** Words that name a document or a part of it, in the product's main languages. */
const DOCUMENT_WORDS = [
  'page pages slide slides deck presentation presentations document documents file files paper study studies chart charts example examples',
  'section sections paragraph paragraphs text texts table tables figure figures manual guide brochure',
  'עמוד עמודים שקף שקופיות מצגת מסמך מסמכים קובץ מאמר טבלה פרק סעיף',
  'page diapositive document fichier página diapositiva documento archivo seite folie dokument datei страница слайд документ файл',
].join(' ');

/** The line after a chosen one even when it scored nothing (a label's value), as a candidate. */
function nextLine(list: Array<{ p: number; i: number; s: string }>, c: { p: number; i: number }) {
  const x = list.find((y) => y.i === c.i + 1);
  return x ? { p: x.p, i: x.i, s: clip(x.s), score: 0 } : undefined;
}

/** Text with no closing punctuation: a heading, a bullet or a table row. */
const isFragment = (s: string) => !/[.!?;:。！？؟…]["'”’)\]]?$/u.test(s.trim());

/** A heading or bullet quoted on its own gets a full stop, so quoted lines do not run together. */
const closed = (s: string) => (/[.!?;:。！？؟…]["'”’)\]]?$/u.test(s) ? s : `${s}${/[\u3000-\u9fff]$/u.test(s) ? '。' : '.'}`);

const clip = (s: string) => (s.length > MAX_SENTENCE_CHARS ? `${s.slice(0, MAX_SENTENCE_CHARS).trimEnd()}…` : s);
