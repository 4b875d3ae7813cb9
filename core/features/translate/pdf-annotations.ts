/**
 * The PDF's own objects a translation keeps and moves: the outline
 * (bookmarks, their titles translated), link annotations (found in the page
 * as the reader sees it, moved onto their translated words, which Chromium
 * marks in the overlay as anchors to `https://link-N.invalid/`) and form
 * widgets (text a widget draws is the field's, not page text).
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFPage, PDFRef, PDFString } from 'pdf-lib';
import type { PdfBlock } from './pdf-blocks';
import { cropFrame, rectToDisplay, type Rect } from './pdf-page-frame';
import { styleIn, underlined, type PdfChar, type Raster } from './pdf-style';

/** The overlay anchor of link N: Chromium turns it into a link annotation with this URI in the overlay PDF. */
export const linkUri = (n: number) => `https://link-${n}.invalid/`;
const LINK_URI = /^https:\/\/link-(\d+)\.invalid\/$/;

/** A link drawn in the overlay: its index and how its words looked where they differ from their block. */
export interface LinkLook { index: number; color?: string; bold?: boolean; underline?: boolean }

export interface OutlineItem { dict: PDFDict; title: string }

/** The outline (bookmarks) in reading order, each item's dictionary and title. */
export function outlineItems(doc: PDFDocument): OutlineItem[] {
  const out: OutlineItem[] = [];
  const seen = new Set<PDFDict>();
  const lookup = (d: PDFDict, key: string) => { const v = d.lookup(PDFName.of(key)); return v instanceof PDFDict ? v : null; };
  const walk = (first: PDFDict | null, depth: number) => {
    for (let item = first; item && !seen.has(item) && depth < 50 && out.length < 10_000; item = lookup(item, 'Next')) {
      seen.add(item);
      const t = item.lookup(PDFName.of('Title'));
      out.push({ dict: item, title: t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : '' });
      walk(lookup(item, 'First'), depth + 1);
    }
  };
  const root = doc.catalog.lookup(PDFName.of('Outlines'));
  if (root instanceof PDFDict) walk(lookup(root, 'First'), 0);
  return out;
}

export interface LinkAnnotation extends Rect { page: number; dict: PDFDict }

const annotationsOf = (doc: PDFDocument, page: PDFPage, subtype: string): PDFDict[] => {
  const annots = page.node.lookup(PDFName.of('Annots'));
  if (!(annots instanceof PDFArray)) return [];
  return annots.asArray().map((a) => (a instanceof PDFRef ? doc.context.lookup(a) : a))
    .filter((d): d is PDFDict => d instanceof PDFDict && d.lookup(PDFName.of('Subtype')) === PDFName.of(subtype));
};
const rectOf = (d: PDFDict): Rect | null => {
  const rect = d.lookup(PDFName.of('Rect'));
  if (!(rect instanceof PDFArray) || rect.size() < 4) return null;
  const [a, b, c, e] = rect.asArray().map((n) => Number(n.toString()));
  if (![a, b, c, e].every(Number.isFinite)) return null;
  return { x0: Math.min(a!, c!), y0: Math.min(b!, e!), x1: Math.max(a!, c!), y1: Math.max(b!, e!) };
};

/** Link annotations, their rectangles in the page as shown (top-left origin, crop box, turned: as pdftotext reports words). */
export function linkAnnotations(doc: PDFDocument): LinkAnnotation[] {
  const out: LinkAnnotation[] = [];
  try {
    doc.getPages().forEach((page, i) => {
      const frame = cropFrame(page);
      for (const dict of annotationsOf(doc, page, 'Link')) {
        const r = rectOf(dict);
        if (r) out.push({ page: i + 1, dict, ...rectToDisplay(frame, r) });
      }
    });
  } catch {
    return out;
  }
  return out;
}

