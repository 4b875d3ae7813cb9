/**
 * PDF translation: the original page content is kept (images, drawings,
 * page count) with its text removed by Ghostscript (`-dFILTERTEXT`), and
 * the translated text is laid over it at each text block's position. The
 * overlay is an HTML page per PDF page printed by headless Chromium, which
 * shapes Hebrew/Arabic, orders bidirectional text and falls back to Noto
 * CJK fonts; each block shrinks until it fits its box. pdf-lib then draws
 * each overlay page onto its original page. A block that does not fit even
 * at the smallest size is reported with its page (never silently dropped).
 * Scanned pages are read by OCR and their translated text is painted on a
 * white box over the original words.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../foundation/errors';
import { warningOf } from '../../foundation/messages';
import { escapeLiterals } from '../../foundation/tools/inline-tags';
import type { TranslationLanguage } from '../../foundation/types';
import { linkAnnotations, outlineItems, widgetBoxes, type LinkAnnotation, type OutlineItem } from './pdf-annotations';
import { linkTaggedText, ocrPageBlocks, pagesWithImages, readPdfBlocks, type PdfBlock, type PdfPageInfo } from './pdf-blocks';
import { cropFrame, displaySize } from './pdf-page-frame';
import type { TaggedBlocks } from './pdf-place';
import { isSlantedPiece, readTurnedLines } from './pdf-turned';
import { writePdf } from './pdf-write';
import type { FileSegment, TranslatableFile, TranslationWarning } from './types';

export { outlineItems } from './pdf-annotations';
export type { LinkLook } from './pdf-annotations';
export { linkedHtml, overlayHtml, type PlacedBlock } from './pdf-overlay';

export interface PdfOptions {
  source: TranslationLanguage;
  signal?: AbortSignal;
  /** Read scanned pages with OCR. Default true. */
  ocr?: boolean;
  /** At most this many scanned pages are read. Default 50. */
  maxOcrPages?: number;
  chromium?: string;
  /** Smallest font size a block may shrink to (pt). Default 5. */
  minFontPt?: number;
}

export async function openPdf(file: string, o: PdfOptions): Promise<TranslatableFile> {
  const { pages, blocks, context } = await readPdfBlocks(file, o.signal);
  if (pages.length === 0) throw new AppError('corrupt_file', `The PDF "${path.basename(file)}" has no pages that can be read.`);
  // Slanted text (a diagonal watermark) is kept as it was: its upright pieces are no segments (./pdf-turned.ts).
  const turned = await withTempDir((d) => readTurnedLines(file, d, o.signal));
  for (let i = blocks.length - 1; i >= 0; i--) if (isSlantedPiece(blocks[i]!, turned)) blocks.splice(i, 1);
  const warnings = o.ocr !== false ? await readScannedPages(file, pages, blocks, o) : [];
  blocks.sort((a, b) => a.page - b.page);
  // Bookmarks (the outline) are kept and their titles translated.
  const { original, outline } = await readOriginal(file, pages);
  // Text a form field's widget draws (its value, a signature) is the field's, kept by the widget: not page text to translate.
  if (original) dropWidgetText(original, blocks);
  const links = original ? linkAnnotations(original) : [];
  const tagged = tagLinks(blocks, links, context);
  const segments: FileSegment[] = blocks.map((b, i) => ({ id: String(i + 1), text: tagged.get(b)?.text ?? escapeLiterals(b.text), unit: b.page, ...(b.keep ? { keep: b.keep } : {}) }));
  outline.forEach((item, i) => { if (/\p{L}/u.test(item.title)) segments.push({ id: `outline-${i + 1}`, text: escapeLiterals(item.title), unit: 1 }); });
  const pdf = { file, pages, blocks, tagged, original, links, outline, turned, warnings, minFontPt: o.minFontPt ?? 5, chromium: o.chromium };
  return {
    format: 'pdf',
    units: pages.length,
    segments,
    write: (translations, out, { target, signal }) => writePdf(pdf, translations, out, { target, signal }),
  };
}

/** Blocks read by OCR from the scanned pages (pages with images and no text), up to `maxOcrPages`; a warning for each page past it. */
async function readScannedPages(file: string, pages: PdfPageInfo[], blocks: PdfBlock[], o: PdfOptions): Promise<TranslationWarning[]> {
  const warnings: TranslationWarning[] = [];
  const withText = new Set(blocks.map((b) => b.page));
  const scanned = [...await pagesWithImages(file, o.signal)].filter((p) => !withText.has(p) && p <= pages.length);
  for (const [i, page] of scanned.entries()) {
    if (i >= (o.maxOcrPages ?? 50)) { warnings.push(warningOf(page, 'warning.ocr_limit')); continue; }
    blocks.push(...await ocrPageBlocks(file, page, o.source, o.signal));
  }
  return warnings;
}

/**
 * The original as pdf-lib reads it, kept as the output document, and its outline; null when pdf-lib cannot
 * (its page tree is broken, it is encrypted). `pages` become the pages as shown.
 */
async function readOriginal(file: string, pages: PdfPageInfo[]): Promise<{ original: PDFDocument | null; outline: OutlineItem[] }> {
  let original = await PDFDocument.load(await readFile(file), { updateMetadata: false, ignoreEncryption: true }).catch(() => null);
  let outline: OutlineItem[] = [];
  try {
    if (original && (original.isEncrypted || original.getPageCount() !== pages.length)) original = null;
    outline = original ? outlineItems(original) : [];
    // poppler reports a turned page's size unturned (its words are turned): the overlay page is the page as shown.
    if (original) original.getPages().forEach((p, i) => { pages[i] = displaySize(cropFrame(p)); });
  } catch {
    original = null;
  }
  return { original, outline };
}

/** Removes the blocks whose centre lies in a form field's widget. */
function dropWidgetText(original: PDFDocument, blocks: PdfBlock[]): void {
  const widgets = widgetBoxes(original);
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i]!;
    const cx = b.x + b.w / 2; const cy = b.y + b.h / 2;
    if (widgets.some((w) => w.page === b.page && cx >= w.x0 && cx <= w.x1 && cy >= w.y0 && cy <= w.y1)) blocks.splice(i, 1);
  }
}

/** A block whose words carry links: its segment marks each link's words as a span (tag id -> link). */
function tagLinks(blocks: PdfBlock[], links: LinkAnnotation[], context: string): TaggedBlocks {
  const tagged: TaggedBlocks = new Map();
  for (const b of blocks) {
    if (b.ocr || b.keep) continue;
    const own = new Map<number, string>();
    const text = linkTaggedText(b, (w) => {
      const cx = w.x + w.w / 2; const cy = w.y + w.h / 2;
      const k = links.findIndex((l) => l.page === b.page && cx >= l.x0 - 1 && cx <= l.x1 + 1 && cy >= l.y0 - 1 && cy <= l.y1 + 1);
      if (k < 0) return null;
      if (!own.has(k)) own.set(k, String(own.size + 1));
      return own.get(k)!;
    }, context);
    if (text) tagged.set(b, { text, links: new Map([...own].map(([k, id]) => [id, k])) });
  }
  return tagged;
}

const withTempDir = async <T>(f: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-turned-'));
  try { return await f(dir); } finally { await rm(dir, { recursive: true, force: true }); }
};
