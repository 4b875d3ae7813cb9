/**
 * PDF extraction: text per page with pdf-parse (in a plain-node child
 * process, see pdf-text-worker.mjs), embedded images with poppler's
 * pdfimages (one run for the whole file), OCR only of pages without a text
 * layer (pdftoppm + tesseract). Text and images run in parallel.
 */
import { mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../foundation/errors';
import { isMemoryFailure, isMissingTool, mapLimit, runTool, throwIfAborted } from '../../foundation/tools/exec';
import { formatBytes } from '../../foundation/tools/sandbox';
import { renderPdfPage, renderPdfPages } from '../../foundation/tools/render';
import { detectScript, ocrImages, ocrPage, SCRIPT_LANGUAGES, usableOcrLanguages } from '../../foundation/tools/ocr';
import { garbageShare } from '../../foundation/text/clean';
import { wholeWords } from '../../foundation/text/words';
import { markDecorations, type PlacedImage } from './decoration';
import { nothingSearchable } from './notice';
import { nearby, repairRtlPunctuation, tidyText } from '../../foundation/tools/tidy';
import { extractPdfImages, type PdfImage } from './pdf-images';
import { readFormFieldLines } from './pdf-fields';
import { fileLabel, sniffFile } from '../../formats/sniff';
import type { ExtractedImage, ExtractedSection, Extraction, ExtractOptions } from '../../formats/types';
import { message, type Message } from '../../foundation/messages';

export interface PdfOptions extends ExtractOptions {
  /** The uploaded name, for messages ("The PDF "manual.pdf" is password-protected"). */
  fileName?: string;
  /** A page with fewer non-space characters than this is OCR'd. Default 10. */
  ocrMinChars?: number;
  /** Time budget for reading text inside extracted images; 0 turns it off. Default 20 s. */
  imageOcrBudgetMs?: number;
  /** Keep at most this many images. Default 1000. */
  maxImages?: number;
  /** A page whose text layer is more than this share garbage is read again with OCR. Default 0.3. */
  garbageShare?: number;
  /** Render resolution for OCR. Default 200 dpi. */
  ocrDpi?: number;
  /** OCR at most this many pages without a text layer (about 1-2 s each). Default 300. */
  maxOcrPages?: number;
  /**
   * pdf-parse worker processes for long files (60+ pages, under 64 MiB):
   * 2 reads odd and even pages in parallel, faster when a core is free, for
   * ~150 MB more memory (a 500-page file then peaks near 500 MB). Default 1.
   */
  textWorkers?: 1 | 2;
}

const WORKER = fileURLToPath(new URL('./pdf-text-worker.mjs', import.meta.url));
/**
 * Removes bidi and other control characters and unmapped glyphs, tidies whitespace, repairs right-to-left punctuation,
 * and makes words whole (line-end hyphenation, Hebrew/Arabic prefix letters set apart: core/foundation/text/words.ts).
 */
export const cleanPdfText = (text: string) => wholeWords(repairRtlPunctuation(tidyText(splitLigatures(text))));

/** Typographic ligatures (ﬁ, ﬂ, ﬃ, ſt ...) as their letters, as a reader would type them. */
const splitLigatures = (text: string) => text.replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC'));

interface PageText {
  num: number;
  text: string;
  error?: string;
  /** Share of the page's text layer that is unreadable (unmapped glyphs, symbol soup), 0..1. */
  garbage?: number;
}

/** A page read from its text layer, cleaned, with the share of it that was garbage. */
export function readPageText(num: number, raw: string): PageText {
  const text = cleanPdfText(raw);
  const rawChars = raw.replace(/[\s\u0000-\u001F\u007F-\u009F]/g, '').length;
  const keptChars = text.replace(/\s/g, '').length;
  // Characters dropped by cleaning (private-use, unmapped) count as garbage, as do unreadable words left.
  const dropped = rawChars > 0 ? Math.max(0, rawChars - keptChars) / rawChars : 0;
  const garbage = Math.min(1, dropped + (keptChars / Math.max(rawChars, 1)) * garbageShare(text));
  return { num, text, garbage };
}

/** Page count from poppler's pdfinfo (fast); undefined when it cannot tell. */
async function pageCountHint(file: string, signal: AbortSignal): Promise<number | undefined> {
  const r = await runTool('pdfinfo', [file], { signal, timeoutMs: 30_000, allowFailure: true, inputFile: file }).catch(() => undefined);
  const n = Number(/^Pages:\s+(\d+)/m.exec(r?.stdout.toString('utf8') ?? '')?.[1]);
  return r?.exitCode === 0 && Number.isFinite(n) ? n : undefined;
}

interface WorkerEvent { type: string; num?: number; numPages?: number; text?: string; message?: string; name?: string }

/** Non-space characters of a page's text. */
const inkChars = (p: PageText) => p.text.replace(/\s/g, '').length;

/** Runs of 25+ letters of alphabetic scripts: words glued together (scripts written without spaces are left out). */
const GLUED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hebrew}\p{Script=Arabic}]{25,}/gu;

