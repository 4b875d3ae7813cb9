/**
 * Writes a translated PDF: the original's text removed by Ghostscript, the
 * translation printed as an overlay (./pdf-overlay.ts) and drawn onto each
 * page. The original stays the document (form fields, bookmarks, links,
 * tags) when pdf-lib can edit it: its pages' drawing is replaced by the
 * text-free one, its links moved to where their words now are and its
 * bookmarks' titles translated.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, type PDFEmbeddedPage } from 'pdf-lib';
import { AppError } from '../../foundation/errors';
import { warningOf } from '../../foundation/messages';
import { runTool } from '../../foundation/tools/exec';
import { stripTags } from '../../foundation/tools/inline-tags';
import type { TranslationLanguage } from '../../foundation/types';
import { LANG_TAG } from './ooxml';
import { movedLinks, placeLink, type LinkAnnotation, type OutlineItem } from './pdf-annotations';
import type { PdfBlock, PdfPageInfo } from './pdf-blocks';
import { carryForms } from './pdf-forms';
import { overlayHtml, printHtml, type PlacedBlock } from './pdf-overlay';
import { cropFrame, displaySize, mediaFrame, placement, rectFromDisplayPdf } from './pdf-page-frame';
import { placeBlocks, type TaggedBlocks } from './pdf-place';
import { readPdfChars, renderRasters } from './pdf-style';
import { seenColour, type TurnedLine } from './pdf-turned';
import type { TranslationWarning } from './types';

/** What was read of the original PDF when it was opened, and what its translation is drawn with. */
export interface OpenedPdf {
  file: string;
  /** Each page's size as shown. */
  pages: PdfPageInfo[];
  blocks: PdfBlock[];
  tagged: TaggedBlocks;
  /** The original as pdf-lib reads it, kept as the output document; null when pdf-lib cannot. */
  original: PDFDocument | null;
  links: LinkAnnotation[];
  outline: OutlineItem[];
  /** Slanted text kept as it was. */
  turned: TurnedLine[];
  /** Found while opening (scanned pages past the OCR limit). */
  warnings: TranslationWarning[];
  minFontPt: number;
  chromium?: string;
}

