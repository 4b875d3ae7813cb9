/**
 * PDF extraction: text per page with pdf-parse (in a plain-node child
 * process, see pdf-text-worker.mjs), embedded images with poppler's
 * pdfimages (one run for the whole file), OCR only of pages without a text
 * layer (pdftoppm + tesseract). Text and images run in parallel.
 *
 * The steps: pdf-checks.ts (a complete file, any ink), pdf-text.ts (page
 * text; its tables as rows under their header: pdf-tables.ts), pdf-images.ts,
 * pdf-fields.ts (filled form fields), pdf-ocr.ts.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../foundation/errors';
import { isMissingTool, throwIfAborted } from '../../foundation/tools/exec';
import { ocrImages, SCRIPT_LANGUAGES, usableOcrLanguages } from '../../foundation/tools/ocr';
import { markDecorations, type PlacedImage } from './decoration';
import { nothingSearchable } from './notice';
import { nearby } from '../../foundation/tools/tidy';
import { extractPdfImages, type PdfImage } from './pdf-images';
import { readFormFieldLines } from './pdf-fields';
import { anyInk, assertComplete } from './pdf-checks';
import { ocrPdfPages, type UnreadScan } from './pdf-ocr';
import type { PdfOptions } from './pdf-options';
import { readPageTexts, type PageText } from './pdf-text';
import { fileLabel } from '../../formats/sniff';
import type { ExtractedImage, ExtractedSection, Extraction } from '../../formats/types';
import { message, type Message } from '../../foundation/messages';

export type { PdfOptions } from './pdf-options';
export { cleanPdfText, readPageText } from './pdf-text';

export async function extractPdf(file: string, opts: PdfOptions): Promise<Extraction> {
  const label = fileLabel('PDF', opts.fileName);
  const warnings: Message[] = [];
  throwIfAborted(opts.signal);
  const { size } = await stat(file);
  await assertComplete(file, size, label);

  const { pages, found, fields } = await readTextAndImages(file, size, label, opts, warnings);
  const { noText, ocrPages, unread } = await ocrWeakPages(file, pages, opts, warnings);
  addFormFields(pages, await fields);
  const sections: ExtractedSection[] = pages
    .filter((p) => p.text.trim())
    .map((p) => (ocrPages.includes(p.num) ? { page: p.num, text: p.text, ocr: true } : { page: p.num, text: p.text }));
  // A readable PDF without text (pictures, drawings, scans OCR could not read) is still content;
  // only one whose pages are all blank is refused.
  const notice = sections.length === 0 ? nothingSearchable('pdf') : undefined;
  if (notice) warnScriptNotConfigured(unread, warnings);
  if (notice && found.length === 0 && !(await anyInk(file, Math.min(pages.length, 20), opts.workDir, opts.signal))) {
    throw new AppError('validation', `${label} is blank: its pages have no text, pictures or drawings.`, { details: { reason: 'no_text' } });
  }

  // Images on pages that had no text layer are the page scans themselves: not listed,
  // unless OCR found no text at all: then the scans are the content.
  const images = await keptImages(found, pages, new Set(notice ? [] : noText), opts);
  await readImageText(images, opts, warnings);

  const result: Extraction = { kind: 'pdf', pageCount: pages.length, sections, images, warnings };
  if (ocrPages.length) result.ocrPages = ocrPages;
  if (notice) result.notice = notice;
  return result;
}

/**
 * The pages' text and the embedded images, read in parallel, with a form's
 * filled fields read beside them (still being read when this returns); if
 * the text fails, the images and fields are stopped too.
 */
async function readTextAndImages(file: string, size: number, label: string, opts: PdfOptions, warnings: Message[]):
  Promise<{ pages: PageText[]; found: PdfImage[]; fields: Promise<Map<number, string[]>> }> {
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const imagesDir = join(opts.workDir, 'pdf-images');
  let pages: PageText[];
  let found: PdfImage[] = [];
  // A form's filled fields as "label: value" lines, read beside the text (pdf-fields.ts).
  const fields = readFormFieldLines(file, inner.signal).catch(() => new Map<number, string[]>());
  try {
    const imagesP = extractPdfImages(file, imagesDir, { signal: inner.signal, maxImages: opts.maxImages ?? 1000 })
      .catch((e: unknown) => e as Error);
    try {
      pages = await readPageTexts(file, size, label, opts, inner.signal);
    } catch (e) {
      inner.abort();
      await Promise.all([imagesP, fields]);
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
  return { pages, found, fields };
}

/**
 * OCRs the pages with no text (or an unreadable one) and those whose text
 * layer is mostly garbage, in place; warns of the pages that stay unread.
 */
async function ocrWeakPages(file: string, pages: PageText[], opts: PdfOptions, warnings: Message[]):
  Promise<{ noText: number[]; ocrPages: number[]; unread: UnreadScan }> {
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
  return { noText, ocrPages, unread };
}

/** A form's filled fields, as lines after the text of their page. */
function addFormFields(pages: PageText[], fields: Map<number, string[]>): void {
  for (const p of pages) if (fields.has(p.num)) p.text = [p.text.trimEnd(), ...fields.get(p.num)!].filter(Boolean).join('\n');
}

/** Scans OCR read nothing from, in a script the configured languages do not cover: say which language to add. */
function warnScriptNotConfigured(unread: UnreadScan, warnings: Message[]): void {
  if (!unread.script || !unread.langs) return;
  const lang = SCRIPT_LANGUAGES[unread.script];
  if (lang && !unread.langs.includes(lang.code)) {
    warnings.push(message('warning.ocr_script_not_configured', { script: unread.script, language: lang.name, code: lang.code, configured: unread.langs.join('+') }));
  }
}

/**
 * The images listed: those not on `scanned` pages (their files are removed),
 * with the text of their page; a picture repeated across pages (a header
 * logo) is kept once, as decoration.
 */
async function keptImages(found: PdfImage[], pages: PageText[], scanned: Set<number>, opts: PdfOptions): Promise<ExtractedImage[]> {
  const byNum = new Map(pages.map((p) => [p.num, p]));
  const placed: PlacedImage[] = found.filter((i) => !scanned.has(i.page)).map((i) => ({
    path: i.path, ext: i.ext, page: i.page, places: i.pages, width: i.width, height: i.height,
    nearbyText: nearby(byNum.get(i.page)?.text ?? ''),
  }));
  await removeScans(found.filter((i) => scanned.has(i.page)));
  return (await markDecorations(placed, { placeCount: pages.length, signal: opts.signal }))
    .map(({ places: _places, ...img }) => img);
}

/** Reads the text inside the images kept, within the time budget (imageOcrBudgetMs). */
async function readImageText(images: ExtractedImage[], opts: PdfOptions, warnings: Message[]): Promise<void> {
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
}

async function removeScans(images: PdfImage[]): Promise<void> {
  await Promise.all(images.map((i) => rm(i.path, { force: true })));
}