/**
 * True when a page read by pdftotext should be read again by pdf.js: too
 * little text, mostly garbage, or words glued together (a layer whose spaces
 * are control characters, which pdftotext drops and pdf.js reads as spaces).
 */
function weakReading(p: PageText, opts: PdfOptions): boolean {
  return inkChars(p) < (opts.ocrMinChars ?? 10) || (p.garbage ?? 0) > (opts.garbageShare ?? 0.3) || gluedShare(p) > 0.3;
}

function gluedShare(p: PageText): number {
  let glued = 0;
  for (const m of p.text.matchAll(GLUED)) glued += m[0].length;
  return glued / Math.max(1, inkChars(p));
}

/** How much readable text a reading of a page holds: its characters less garbage and glued words. */
const readingScore = (p: PageText) => inkChars(p) * (1 - (p.garbage ?? 0)) * (1 - gluedShare(p));

/**
 * Every page's text: poppler's pdftotext first (one native run, 20-30 times
 * faster than pdf.js), then pdf.js only for the pages pdftotext read badly
 * (no text, or a text layer it decoded into garbage), keeping the better
 * reading of each. A file pdftotext cannot read at all (encrypted, damaged,
 * over the memory ceiling) goes to pdf.js whole, which names the failure.
 */
async function readPageTexts(file: string, size: number, label: string, opts: PdfOptions, signal: AbortSignal): Promise<PageText[]> {
  const fast = await readWithPdftotext(file, signal);
  if (!fast) return readWithPdfJs(file, size, label, opts, signal);
  const weak = fast.filter((p) => weakReading(p, opts)).map((p) => p.num);
  opts.onProgress?.(fast.length, fast.length, message('pdf_text', { page: fast.length, pages: fast.length }));
  throwIfAborted(signal);
  if (weak.length === 0) return fast;
  const again = await readWithPdfJs(file, size, label, { ...opts, textWorkers: 1 }, signal, weak).catch((e: unknown) => {
    if ((e as Error).name === 'AbortError') throw e;
    return [] as PageText[];
  });
  const better = new Map(again.filter((p) => !p.error && inkChars(p) > 0).map((p) => [p.num, p]));
  return fast.map((p) => {
    const q = better.get(p.num);
    if (!q) return p;
    return readingScore(q) > readingScore(p) ? q : p;
  });
}

/** Pages from `pdftotext` (form feed between pages), cleaned; undefined when it cannot read the file. */
async function readWithPdftotext(file: string, signal: AbortSignal): Promise<PageText[] | undefined> {
  const r = await runTool('pdftotext', ['-enc', 'UTF-8', '-q', file, '-'], { signal, inputFile: file, allowFailure: true, maxStdoutBytes: 256 * 1024 * 1024 })
    .catch((e: unknown) => {
      if ((e as Error).name === 'AbortError') throw e;
      return undefined;
    });
  if (!r || r.exitCode !== 0 || r.stdoutTruncated) return undefined;
  const pages = r.stdout.toString('utf8').split('\f');
  // Every page ends with a form feed: what follows the last one is not a page.
  pages.pop();
  if (pages.length === 0) return undefined;
  return pages.map((text, i) => readPageText(i + 1, text));
}