export async function writePdf(pdf: OpenedPdf, translations: ReadonlyMap<string, string>, out: string, { target, signal }: { target: TranslationLanguage; signal?: AbortSignal }): Promise<TranslationWarning[]> {
  const { file, pages, original, turned } = pdf;
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-tr-'));
  try {
    const noText = path.join(dir, 'notext.pdf');
    // Annotations (form fields' boxes, stamps) stay the kept original's: drawn into its content too, they would show twice.
    await runTool('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dFILTERTEXT', '-dAutoRotatePages=/None',
      ...(original ? ['-dShowAnnots=false'] : []), `-sOutputFile=${noText}`, file], { signal, timeoutMs: 300_000 });
    // How each block looks (MuPDF's characters) and what is behind it (the page rendered with and without its text).
    const [chars, before, after] = await Promise.all([
      readPdfChars(file, dir, signal), renderRasters(file, dir, 'o', 36, { signal }), renderRasters(file, dir, 'n', 36, { noText: true, signal }),
    ]);
    const { placed, hidden } = placeBlocks(pdf.blocks, translations, pdf.tagged, pdf.links, { chars, before, after }, pages, target);
    const filtered = await PDFDocument.load(await readFile(noText), { updateMetadata: false });
    // Rebuilt from the text-free copy (the original unreadable to pdf-lib), a page is as Ghostscript wrote it: turned already.
    const shown = original || filtered.getPageCount() !== pages.length ? pages : filtered.getPages().map((p) => displaySize(cropFrame(p)));
    const seen = turned.map((l) => ({ ...l, color: seenColour(before[l.page - 1], after[l.page - 1], l, turned) }));
    const overlay = await printHtml(pdf.chromium ?? '/usr/bin/chromium', overlayHtml(shown, placed, target, pdf.minFontPt, seen), dir, signal);
    const layer = await PDFDocument.load(overlay.pdf);
    if (filtered.getPageCount() !== pages.length || layer.getPageCount() !== pages.length) {
      throw new AppError('internal', `The translated PDF came out with ${layer.getPageCount()} overlay pages and ${filtered.getPageCount()} base pages for ${pages.length} pages.`);
    }
    // The original stays the document (form fields, bookmarks, links, tags): only its pages' drawing is replaced
    // by the text-free drawing. A file pdf-lib cannot edit in place is rebuilt from the text-free copy.
    let doc = filtered;
    if (original) {
      doc = await replacePageContents(original, filtered).then(() => original, () => filtered);
    }
    const embedded = await doc.embedPdf(layer, layer.getPageIndices());
    const warnings = [...pdf.warnings];
    for (const p of hidden) warnings.push(warningOf(p, 'warning.hidden_text_layer'));
    for (const p of new Set(turned.map((l) => l.page))) warnings.push(warningOf(p, 'warning.slanted_text_kept'));
    drawOverlay(doc, embedded, placed, turned);
    if (doc === original) {
      moveLinks(doc, layer, pdf.links);
      translateOutline(pdf.outline, translations);
    }
    // An XFA form and signatures cannot carry over (./pdf-forms.ts): removed, with a warning each.
    warnings.push(...await carryForms(doc, file));
    doc.setLanguage(LANG_TAG[target] ?? 'en-US');
    await writeFile(out, await doc.save());
    for (const p of overlay.overflow) {
      warnings.push(warningOf(p, 'warning.block_overflow', { size: pdf.minFontPt }));
    }
    return warnings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The overlay is drawn in the page as the reader sees it: its crop box, upright, turned back by the page's /Rotate. */
function drawOverlay(doc: PDFDocument, embedded: PDFEmbeddedPage[], placed: PlacedBlock[], turned: TurnedLine[]): void {
  doc.getPages().forEach((page, i) => {
    if (placed.some((b) => b.page === i + 1) || turned.some((l) => l.page === i + 1)) page.drawPage(embedded[i]!, placement(cropFrame(page)));
  });
}

/** Each original link is moved to where Chromium placed its words in the overlay (scaled from the overlay page to the page as shown). */
function moveLinks(doc: PDFDocument, layer: PDFDocument, links: LinkAnnotation[]): void {
  const moved = movedLinks(layer);
  doc.getPages().forEach((page, i) => {
    const frame = cropFrame(page);
    const shown = displaySize(frame);
    const { width: lw, height: lh } = layer.getPage(i).getSize();
    for (const [k, rects] of moved.get(i + 1) ?? []) {
      const link = links[k];
      if (link?.page === i + 1) placeLink(link.dict, rects.map((r) => rectFromDisplayPdf(frame, {
        x0: r.x0 * shown.width / lw, x1: r.x1 * shown.width / lw, y0: r.y0 * shown.height / lh, y1: r.y1 * shown.height / lh,
      })));
    }
  });
}

/** Bookmarks keep their place with their titles translated. */
function translateOutline(outline: OutlineItem[], translations: ReadonlyMap<string, string>): void {
  outline.forEach((item, i) => {
    const t = translations.get(`outline-${i + 1}`);
    if (t !== undefined) item.dict.set(PDFName.of('Title'), PDFHexString.fromText(stripTags(t)));
  });
}

/** Each page of `doc` draws the same page of `drawing` instead of its own content (everything else of the page stays). */
async function replacePageContents(doc: PDFDocument, drawing: PDFDocument): Promise<void> {
  const base = await doc.embedPdf(drawing, drawing.getPageIndices());
  doc.getPages().forEach((page, i) => {
    const old = page.node.get(PDFName.of('Contents'));
    const refs = old instanceof PDFRef ? [old] : old instanceof PDFArray ? old.asArray().filter((r): r is PDFRef => r instanceof PDFRef) : [];
    page.node.set(PDFName.of('Contents'), doc.context.obj([]));
    for (const r of refs) doc.context.delete(r);
    // A free-text note's words are page text to the reader (and were translated with it): the note itself goes.
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (annots instanceof PDFArray) {
      const keep = annots.asArray().filter((a) => {
        const d = a instanceof PDFRef ? doc.context.lookup(a) : a;
        return !(d instanceof PDFDict && d.lookup(PDFName.of('Subtype')) === PDFName.of('FreeText'));
      });
      page.node.set(PDFName.of('Annots'), doc.context.obj(keep));
    }
    // Ghostscript moved the MediaBox to 0,0 and turned the drawing as the page is shown: put back where the page has it.
    page.drawPage(base[i]!, placement(mediaFrame(page)));
  });
}
