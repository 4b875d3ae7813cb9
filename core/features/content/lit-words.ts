/**
 * Which words the source viewer (./viewer.ts) lights for a quote: on a PDF
 * page (boxes over the words, from `pdftotext -bbox-layout`), in a text
 * (marks as offsets), in a slide's shapes, and the paragraph that holds
 * most of them.
 */
import { detectLanguage } from '../../foundation/text/language';
import { contentTerms, formsOf, hasTerm, words as foldedWords, type Term } from '../../foundation/text/terms';
import { decodeEntities } from '../../foundation/tools/tidy';
import type { ViewerBox } from '../../foundation/types';

/** One word of a PDF page with its box in points (pdftotext -bbox-layout). */
export interface PageWord { text: string; x0: number; y0: number; x1: number; y1: number; line: number }
export interface PageWords { width: number; height: number; words: PageWord[] }

/** The words of one page from `pdftotext -bbox-layout` output, in reading order, each with its line's number. */
export function parsePageWords(html: string): PageWords {
  const page = /<page width="([\d.]+)" height="([\d.]+)"/.exec(html);
  const words: PageWord[] = [];
  let line = 0;
  for (const l of html.matchAll(/<line[^>]*>([\s\S]*?)<\/line>/g)) {
    for (const w of (l[1] ?? '').matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/word>/g)) {
      words.push({ text: decodeEntities(w[5] ?? ''), x0: Number(w[1]), y0: Number(w[2]), x1: Number(w[3]), y1: Number(w[4]), line });
    }
    line++;
  }
  return { width: Number(page?.[1] ?? 0), height: Number(page?.[2] ?? 0), words };
}

/** The quoted words as terms (function words dropped), in the language of the quote. */
export function quotedTerms(q: string): { terms: Term[]; lang: string } {
  const lang = detectLanguage(q);
  const language = lang === 'und' ? 'en' : lang;
  return { terms: contentTerms(q, language), lang: language };
}

/** The index of the quoted term a word of the page (or text) is, or -1. */
function quotedTerm(word: string, terms: Term[], lang: string): number {
  const [w] = foldedWords(word);
  if (!w || (w.length < 2 && !/\d/.test(w))) return -1;
  const forms = new Set(formsOf(w, lang));
  return terms.findIndex((t) => hasTerm(forms, t));
}

/** Non-quoted words a lit phrase may hold between two quoted ones ("the", "of the", a changed word). */
const PHRASE_GAP = 3;

/**
 * Which words of a sequence the quote lights: with a quote of several words,
 * the densest run of quoted words (gaps of up to PHRASE_GAP other words lit
 * with it, the phrase as a reader sees it; a term met again in the run is
 * not the quote going on) when it holds enough of them; otherwise every
 * quoted word.
 */
export function litWords(words: string[], q: string): boolean[] {
  const { terms, lang } = quotedTerms(q);
  const term = words.map((w) => (terms.length > 0 ? quotedTerm(w, terms, lang) : -1));
  const hit = term.map((k) => k >= 0);
  if (terms.length < 4) return hit;
  let best: { from: number; to: number; n: number } | null = null;
  let from = -1;
  let last = -1;
  let used = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const k = term[i];
    if (k < 0) continue;
    if (from >= 0 && i - last - 1 <= PHRASE_GAP && used.has(k)) continue;
    if (from < 0 || i - last - 1 > PHRASE_GAP) { from = i; used = new Set(); }
    last = i;
    used.add(k);
    if (!best || used.size > best.n) best = { from, to: last, n: used.size };
  }
  if (!best || best.n < Math.max(3, Math.ceil(terms.length * 0.4))) return hit;
  // A first word whose term the run meets again is a neighbour of the quote, not its start ("type ... traditional ... type").
  let { from: a } = best;
  const inRun = (k: number, after: number) => term.slice(after + 1, best!.to + 1).includes(k);
  while (a < best.to && inRun(term[a], a)) {
    a++;
    while (a < best.to && term[a] < 0) a++;
  }
  return words.map((_, i) => i >= a && i <= best!.to);
}

