/**
 * OCR of a PDF's pages without a usable text layer (pdftoppm + tesseract),
 * two at a time; OCR text replaces the layer only when it reads better.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissingTool, mapLimit, throwIfAborted } from '../../foundation/tools/exec';
import { renderPdfPage } from '../../foundation/tools/render';
import { detectScript, ocrPage, usableOcrLanguages } from '../../foundation/tools/ocr';
import { garbageShare } from '../../foundation/text/clean';
import { message, type Message } from '../../foundation/messages';
import type { PdfOptions } from './pdf-options';
import type { PageText } from './pdf-text';

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

/** A scanned page OCR read nothing from: the script it is written in (tesseract's osd), and the languages it was read with. */
export interface UnreadScan { script?: string | null; langs?: string[] }

/** OCRs the given pages in place (two at a time); returns the pages that got text. */
export async function ocrPdfPages(file: string, nums: number[], pages: PageText[], opts: PdfOptions, warnings: Message[], unread: UnreadScan = {}): Promise<number[]> {
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
