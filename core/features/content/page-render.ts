/**
 * Renders of PDF pages as source images: when a cited page has no
 * meaningful picture, the answer shows the page itself, cropped to the
 * passage it cites where the text can be located on the page. Renders are
 * made on first request and kept in the store, so a URL handed out always
 * works (and a page nobody asks about is never rendered).
 * (keys: pageRenderKey in core/engines/storage/layout.ts).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Catalog } from '../../engines/catalog/catalog';
import { AppError } from '../../foundation/errors';
import { FORMATS, formatOfName } from '../../formats/index';
import { createRateLimiter } from '../../engines/limits/limiter';
import { chunkSections } from '../../engines/search/chunker';
import { runTool } from '../../foundation/tools/exec';
import { renderPdfPage, type PixelBox } from '../../foundation/tools/render';
import { loadExtractedText } from '../../engines/records/stored-text';
import { decodeEntities } from '../../foundation/tools/tidy';
import { pageRenderKey, parsePageRenderKey, publicUrlForKey } from '../../engines/storage/layout';
import type { ObjectStore } from '../../engines/storage/types';
import { normalizeForMatch } from '../../foundation/text/normalize';

/** The public URL of a page render (rendered on first request). */
export const pageRenderUrl = (docId: number, page: number, chunkOrdinal?: number | null) => publicUrlForKey(pageRenderKey(docId, page, chunkOrdinal));

/** True when the document is a completed PDF with that page: its renders can be handed out. */
export async function canRenderPage(catalog: Catalog, docId: number, page: number): Promise<boolean> {
  const doc = await catalog.documents.get(docId);
  return !!doc && doc.status === 'completed' && rendersPages(doc.fileName, doc.fileType) && page >= 1 && page <= (doc.pageCount ?? 0);
}

/**
 * Its format renders pages (core/formats: PDF), by its stored type or, failing that, its name.
 * A row without a type (written outside the product, e.g. straight into PostgreSQL) is judged by its name, not a crash.
 */
const rendersPages = (fileName: string | undefined, fileType: string | undefined) =>
  !!(FORMATS.find((f) => f.mime === fileType?.split(';')[0]) ?? formatOfName(fileName ?? ''))?.pageRenders;

export interface Box { x0: number; y0: number; x1: number; y1: number }
interface Line extends Box { words: string[] }

/** Lines of one page from `pdftotext -bbox-layout` output, with the page size. */
export function parseBboxLayout(html: string): { width: number; height: number; lines: Line[] } {
  const page = /<page width="([\d.]+)" height="([\d.]+)"/.exec(html);
  const lines: Line[] = [];
  for (const m of html.matchAll(/<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g)) {
    const words = [...(m[5] ?? '').matchAll(/<word[^>]*>([\s\S]*?)<\/word>/g)].map((w) => normalizeForMatch(decodeEntities(w[1] ?? '')).replace(/^\W+|\W+$/gu, '')).filter(Boolean);
    lines.push({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), words });
  }
  return { width: Number(page?.[1] ?? 0), height: Number(page?.[2] ?? 0), lines };
}

/**
 * The region of the page that holds a passage: the longest run of lines
 * (in reading order, gaps of up to two lines allowed) whose words appear in
 * the passage, padded; null when too little of the passage is found.
 */