/** Boxes over the lit words, one per run of lit words on a line, as fractions of the page. */
export function highlightBoxes(page: PageWords, q: string): ViewerBox[] {
  if (!page.width || !page.height || !q.trim()) return [];
  const lit = litWords(page.words.map((w) => w.text), q);
  const boxes: ViewerBox[] = [];
  let run: PageWord[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const x0 = Math.min(...run.map((w) => w.x0));
    const y0 = Math.min(...run.map((w) => w.y0));
    const x1 = Math.max(...run.map((w) => w.x1));
    const y1 = Math.max(...run.map((w) => w.y1));
    const r = (v: number) => Math.round(v * 10000) / 10000;
    boxes.push({ x: r(x0 / page.width), y: r(y0 / page.height), w: r((x1 - x0) / page.width), h: r((y1 - y0) / page.height) });
    run = [];
  };
  page.words.forEach((w, i) => {
    if (!lit[i] || (run.length > 0 && run[run.length - 1].line !== w.line)) flush();
    if (lit[i]) run.push(w);
  });
  flush();
  return boxes;
}

export const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

/** [start, end) offsets of the lit words of a text. */
export function litMarks(text: string, q: string): Array<[number, number]> {
  const found = [...text.matchAll(WORD)];
  const lit = litWords(found.map((m) => m[0]), q);
  const marks: Array<[number, number]> = [];
  found.forEach((m, i) => {
    if (!lit[i]) return;
    const start = m.index!;
    const end = start + m[0].length;
    const prev = marks[marks.length - 1];
    // Words lit as one phrase are one mark (the spaces between them too).
    if (prev && i > 0 && lit[i - 1] && /^\s*$/.test(text.slice(prev[1], start))) prev[1] = end;
    else marks.push([start, end]);
  });
  return marks;
}

/** The paragraph of `texts` holding the most quoted words (the first one when nothing matches), with its marks. */
export function bestParagraph(texts: string[], q: string): { text: string; marks: Array<[number, number]> } {
  // Paragraphs: blank-line separated (a PDF's wrapped lines are one paragraph, read as one).
  const paragraphs = texts.flatMap((t) => t.split(/\n\s*\n/)).map((p) => p.replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean);
  let best = { text: paragraphs[0] ?? '', marks: [] as Array<[number, number]>, n: 0 };
  if (q.trim()) {
    for (const p of paragraphs) {
      const marks = litMarks(p, q);
      const n = marks.reduce((s, [a, b]) => s + (b - a), 0);
      if (n > best.n) best = { text: p, marks, n };
    }
  }
  return around(best.text, best.marks);
}

/** Longest passage shown as text: a long paragraph is cut to the sentences around its marks. */
const PASSAGE_CHARS = 700;

function around(text: string, marks: Array<[number, number]>): { text: string; marks: Array<[number, number]> } {
  if (text.length <= PASSAGE_CHARS) return { text, marks };
  const first = marks[0]?.[0] ?? 0;
  const last = Math.min(marks[marks.length - 1]?.[1] ?? 0, first + PASSAGE_CHARS);
  const before = text.slice(Math.max(0, first - 200), first);
  const cutStart = /[.!?]\s+(?=\S[^.!?]*$)/.exec(before);
  let start = cutStart ? first - before.length + cutStart.index + cutStart[0].length : Math.max(0, first - 200);
  if (first - 200 <= 0 && !cutStart) start = 0;
  const afterText = text.slice(last, last + 200);
  const cutEnd = /[.!?](?=\s|$)/.exec(afterText);
  const end = cutEnd ? last + cutEnd.index + 1 : Math.min(text.length, last + 200);
  const part = text.slice(start, end);
  const kept = marks.filter(([a, b]) => a >= start && b <= end).map(([a, b]): [number, number] => [a - start, b - start]);
  return { text: `${start > 0 ? '…' : ''}${part}${end < text.length ? '…' : ''}`, marks: start > 0 ? kept.map(([a, b]) => [a + 1, b + 1]) : kept };
}
