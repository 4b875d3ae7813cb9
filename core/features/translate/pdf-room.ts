/**
 * How much free room a line placed on its own has after its end, so a
 * longer translation runs on into it instead of shrinking: up to the next
 * text on its band (with a gap of a letter's width), the page's margin
 * (as wide as its left one, at most an inch), and the first drawing on its
 * band in the page rendered without text (a rule, a cell border, a box).
 */
import type { PdfBlock, PdfPageInfo } from './pdf-blocks';
import { backgroundAround, type Raster } from './pdf-style';

/** Free points after the block's end (right for left-to-right text, left for right-to-left), 0 when none. */
export function roomAfter(b: PdfBlock, side: 'right' | 'left', blocks: PdfBlock[], page: PdfPageInfo, textFree?: Raster): number {
  const gap = Math.max(3, b.size);
  const band = (o: PdfBlock) => o !== b && o.page === b.page && o.y < b.y + b.h && o.y + o.h > b.y;
  const end = side === 'right' ? b.x + b.w : b.x;
  const margin = Math.max(4, Math.min(side === 'right' ? b.x : page.width - (b.x + b.w), 72));
  let limit = side === 'right'
    ? Math.min(page.width - margin, ...blocks.filter((o) => band(o) && o.x >= end - 1).map((o) => o.x - gap))
    : Math.max(margin, ...blocks.filter((o) => band(o) && o.x + o.w <= end + 1).map((o) => o.x + o.w + gap));
  if (textFree) limit = firstDrawing(textFree, b, end, limit) ?? limit;
  return Math.max(0, side === 'right' ? limit - end : end - limit);
}

/** The first column (points) between `from` and `to` on the block's band where the text-free page shows something, less a point and a half. */
function firstDrawing(r: Raster, b: PdfBlock, from: number, to: number): number | null {
  const bg = backgroundAround(r, b);
  const ref = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
  const y0 = Math.max(0, Math.floor((b.y + b.h * 0.15) * r.scale)); const y1 = Math.min(r.height - 1, Math.ceil((b.y + b.h * 0.85) * r.scale));
  const step = from <= to ? 1 : -1;
  const [c0, c1] = [Math.round(from * r.scale) + step, Math.round(to * r.scale)];
  for (let x = c0; step > 0 ? x <= c1 : x >= c1; x += step) {
    if (x < 0 || x >= r.width) break;
    for (let y = y0; y <= y1; y++) {
      const i = (y * r.width + x) * 3;
      if (Math.abs(r.data[i]! - ref[0]!) + Math.abs(r.data[i + 1]! - ref[1]!) + Math.abs(r.data[i + 2]! - ref[2]!) > 60) return x / r.scale - step * 1.5;
    }
  }
  return null;
}