/**
 * Reads pages' text with pdf-parse workers: two interleaved workers (odd
 * and even pages) for long files under 64 MiB, else one; only `only` when
 * given. Maps pdf.js failures to AppError('corrupt_file').
 */
async function readWithPdfJs(file: string, size: number, label: string, opts: PdfOptions, signal: AbortSignal, only?: number[]): Promise<PageText[]> {
  const want = only ? 1 : (opts.textWorkers ?? 1);
  const hint = want > 1 && size <= 64 * 1024 * 1024 ? await pageCountHint(file, signal) : undefined;
  const workers = (hint ?? 0) >= 60 ? want : 1;
  const pages = new Map<number, PageText>();
  let numPages = -1;
  let fatal: { name: string; message: string } | undefined;
  let step = 1;
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  const onEvent = (ev: WorkerEvent) => {
    if (ev.type === 'info') {
      numPages = Math.max(numPages, ev.numPages ?? 0);
      step = Math.max(1, Math.floor(numPages / 50));
    } else if (ev.type === 'page' || ev.type === 'pageError') {
      const num = ev.num ?? 0;
      pages.set(num, ev.type === 'page' ? readPageText(num, ev.text ?? '') : { num, text: '', error: ev.message ?? 'unknown error' });
      if (pages.size % step === 0 || pages.size === numPages) opts.onProgress?.(pages.size, numPages, message('pdf_text', { page: pages.size, pages: numPages }));
    } else if (ev.type === 'error' && !fatal) {
      fatal = { name: ev.name ?? 'Error', message: ev.message ?? '' };
      stop.abort();
    }
  };
  const run = (offset: number) => runTool(process.execPath, [WORKER, file, String(workers), String(offset), ...(only ? [only.join(',')] : [])], {
    signal: stop.signal,
    timeoutMs: 15 * 60_000,
    inputFile: file,
    maxStderrBytes: 16 * 1024,
    onLine: (line) => { if (line.trim()) onEvent(JSON.parse(line) as WorkerEvent); },
  });
  try {
    const results = await Promise.allSettled(Array.from({ length: workers }, (_, i) => run(i + 1)));
    if (!fatal) {
      for (const r of results) {
        if (r.status === 'fulfilled') continue;
        const e = r.reason as unknown;
        if (isMemoryFailure(e)) {
          // The page that worker was reading: its first page not returned.
          const offset = results.indexOf(r) + 1;
          let num = offset;
          while (pages.has(num)) num += workers;
          const of = numPages > 0 ? ` of ${numPages}` : '';
          throw new AppError('too_large', `${label} needs more than ${formatBytes(Number(e.details?.memoryBytes))} of memory to read page ${num}${of}, so it was stopped. The file may be damaged or built to exhaust memory; if it is a genuine document, split it into smaller files or ask the operator to raise TOOL_MEMORY_MB.`, { cause: e, details: { reason: 'memory', page: num } });
        }
        if (e instanceof AppError && e.details?.reason === 'exit') {
          throw new AppError('internal', `The PDF reader stopped unexpectedly: ${String(e.details.stderr ?? '')}`, { cause: e });
        }
        throw e;
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  throwIfAborted(signal);
  if (fatal) {
    if (fatal.name === 'PasswordException') {
      throw new AppError('corrupt_file', `${label} is password-protected. Remove the password (for example by printing it to a new PDF) and upload it again.`, { details: { reason: 'encrypted' } });
    }
    throw new AppError('corrupt_file', `${label} is damaged and cannot be read (${(fatal.message || fatal.name).replace(/\.$/, '')}).`, { details: { reason: 'damaged', pdfjs: fatal.name } });
  }
  if (numPages <= 0) throw new AppError('corrupt_file', `${label} has no pages.`);
  const nums = only ?? Array.from({ length: numPages }, (_, i) => i + 1);
  return nums.map((num) => pages.get(num) ?? { num, text: '', error: 'the page was not returned' });
}

/**
 * The content must be a PDF (header in the first KiB) and end with %%EOF
 * (trailing junk up to 64 KiB allowed); else it is another type or was cut off.
 */
async function assertComplete(file: string, size: number, label: string): Promise<void> {
  if (size === 0) throw new AppError('corrupt_file', `${label} is empty (0 bytes).`, { details: { reason: 'empty' } });
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 1024));
    await fh.read(head, 0, head.length, 0);
    if (!head.includes('%PDF-')) {
      const { description, kind } = await sniffFile(file);
      throw new AppError('unsupported_type', `${label} is not a PDF: its content is ${description}.`, { details: { sniffed: kind } });
    }
    const len = Math.min(size, 64 * 1024);
    const tail = Buffer.alloc(len);
    await fh.read(tail, 0, len, size - len);
    if (!tail.includes('%%EOF')) {
      throw new AppError('corrupt_file', `${label} is incomplete: it stops before the end of the PDF (the upload or download may have been cut off). Upload the full file again.`, { details: { reason: 'truncated' } });
    }
  } finally {
    await fh.close();
  }
}

