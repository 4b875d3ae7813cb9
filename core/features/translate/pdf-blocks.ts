/**
 * Where the text of a PDF is: text blocks with their boxes from poppler's
 * `pdftotext -bbox-layout -cropbox` (points, top-left origin, crop box; the
 * page's size it reports is not turned by /Rotate, its words are), and for
 * scanned pages (no text, an image) the blocks tesseract reads from a
 * rendered page.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from '../../foundation/tools/exec';
import { renderPdfPage } from '../../foundation/tools/render';
import { usableOcrLanguages } from '../../foundation/tools/ocr';
import { decodeEntities } from '../../foundation/tools/tidy';
import { wholeWords } from '../../foundation/text/words';
import { escapeLiterals } from '../../foundation/tools/inline-tags';
import { looksLikeCode } from './keep';
import { isVertical, mergeInsetLines, paragraphRuns, type BlockLine, type PdfLine } from './pdf-runs';
import type { TranslationLanguage } from '../../foundation/types';

export interface PdfBlock {
  /** 1-based page. */
  page: number;
  x: number; y: number; w: number; h: number;
  /** Estimated font size in points. */
  size: number;
  text: string;
  /** Read by OCR from a scanned page (the original pixels must be covered). */
  ocr: boolean;
  /** Its visual lines (words on one baseline joined), for text drawn line by line as it was (code). */
  lines?: PdfLine[];
  /** A code listing: kept as it is, line by line. */
  keep?: 'code';
  /** Its words, line by line as pdftotext read them (a link is placed on the words it covers). */
  words?: PdfLine[][];
  /** One line the source placed on its own (a form's line item, a cell, a label): drawn on one line in its box, never reflowed. */
  single?: boolean;
  /** Its line runs up or down the page (a vertical label): drawn turned, as one line. */
  vertical?: boolean;
}

export type { PdfLine } from './pdf-runs';

/** Lines that share a baseline band (a listing's line number and its code) become one line, left to right. */
export function visualLines(lines: PdfLine[]): PdfLine[] {
  const rows: PdfLine[][] = [];
  for (const l of [...lines].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const mid = l.y + l.h / 2;
    const row = rows.find((r) => r.some((o) => mid > o.y && mid < o.y + o.h));
    if (row) row.push(l); else rows.push([l]);
  }
  return rows.map((r) => {
    r.sort((a, b) => a.x - b.x);
    const x = Math.min(...r.map((l) => l.x));
    const y = Math.min(...r.map((l) => l.y));
    return { x, y, w: Math.max(...r.map((l) => l.x + l.w)) - x, h: Math.max(...r.map((l) => l.y + l.h)) - y, text: r.map((l) => l.text).join(' ') };
  });
}

export interface PdfPageInfo { width: number; height: number }

const num = (attrs: string, name: string) => Number(new RegExp(`${name}="([\\d.\\-]+)"`).exec(attrs)?.[1] ?? 0);
// pdftotext wraps right-to-left words in bidi controls.
const clean = (s: string) => decodeEntities(s).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/**
 * Joins a block's lines into one paragraph: a word hyphenated at a line end
 * is one word again (core/foundation/text/words, shared with ingest), unless `context`
 * (the whole document) writes it with its hyphen elsewhere; a compound
 * broken after its hyphen ("Smart-/Hub") is one compound again.
 */
export function joinLines(lines: string[], context?: string): string {
  const text = lines.map((x) => x.trim()).filter(Boolean).join('\n');
  // A hyphen at a line end before a capital or a digit belongs to the word ("Smart-/Hub", "12-/14"): kept, the line joined without a space.
  return wholeWords(text, context).replace(/(\p{L}|\p{N})[-\u2010]\s*\n\s*(?=[\p{Lu}\p{N}])/gu, '$1-').replace(/\s*\n\s*/g, ' ');
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)] ?? 10; };