export function locatePassage(layout: { width: number; height: number; lines: Line[] }, passage: string): Box | null {
  const { width, height, lines } = layout;
  if (!width || !height || lines.length === 0) return null;
  const vocab = new Set(normalizeForMatch(passage).split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const hit = lines.map((l) => {
    const ws = l.words.flatMap((w) => w.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 1);
    return ws.length > 0 && ws.filter((w) => vocab.has(w)).length / ws.length >= 0.7;
  });
  let best: [number, number] | null = null;
  let start = -1;
  let last = -1;
  for (let i = 0; i <= lines.length; i++) {
    if (i < lines.length && hit[i]) {
      if (start < 0 || i - last > 3) start = i;
      last = i;
      if (!best || last - start > best[1] - best[0]) best = [start, last];
    }
  }
  if (!best) return null;
  const run = lines.slice(best[0], best[1] + 1);
  const found = run.filter((_, i) => hit[best![0] + i]).reduce((n, l) => n + l.words.length, 0);
  // Too small a share of the passage: the match is by chance.
  if (found < Math.min(12, vocab.size / 3)) return null;
  const padX = width * 0.03;
  const padY = height * 0.02;
  let y0 = Math.max(0, Math.min(...run.map((l) => l.y0)) - padY);
  let y1 = Math.min(height, Math.max(...run.map((l) => l.y1)) + padY);
  // At least a fifth of the page tall, so the crop still shows where it is.
  const minH = height * 0.2;
  if (y1 - y0 < minH) { const mid = (y0 + y1) / 2; y0 = Math.max(0, mid - minH / 2); y1 = Math.min(height, y0 + minH); }
  return { x0: Math.max(0, Math.min(...run.map((l) => l.x0)) - padX), y0, x1: Math.min(width, Math.max(...run.map((l) => l.x1)) + padX), y1 };
}

export interface PageRendererOptions {
  catalog: Catalog;
  store: ObjectStore;
  tmpDir?: string;
  /** Resolution of renders. Default 110 dpi. */
  dpi?: number;
  /** Renders running at once in this process, whoever asks (default 2); more wait their turn. */
  maxConcurrent?: number;
  /** Renders waiting for a turn before new ones are refused as busy (default 16). */
  maxWaiting?: number;
  /** New renders (not yet stored) one address may cause per `budgetWindowMs` (default 20 per 10 minutes). */
  budgetPerAddress?: number;
  budgetWindowMs?: number;
  /** Longest side of a render in pixels: larger pages are rendered at a lower resolution (default 4000). */
  maxSidePx?: number;
}

/** The (page, chunk ordinal) pairs of each document's chunks, read once per version of the document. */
type ChunkPages = Map<number, { version: string; pairs: Set<string> }>;

async function chunkExists(opts: PageRendererOptions, chunkPages: ChunkPages, docId: number, page: number, ordinal: number): Promise<boolean> {
  const doc = await opts.catalog.documents.get(docId);
  if (!doc) return false;
  const version = doc.updatedAt ?? '';
  let known = chunkPages.get(docId);
  if (!known || known.version !== version) {
    const stored = await loadExtractedText(opts.store, 'document', docId);
    const chunks = stored ? chunkSections(stored.sections, { itemType: 'document', itemId: docId, title: stored.title }) : [];
    known = { version, pairs: new Set(chunks.map((c) => `${c.page}:${c.ordinal}`)) };
    chunkPages.set(docId, known);
    if (chunkPages.size > 500) chunkPages.delete(chunkPages.keys().next().value as number);
  }
  return known.pairs.has(`${page}:${ordinal}`);
}

/** Renders one page (cropped to a chunk's passage when it can be located) from the original PDF into the store under `key`. */
async function render(opts: PageRendererOptions, key: string, docId: number, page: number, chunkOrdinal: number | null): Promise<void> {
  const dpi = opts.dpi ?? 110;
  const maxSide = opts.maxSidePx ?? 4000;
  const doc = (await opts.catalog.documents.get(docId))!;
  const dir = await mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'page-render-'));
  try {
    const pdf = path.join(dir, 'original.pdf');
    const obj = await opts.store.get(doc.fileKey);
    await pipeline(obj.body, createWriteStream(pdf));
    // A page far larger than a screen (a 14,400 pt poster) is rendered at a resolution that fits maxSide.
    const size = await pageSize(pdf, page);
    const at = size ? Math.max(1, Math.min(dpi, Math.floor((maxSide * 72) / Math.max(size.width, size.height)))) : dpi;
    let crop: PixelBox | null = null;
    if (chunkOrdinal != null) {
      const box = await passageBox(opts.store, pdf, docId, page, chunkOrdinal).catch(() => null);
      if (box) {
        const s = at / 72;
        crop = { x: Math.floor(box.x0 * s), y: Math.floor(box.y0 * s), width: Math.ceil((box.x1 - box.x0) * s), height: Math.ceil((box.y1 - box.y0) * s) };
      }
    }
    const png = await renderPdfPage(pdf, page, path.join(dir, 'page'), { dpi: at, crop, timeoutMs: 60_000, confineTo: [dir] });
    const data = await readFile(png);
    const px = pngSize(data);
    if (!px || px.width < 8 || px.height < 8) {
      throw new AppError('corrupt_file', `Page ${page} of document ${docId} could not be rendered (the picture came out ${px ? `${px.width}×${px.height}` : 'unreadable'}${size ? `; the page is ${Math.round(size.width)}×${Math.round(size.height)} pt` : ''})`, {
        details: { reason: 'render_failed', page, docId },
      });
    }
    await opts.store.put(key, data);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where a chunk's passage sits on its page, in points (null when it is not on that page or cannot be located). */
async function passageBox(store: ObjectStore, pdf: string, docId: number, page: number, ordinal: number): Promise<Box | null> {
  const stored = await loadExtractedText(store, 'document', docId);
  if (!stored) return null;
  const chunk = chunkSections(stored.sections, { itemType: 'document', itemId: docId, title: stored.title }).find((c) => c.ordinal === ordinal);
  if (!chunk || chunk.page !== page) return null;
  const r = await runTool('pdftotext', ['-f', String(page), '-l', String(page), '-bbox-layout', pdf, '-'], { timeoutMs: 30_000, maxStdoutBytes: 16 * 1024 * 1024, confineTo: [path.dirname(pdf)] });
  return locatePassage(parseBboxLayout(r.stdout.toString('utf8')), chunk.text);
}

/**
 * Makes sure a page render exists in the store (rendering it from the
 * original PDF on first request). Throws not_found for keys that name no
 * page of a completed PDF. Concurrent requests for one key render once.
 */
export function createPageRenderer(opts: PageRendererOptions) {
  const running = new Map<string, Promise<void>>();
  const slots = createSlots(opts.maxConcurrent ?? 2, opts.maxWaiting ?? 16);
  const budget = createRateLimiter({ name: 'page-render', limit: opts.budgetPerAddress ?? 20, windowMs: opts.budgetWindowMs ?? 600_000 });
  const chunkPages: ChunkPages = new Map();

  return {
    /**
     * Renders the page for `key` unless the store has it; not_found for keys that name no renderable page or
     * no chunk of it. A new render counts against `clientAddress`'s budget (rate_limited past it) and waits
     * for one of the few render slots (unavailable when too many already wait).
     */
    async ensure(key: string, clientAddress?: string | null): Promise<void> {
      const parsed = parsePageRenderKey(key);
      if (!parsed || !await canRenderPage(opts.catalog, parsed.docId, parsed.page)) throw new AppError('not_found', `No page render "${key}"`);
      if (parsed.chunkOrdinal != null && !(await chunkExists(opts, chunkPages, parsed.docId, parsed.page, parsed.chunkOrdinal))) {
        throw new AppError('not_found', `No page render "${key}": page ${parsed.page} has no passage ${parsed.chunkOrdinal}`);
      }
      if (await opts.store.head(key)) return;
      let p = running.get(key);
      if (!p) {
        await budget.hit(clientAddress ?? 'unknown', 'new page pictures from this address');
        p = slots.run(() => render(opts, key, parsed.docId, parsed.page, parsed.chunkOrdinal)).finally(() => running.delete(key));
        running.set(key, p);
      }
      await p;
    },
  };
}

/** At most `max` tasks at once, at most `maxWaiting` waiting; beyond that AppError('unavailable'). */
function createSlots(max: number, maxWaiting: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= max) {
        if (waiting.length >= maxWaiting) throw new AppError('unavailable', 'Too many page pictures are being made right now. Try again in a moment.', { details: { retryAfter: 5 } });
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else active++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next(); else active--;
      }
    },
  };
}

/** The size in points of one page (pdfinfo), or null when it cannot be read. */
async function pageSize(pdf: string, page: number): Promise<{ width: number; height: number } | null> {
  const r = await runTool('pdfinfo', ['-f', String(page), '-l', String(page), pdf], { timeoutMs: 30_000, allowFailure: true, confineTo: [path.dirname(pdf)] }).catch(() => null);
  const m = r && new RegExp(`Page\\s+${page} size:\\s*([\\d.]+) x ([\\d.]+)`).exec(r.stdout.toString('utf8'));
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

/** Width and height from a PNG's header, or null for anything else. */
export function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 24 || data.readUInt32BE(0) !== 0x89504e47 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