export async function extractPdf(file: string, opts: PdfOptions): Promise<Extraction> {
  const label = fileLabel('PDF', opts.fileName);
  const warnings: Message[] = [];
  throwIfAborted(opts.signal);
  const { size } = await stat(file);
  await assertComplete(file, size, label);

  // Text and images in parallel; if the text fails, stop the images too.
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const imagesDir = join(opts.workDir, 'pdf-images');
  let pages: PageText[];
  let found: PdfImage[] = [];
  // A form's filled fields as "label: value" lines, read beside the text (pdf-fields.ts).
  const fieldsP = readFormFieldLines(file, inner.signal).catch(() => new Map<number, string[]>());
  try {
    const imagesP = extractPdfImages(file, imagesDir, { signal: inner.signal, maxImages: opts.maxImages ?? 1000 })
      .catch((e: unknown) => e as Error);
    try {
      pages = await readPageTexts(file, size, label, opts, inner.signal);
    } catch (e) {
      inner.abort();
      await Promise.all([imagesP, fieldsP]);
      throw e;
    }
    const imgResult = await imagesP;
    if (imgResult instanceof Error) {
      if (imgResult.name === 'AbortError') throw imgResult;
      warnings.push(message('warning.images_failed', {}, `Images could not be extracted: ${imgResult.message}`));
    } else {
      found = imgResult.images;
      warnings.push(...imgResult.warnings);
    }
  } finally {
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }

  for (const p of pages) if (p.error) warnings.push(message('warning.page_unreadable', { page: p.num }, `Page ${p.num} could not be read (${p.error}); trying OCR.`));
  const minChars = opts.ocrMinChars ?? 10;
  const noText = pages.filter((p) => p.text.replace(/\s/g, '').length < minChars).map((p) => p.num);
  // A text layer that is mostly unmapped glyphs is read again from the rendered page.
  const maxGarbage = opts.garbageShare ?? 0.3;
  const garbled = pages.filter((p) => !noText.includes(p.num) && (p.garbage ?? 0) > maxGarbage).map((p) => p.num);
  const needOcr = [...noText, ...garbled].sort((a, b) => a - b);
  const unread: UnreadScan = {};
  const ocrPages = await ocrPdfPages(file, needOcr, pages, opts, warnings, unread);
  const unreadable = garbled.filter((n) => !ocrPages.includes(n));
  if (unreadable.length) warnings.push(unreadable.length === 1 ? message('warning.text_layer_page', { page: unreadable[0]! }) : message('warning.text_layer_pages', { count: unreadable.length }));

  const fields = await fieldsP;
  for (const p of pages) if (fields.has(p.num)) p.text = [p.text.trimEnd(), ...fields.get(p.num)!].filter(Boolean).join('\n');
  const byNum = new Map(pages.map((p) => [p.num, p]));
  const sections: ExtractedSection[] = pages
    .filter((p) => p.text.trim())
    .map((p) => (ocrPages.includes(p.num) ? { page: p.num, text: p.text, ocr: true } : { page: p.num, text: p.text }));
  // A readable PDF without text (pictures, drawings, scans OCR could not read) is still content;
  // only one whose pages are all blank is refused.
  const notice = sections.length === 0 ? nothingSearchable('pdf') : undefined;
  // Scans OCR read nothing from, in a script the configured languages do not cover: say which language to add.
  if (notice && unread.script && unread.langs) {
    const lang = SCRIPT_LANGUAGES[unread.script];
    if (lang && !unread.langs.includes(lang.code)) {
      warnings.push(message('warning.ocr_script_not_configured', { script: unread.script, language: lang.name, code: lang.code, configured: unread.langs.join('+') }));
    }
  }
  if (notice && found.length === 0 && !(await anyInk(file, Math.min(pages.length, 20), opts.workDir, opts.signal))) {
    throw new AppError('validation', `${label} is blank: its pages have no text, pictures or drawings.`, { details: { reason: 'no_text' } });
  }

  // Images on pages that had no text layer are the page scans themselves: not listed,
  // unless OCR found no text at all: then the scans are the content.
  const scanned = new Set(notice ? [] : noText);
  const placed: PlacedImage[] = found.filter((i) => !scanned.has(i.page)).map((i) => ({
    path: i.path, ext: i.ext, page: i.page, places: i.pages, width: i.width, height: i.height,
    nearbyText: nearby(byNum.get(i.page)?.text ?? ''),
  }));
  await removeScans(found.filter((i) => scanned.has(i.page)));
  // A picture repeated across pages (a header logo) is kept once, as decoration.
  const images: ExtractedImage[] = (await markDecorations(placed, { placeCount: pages.length, signal: opts.signal }))
    .map(({ places: _places, ...img }) => img);

  const budget = opts.imageOcrBudgetMs ?? 20_000;
  if (budget > 0 && images.length > 0) {
    const { langs } = await usableOcrLanguages(opts.ocrLanguages);
    opts.onProgress?.(0, images.length, message('pdf_image_text'));
    const r = await ocrImages(images, langs, { signal: opts.signal, budgetMs: budget }).catch((e: unknown) => {
      if (isMissingTool(e)) { warnings.push(message('warning.image_text_no_ocr')); return undefined; }
      throw e;
    });
    if (r?.skippedForTime) warnings.push(message('warning.image_text_time', { count: r.skippedForTime }));
  }

  const result: Extraction = { kind: 'pdf', pageCount: pages.length, sections, images, warnings };
  if (ocrPages.length) result.ocrPages = ocrPages;
  if (notice) result.notice = notice;
  return result;
}