export function parseBboxLayout(html: string): { pages: PdfPageInfo[]; blocks: PdfBlock[]; context: string } {
  const pages: PdfPageInfo[] = [];
  const blocks: PdfBlock[] = [];
  const raw: Array<{ block: PdfBlock; lines: string[] }> = [];
  for (const pm of html.matchAll(/<page\b([^>]*)>([\s\S]*?)<\/page>/g)) {
    pages.push({ width: num(pm[1] as string, 'width'), height: num(pm[1] as string, 'height') });
    const page = pages.length;
    const read: BlockLine[][] = [];
    for (const bm of (pm[2] as string).matchAll(/<block\b([^>]*)>([\s\S]*?)<\/block>/g)) {
      const lines: BlockLine[] = [];
      for (const lm of (bm[2] as string).matchAll(/<line\b([^>]*)>([\s\S]*?)<\/line>/g)) {
        const la = lm[1] as string;
        const ws = [...(lm[2] as string).matchAll(/<word\b([^>]*)>([\s\S]*?)<\/word>/g)].map((w) => {
          const wa = w[1] as string;
          return { x: num(wa, 'xMin'), y: num(wa, 'yMin'), w: num(wa, 'xMax') - num(wa, 'xMin'), h: num(wa, 'yMax') - num(wa, 'yMin'), text: clean(w[2] as string) };
        });
        const line = ws.map((w) => w.text).join(' ');
        lines.push({ box: { x: num(la, 'xMin'), y: num(la, 'yMin'), w: num(la, 'xMax') - num(la, 'xMin'), h: num(la, 'yMax') - num(la, 'yMin'), text: line }, words: ws });
      }
      if (lines.some((l) => l.box.text.trim())) read.push(lines);
    }
    for (const lines of mergeInsetLines(read)) {
      // Separately placed lines keep their own boxes; only a wrapped paragraph is one block (a code listing stays whole).
      const code = looksLikeCode(visualLines(lines.map((l) => l.box)).map((l) => l.text).join('\n'));
      for (const run of code ? [lines.map((_, i) => i)] : paragraphRuns(lines)) {
        const ls = run.map((i) => lines[i]!);
        const x = Math.min(...ls.map((l) => l.box.x)); const y = Math.min(...ls.map((l) => l.box.y));
        const boxes = ls.map((l) => l.box);
        const vertical = ls.length === 1 && isVertical(ls[0]!.box);
        const heights = boxes.map((b) => (vertical ? b.w : b.h));
        const block: PdfBlock = {
          ...(code ? { keep: 'code' as const } : {}), page, x, y, w: Math.max(...boxes.map((b) => b.x + b.w)) - x, h: Math.max(...boxes.map((b) => b.y + b.h)) - y,
          size: Math.max(4, median(heights) * 0.86), text: '', ocr: false, lines: visualLines(boxes), words: ls.map((l) => l.words),
          ...(ls.length === 1 && !code ? { single: true } : {}), ...(vertical ? { vertical: true } : {}),
        };
        raw.push({ block, lines: boxes.map((b) => b.text) });
        blocks.push(block);
      }
    }
  }
  // Hyphenation is decided against the whole document's text (compounds it writes with a hyphen keep it).
  const context = raw.map((r) => r.lines.join('\n')).join('\n');
  for (const { block, lines } of raw) {
    block.text = joinLines(lines, context);
  }
  return { pages, blocks: blocks.filter((b) => b.text), context };
}

/**
 * A block's segment text with the words each link covers wrapped in a span
 * `<id>…</id>` (`linkOf` gives a word's link tag id, or null), literal
 * `<…>` escaped; null when no link covers a word of the block. A link's
 * span runs from its first word to its last in reading order.
 */
export function linkTaggedText(block: PdfBlock, linkOf: (word: PdfLine) => string | null, context?: string): string | null {
  const flat = (block.words ?? []).flatMap((line, i) => line.map((w) => ({ line: i, text: escapeLiterals(w.text), link: linkOf(w) })));
  if (!flat.some((w) => w.link)) return null;
  let open: string | null = null;
  flat.forEach((w, i) => {
    if (w.link === open) return;
    if (open) flat[i - 1]!.text += `</${open}>`;
    if (w.link) w.text = `<${w.link}>${w.text}`;
    open = w.link;
  });
  if (open) flat[flat.length - 1]!.text += `</${open}>`;
  const lines = (block.words ?? []).map((_, i) => flat.filter((w) => w.line === i).map((w) => w.text).join(' '));
  return joinLines(lines, context);
}

