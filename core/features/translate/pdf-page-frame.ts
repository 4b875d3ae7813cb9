/**
 * Where a PDF page is as a reader sees it: its boxes normalised (a MediaBox
 * written upside down, [0 792 612 0], or with an origin off 0,0 is shown
 * upright from its lowest corner), the CropBox clipped to the MediaBox, and
 * its /Rotate. poppler reports words in the displayed page (top-left
 * origin, the crop box, turned by /Rotate); Ghostscript writes a page with
 * its MediaBox moved to 0,0 and its rotation baked in. These helpers map
 * between those spaces and the page's own user space, so text, links,
 * widgets and the redrawn page land where they were.
 */
import { degrees, type PDFPage } from 'pdf-lib';

export interface Rect { x0: number; y0: number; x1: number; y1: number }

/** A page's shown area in user space and its rotation (0, 90, 180, 270: clockwise on screen). */
export interface PageFrame { box: Rect; rotation: 0 | 90 | 180 | 270 }

const norm = (b: { x: number; y: number; width: number; height: number }): Rect => ({
  x0: Math.min(b.x, b.x + b.width), x1: Math.max(b.x, b.x + b.width), y0: Math.min(b.y, b.y + b.height), y1: Math.max(b.y, b.y + b.height),
});

const rotationOf = (page: PDFPage): PageFrame['rotation'] => {
  const r = ((Math.round(page.getRotation().angle / 90) * 90) % 360 + 360) % 360;
  return r as PageFrame['rotation'];
};

/** The page's MediaBox, normalised. */
export const mediaFrame = (page: PDFPage): PageFrame => ({ box: norm(page.getMediaBox()), rotation: rotationOf(page) });

/** The page's CropBox (its MediaBox when none), normalised and clipped to the MediaBox: what poppler reports words in. */
export function cropFrame(page: PDFPage): PageFrame {
  const m = norm(page.getMediaBox());
  const c = norm(page.getCropBox());
  const box = { x0: Math.max(m.x0, c.x0), y0: Math.max(m.y0, c.y0), x1: Math.min(m.x1, c.x1), y1: Math.min(m.y1, c.y1) };
  return { box: box.x1 > box.x0 && box.y1 > box.y0 ? box : m, rotation: rotationOf(page) };
}

/** The displayed size (points): width and height swap on a page turned by a quarter. */
export function displaySize(f: PageFrame): { width: number; height: number } {
  const w = f.box.x1 - f.box.x0; const h = f.box.y1 - f.box.y0;
  return f.rotation % 180 ? { width: h, height: w } : { width: w, height: h };
}

/** A user-space point as the reader sees it: points from the displayed page's top-left corner. */
export function toDisplay(f: PageFrame, x: number, y: number): { x: number; y: number } {
  const { x0, y0, x1, y1 } = f.box;
  switch (f.rotation) {
    case 90: return { x: y - y0, y: x - x0 };
    case 180: return { x: x1 - x, y: y - y0 };
    case 270: return { x: y1 - y, y: x1 - x };
    default: return { x: x - x0, y: y1 - y };
  }
}

/** A user-space rectangle as the reader sees it (top-left origin). */
export function rectToDisplay(f: PageFrame, r: Rect): Rect {
  const a = toDisplay(f, r.x0, r.y0); const b = toDisplay(f, r.x1, r.y1);
  return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
}

/**
 * A point of a page drawn in display space (points from the displayed
 * page's bottom-left corner, as the overlay PDF and Ghostscript's output
 * write it) in the page's user space.
 */
export function fromDisplayPdf(f: PageFrame, u: number, v: number): { x: number; y: number } {
  const { x0, y0, x1, y1 } = f.box;
  switch (f.rotation) {
    case 90: return { x: x1 - v, y: y0 + u };
    case 180: return { x: x1 - u, y: y1 - v };
    case 270: return { x: x0 + v, y: y1 - u };
    default: return { x: x0 + u, y: y0 + v };
  }
}

/** A rectangle in display space (bottom-left origin) in user space. */
export function rectFromDisplayPdf(f: PageFrame, r: Rect): Rect {
  const a = fromDisplayPdf(f, r.x0, r.y0); const b = fromDisplayPdf(f, r.x1, r.y1);
  return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
}

/** pdf-lib `drawPage` options that put a page drawn in display space (its size the displayed size) onto the frame. */
export function placement(f: PageFrame): { x: number; y: number; width: number; height: number; rotate: ReturnType<typeof degrees> } {
  const { width, height } = displaySize(f);
  const origin = fromDisplayPdf(f, 0, 0);
  // drawPage turns the drawing counter-clockwise about its origin by as much as the viewer turns the page clockwise.
  return { x: origin.x, y: origin.y, width, height, rotate: degrees(f.rotation) };
}