/** How a link's own words look where they differ from their block (colour, bold), and whether a line was drawn under them. */
export function linkLook(chars: PdfChar[], link: Rect, block: PdfBlock, index: number, textFree?: Raster): LinkLook {
  const box = { x: link.x0, y: link.y0, w: link.x1 - link.x0, h: link.y1 - link.y0 };
  const own = styleIn(chars, block.page, box);
  const base = styleIn(chars, block.page, block);
  return {
    index,
    ...(own.color !== base.color ? { color: own.color } : {}),
    ...(own.bold && !base.bold ? { bold: true } : {}),
    ...(textFree && underlined(textFree, box) ? { underline: true } : {}),
  };
}

/** Per overlay page, the rectangles (overlay PDF coordinates) Chromium wrote for each link anchor, by link index. */
export function movedLinks(layer: PDFDocument): Map<number, Map<number, Rect[]>> {
  const out = new Map<number, Map<number, Rect[]>>();
  layer.getPages().forEach((page, i) => {
    for (const d of annotationsOf(layer, page, 'Link')) {
      const action = d.lookup(PDFName.of('A'));
      const uri = action instanceof PDFDict ? action.lookup(PDFName.of('URI')) : null;
      const m = uri instanceof PDFString || uri instanceof PDFHexString ? LINK_URI.exec(uri.decodeText()) : null;
      const r = rectOf(d);
      if (!m || !r || r.x1 - r.x0 < 0.5) continue;
      // Chromium's box is the font's full height (Noto: 1.36 em), taller than a line (1.12 em): trimmed to the line so a link does not reach into the next.
      const trim = (r.y1 - r.y0) * 0.09;
      r.y0 += trim; r.y1 -= trim;
      const byLink = out.get(i + 1) ?? new Map<number, Rect[]>();
      byLink.set(Number(m[1]), [...(byLink.get(Number(m[1])) ?? []), r]);
      out.set(i + 1, byLink);
    }
  });
  return out;
}

/** Moves a link annotation onto the translated text: its Rect spans the rectangles, QuadPoints gives each (one per line). */
export function placeLink(dict: PDFDict, rects: Rect[]): void {
  if (!rects.length) return;
  const ctx = dict.context;
  const n = (v: number) => Math.round(v * 1000) / 1000;
  dict.set(PDFName.of('Rect'), ctx.obj([Math.min(...rects.map((r) => r.x0)), Math.min(...rects.map((r) => r.y0)), Math.max(...rects.map((r) => r.x1)), Math.max(...rects.map((r) => r.y1))].map(n)));
  // Upper left, upper right, lower left, lower right (the order viewers read).
  dict.set(PDFName.of('QuadPoints'), ctx.obj(rects.flatMap((r) => [r.x0, r.y1, r.x1, r.y1, r.x0, r.y0, r.x1, r.y0]).map(n)));
  // An appearance drawn for the old rectangle would be stretched over the new one; the border is drawn from /Border.
  dict.delete(PDFName.of('AP'));
}

/** Widget annotations' rectangles in top-left page coordinates (points, crop box origin), as pdftotext reports text. */
export function widgetBoxes(doc: PDFDocument): Array<{ page: number; x0: number; y0: number; x1: number; y1: number }> {
  const out: Array<{ page: number; x0: number; y0: number; x1: number; y1: number }> = [];
  try {
    doc.getPages().forEach((page, i) => {
      const annots = page.node.lookup(PDFName.of('Annots'));
      if (!(annots instanceof PDFArray)) return;
      const frame = cropFrame(page);
      for (const a of annots.asArray()) {
        const d = a instanceof PDFRef ? doc.context.lookup(a) : a;
        if (!(d instanceof PDFDict) || d.lookup(PDFName.of('Subtype')) !== PDFName.of('Widget')) continue;
        const r = rectOf(d);
        if (r) out.push({ page: i + 1, ...rectToDisplay(frame, r) });
      }
    });
  } catch {
    return out;
  }
  return out;
}