/**
 * OCR text replaces a page's text layer when the layer was empty, or when
 * the OCR text is less garbled and not much shorter (a text layer that was
 * fine keeps its exact characters).
 */
function betterReading(ocr: string, page: PageText): boolean {
  const layer = page.text.replace(/\s/g, '').length;
  if (layer === 0) return true;
  const ocrChars = ocr.replace(/\s/g, '').length;
  // Compare with the readable part of the layer: garbage characters are no text to keep.
  const readable = layer * (1 - (page.garbage ?? 0));
  return garbageShare(ocr) < (page.garbage ?? 0) && ocrChars >= readable * 0.5;
}

/** True when one of the first `pages` pages, rendered small in grey, has any ink (drawings count). */
async function anyInk(file: string, pages: number, workDir: string, signal?: AbortSignal): Promise<boolean> {
  const dir = join(workDir, 'ink');
  await mkdir(dir, { recursive: true });
  await renderPdfPages(file, join(dir, 'p'), { dpi: 18, gray: true, first: 1, last: Math.max(1, pages), signal });
  for (const name of await readdir(dir)) {
    const pgm = await readFile(join(dir, name));
    // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
    const header = /^P5\s+\d+\s+\d+\s+\d+\s/.exec(pgm.subarray(0, 64).toString('latin1'));
    if (!header) continue;
    for (let i = header[0].length; i < pgm.length; i++) if (pgm[i]! < 200) return true;
  }
  return false;
}

