/**
 * The source viewer (issue 38.1): what the web app's /view page needs to
 * open a cited place with the quoted words lit. A PDF page is its render
 * (core/features/content/page-render.ts) with boxes over the quoted words, found in
 * the page's word boxes (`pdftotext -bbox-layout`, run through the confined
 * tool runner, kept per item version and page); a slide is its picture with
 * the slide's text; a DOCX is the paragraph that holds the words; a video
 * is the file at the time with the cue's text. Every answer also carries the
 * quoted passage as text with the quoted words marked (screen readers, and
 * pages without a text layer).
 *
 * The same visibility rule as every public read (core/features/governance/visibility.ts):
 * anonymously, an item that is not public answers not_found with the words
 * of an item that does not exist.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Catalog } from '../../engines/catalog/types';
import { AppError } from '../../foundation/errors';
import { isPublic } from '../governance/visibility';
import { loadExtractedText } from '../../engines/records/stored-text';
import { publicUrlForKey } from '../../engines/storage/layout';
import type { ObjectStore } from '../../engines/storage/types';
import { detectLanguage } from '../../foundation/text/language';
import { contentTerms, formsOf, hasTerm, words as foldedWords, type Term } from '../../foundation/text/terms';
import { decodeEntities } from '../../foundation/tools/tidy';
import { runTool } from '../../foundation/tools/exec';
import type { ContentType, ViewerBox, ViewerData } from '../../foundation/types';
import { loadTranscript } from '../video/transcript-store';
import { canRenderPage, pageRenderUrl } from './page-render';
import { placedShapes, shapeBoxes } from './slide-boxes';

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

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

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

export interface ViewerQuery { page?: number; slide?: number; t?: number; q?: string }

export interface ViewerDeps { catalog: Catalog; store: ObjectStore; tmpDir?: string; now?: () => Date }

const CACHE_MAX = 200;

/** The viewer of every item: `open` answers what the /view page shows (see the file comment). */
export function createViewer(deps: ViewerDeps) {
  const now = deps.now ?? (() => new Date());
  /** Word boxes per document version and page, shapes per deck version and slide (each file read once for each). */
  const cache = new Map<string, Promise<unknown>>();

  function cached<T>(key: string, make: () => Promise<T>): Promise<T> {
    let p = cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      cache.set(key, p);
      p.catch(() => cache.delete(key));
      if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
    }
    return p;
  }

  /** Runs `read` on a copy of a stored file in a private folder, removed afterwards. */
  async function withFile<T>(fileKey: string, name: string, read: (file: string, dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(deps.tmpDir ?? os.tmpdir(), 'viewer-'));
    try {
      const file = path.join(dir, name);
      const obj = await deps.store.get(fileKey);
      await pipeline(obj.body, createWriteStream(file));
      return await read(file, dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  const readPageWords = (docId: number, fileKey: string, version: string, page: number) => cached(`d:${docId}:${version}:${page}`, () =>
    withFile(fileKey, 'original.pdf', async (pdf, dir) => {
      const r = await runTool('pdftotext', ['-f', String(page), '-l', String(page), '-bbox-layout', pdf, '-'], {
        timeoutMs: 30_000, maxStdoutBytes: 16 * 1024 * 1024, confineTo: [dir], inputFile: pdf,
      });
      return parsePageWords(r.stdout.toString('utf8'));
    }));

  const readSlideShapes = (deckId: number, fileKey: string, version: string, slide: number) => cached(`p:${deckId}:${version}:${slide}`, () =>
    withFile(fileKey, 'original.pptx', (file) => placedShapes(file, slide)));

  async function open(type: ContentType, id: number, query: ViewerQuery, options: { public: boolean }): Promise<ViewerData> {
    const item = await deps.catalog.items(type).get(id);
    // A hidden item answers exactly as one that does not exist.
    if (!item || (options.public && !isPublic(item, now()))) throw new AppError('not_found', `No ${type} ${id}`);
    const q = (query.q ?? '').slice(0, 1000);
    const fileUrl = 'originalFilePath' in item && item.originalFilePath ? item.originalFilePath : item.fileKey ? publicUrlForKey(item.fileKey) : null;
    const base: ViewerData = {
      itemType: type, itemId: id, title: ('label' in item ? item.label : item.title) || item.fileName, fileUrl, page: null, pageCount: null, slide: null,
      image: null, boxes: [], text: '', marks: [], video: null,
    };
    if (type === 'video') {
      const time = Math.max(0, query.t ?? 0);
      const stored = await loadTranscript(deps.store, id).catch(() => null);
      const segments = stored?.transcript.segments ?? [];
      const cue = segments.find((s) => s.start <= time && time < s.end) ?? segments.find((s) => s.start >= time) ?? null;
      const text = cue?.text.trim() ?? '';
      return { ...base, text, marks: litMarks(text, q), video: { url: fileUrl ?? '', time, start: cue?.start ?? null, end: cue?.end ?? null } };
    }
    const stored = await loadExtractedText(deps.store, type, id).catch(() => null);
    const sections = stored?.sections ?? [];
    if (type === 'presentation') {
      const slide = query.slide ?? 1;
      const own = sections.filter((s) => s.slide === slide);
      const text = own.map((s) => [s.heading, s.text].filter(Boolean).join('\n')).join('\n').trim();
      const pictures = await deps.catalog.presentationImages.list({ where: { presentationId: id, slide } });
      const render = pictures.find((p) => p.kind === 'slide');
      const count = Math.max(0, ...sections.map((s) => s.slide ?? 0));
      const out: ViewerData = { ...base, slide, pageCount: count || null, image: render?.image ?? null, text, marks: litMarks(text, q) };
      const deck = item as { fileKey?: string; updatedAt?: string };
      // The quoted words boxed on the slide's picture, where the shape that holds them sits.
      if (out.image && q.trim() && deck.fileKey && /\.pptx$/i.test(deck.fileKey)) {
        const placed = await readSlideShapes(id, deck.fileKey, deck.updatedAt ?? '', slide).catch(() => null);
        if (placed) out.boxes = shapeBoxes(placed, (w) => litWords(w, q), (t) => [...t.matchAll(WORD)].map((m) => m[0]));
      }
      return out;
    }
    // A document: a PDF page (its picture and the boxes of the quoted words), else the paragraph that holds them.
    const doc = item as { pageCount?: number | null; fileKey: string; updatedAt?: string };
    const page = query.page ?? null;
    const onPage = page != null ? sections.filter((s) => s.page === page) : sections;
    const passage = bestParagraph(onPage.map((s) => s.text), q);
    const out: ViewerData = { ...base, page, pageCount: doc.pageCount ?? null, ...passage };
    if (page != null && await canRenderPage(deps.catalog, id, page)) {
      out.image = pageRenderUrl(id, page);
      if (q.trim()) {
        const words = await readPageWords(id, doc.fileKey, doc.updatedAt ?? '', page).catch(() => null);
        if (words) out.boxes = highlightBoxes(words, q);
      }
    }
    return out;
  }

  return { open };
}