const TESS: Partial<Record<TranslationLanguage, string>> = {
  english: 'eng', hebrew: 'heb', french: 'fra', arabic: 'ara', japanese: 'jpn', chinese: 'chi_sim', korean: 'kor',
  spanish: 'spa', german: 'deu', italian: 'ita', portuguese: 'por', russian: 'rus',
};

/** Paragraph blocks tesseract reads on one rendered page (pixels at `dpi` converted to points). */
export async function ocrPageBlocks(file: string, page: number, source: TranslationLanguage, signal?: AbortSignal, dpi = 150): Promise<PdfBlock[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-ocr-'));
  try {
    const png = await renderPdfPage(file, page, path.join(dir, 'p'), { dpi, signal });
    const { langs } = await usableOcrLanguages([TESS[source] ?? 'eng', 'eng'].filter((l, i, a) => a.indexOf(l) === i));
    const r = await runTool('tesseract', [png, 'stdout', '-l', langs.join('+'), '--psm', '3', 'tsv'], {
      signal, timeoutMs: 120_000, env: { OMP_THREAD_LIMIT: '1' },
    });
    return tsvBlocks(r.stdout.toString('utf8'), page, 72 / dpi);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Groups tesseract TSV words into paragraph blocks. */
export function tsvBlocks(tsv: string, page: number, scale: number): PdfBlock[] {
  type Para = { words: Map<string, string[]>; x0: number; y0: number; x1: number; y1: number; hs: number[] };
  const paras = new Map<string, Para>();
  for (const line of tsv.split('\n').slice(1)) {
    const f = line.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = (f[11] ?? '').trim();
    if (!text || Number(f[10]) < 30) continue;
    const key = `${f[2]}.${f[3]}`;
    const [l, t, w, h] = [Number(f[6]), Number(f[7]), Number(f[8]), Number(f[9])];
    const p: Para = paras.get(key) ?? { words: new Map(), x0: l, y0: t, x1: l + w, y1: t + h, hs: [] };
    p.x0 = Math.min(p.x0, l); p.y0 = Math.min(p.y0, t); p.x1 = Math.max(p.x1, l + w); p.y1 = Math.max(p.y1, t + h);
    p.hs.push(h);
    const lineKey = String(f[4]);
    p.words.set(lineKey, [...(p.words.get(lineKey) ?? []), text]);
    paras.set(key, p);
  }
  const out: PdfBlock[] = [];
  for (const p of paras.values()) {
    const text = joinLines([...p.words.values()].map((ws) => ws.join(' ')));
    if (!/\p{L}{2,}/u.test(text)) continue;
    out.push({ page, x: p.x0 * scale, y: p.y0 * scale, w: (p.x1 - p.x0) * scale, h: (p.y1 - p.y0) * scale,
      size: Math.max(4, median(p.hs) * scale * 1.1), text, ocr: true });
  }
  return out;
}

/** Pages (1-based) that show at least one image, from `pdfimages -list`. */
export async function pagesWithImages(file: string, signal?: AbortSignal): Promise<Set<number>> {
  const r = await runTool('pdfimages', ['-list', file], { signal, timeoutMs: 60_000, allowFailure: true });
  const pages = new Set<number>();
  for (const line of r.stdout.toString('utf8').split('\n').slice(2)) {
    const n = Number(line.trim().split(/\s+/)[0]);
    if (n > 0) pages.add(n);
  }
  return pages;
}

export async function readPdfBlocks(file: string, signal?: AbortSignal): Promise<{ pages: PdfPageInfo[]; blocks: PdfBlock[]; context: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-bbox-'));
  try {
    // Words as the reader sees them: in the crop box (what MuPDF renders and viewers show), turned by /Rotate.
    await runTool('pdftotext', ['-bbox-layout', '-cropbox', file, path.join(dir, 'b.html')], { signal, timeoutMs: 300_000 });
    return parseBboxLayout(await readFile(path.join(dir, 'b.html'), 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