async function removeScans(images: PdfImage[]): Promise<void> {
  await Promise.all(images.map((i) => rm(i.path, { force: true })));
}

/** OCRs the given pages in place (two at a time); returns the pages that got text. */
/** A scanned page OCR read nothing from: the script it is written in (tesseract's osd), and the languages it was read with. */
interface UnreadScan { script?: string | null; langs?: string[] }

async function ocrPdfPages(file: string, nums: number[], pages: PageText[], opts: PdfOptions, warnings: Message[], unread: UnreadScan = {}): Promise<number[]> {
  if (nums.length === 0) return [];
  const { langs, missing } = await usableOcrLanguages(opts.ocrLanguages.length ? opts.ocrLanguages : ['eng']).catch((e: unknown) => {
    if (isMissingTool(e)) return { langs: [] as string[], missing: [] as string[] };
    throw e;
  });
  if (langs.length === 0) {
    warnings.push(message('warning.pages_no_ocr', { count: nums.length }));
    return [];
  }
  if (missing.length) warnings.push(message('warning.ocr_languages_missing', { languages: missing.join(', ') }));
  const max = opts.maxOcrPages ?? 300;
  if (nums.length > max) {
    warnings.push(message('warning.ocr_pages_limit', { count: nums.length, max }));
    nums = nums.slice(0, max);
  }
  const dir = join(opts.workDir, 'pdf-ocr');
  await mkdir(dir, { recursive: true });
  const byNum = new Map(pages.map((p) => [p.num, p]));
  const done: number[] = [];
  // Pages whose configured languages read nothing sure try other scripts; at most 12 per document.
  const otherScriptTries = { left: 12 };
  let count = 0;
  let toolMissing = false;
  await mapLimit(nums, 2, async (num) => {
    throwIfAborted(opts.signal);
    if (toolMissing) return;
    const base = join(dir, `page-${num}`);
    try {
      const png = await renderPdfPage(file, num, base, { dpi: opts.ocrDpi ?? 200, signal: opts.signal, inputFile: file });
      // Other installed scripts (Japanese, Chinese, Korean, ...) are tried when the configured languages read nothing sure.
      const { text } = await ocrPage(png, langs, { signal: opts.signal, otherScriptTries });
      const page = byNum.get(num);
      if (page && text.trim() && betterReading(text, page)) { page.text = text; page.garbage = garbageShare(text); done.push(num); }
      // The first page read as nothing: which script is it in (one osd run per file)?
      else if (!text.trim() && unread.script === undefined) {
        unread.script = null;
        unread.langs = langs;
        unread.script = await detectScript(png, opts.signal);
      }
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      if (isMissingTool(e)) { toolMissing = true; warnings.push(message('warning.ocr_unavailable', {}, `Pages without a text layer were not read: ${(e as Error).message}.`)); return; }
      warnings.push(message('warning.ocr_page_failed', { page: num }, `OCR of page ${num} failed: ${(e as Error).message}`));
    } finally {
      await rm(`${base}.png`, { force: true });
      count++;
      opts.onProgress?.(count, nums.length, message('pdf_ocr', { page: num, done: count, total: nums.length }));
    }
  });
  return done.sort((a, b) => a - b);
}
