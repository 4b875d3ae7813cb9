/**
 * Fitting text into terminal columns: display width (wide CJK characters
 * count two, combining marks none) and cutting from the end or the middle.
 */
import stringWidth from 'string-width';

export const textWidth = (s: string): number => stringWidth(s);

/** Cuts from the end, with an ellipsis, to at most `max` columns. */
export function truncateEnd(s: string, max: number): string {
  if (textWidth(s) <= max) return s;
  if (max <= 0) return '';
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = textWidth(ch);
    if (w + cw > max - 1) break;
    out += ch;
    w += cw;
  }
  return out + '…';
}

/** Cuts from the middle, keeping the start and the end (a path's folder and its file name). */
export function truncateMiddle(s: string, max: number): string {
  if (textWidth(s) <= max) return s;
  if (max <= 1) return truncateEnd(s, max);
  const chars = [...s];
  const room = max - 1;
  const tailRoom = Math.ceil(room / 2);
  let tail = '';
  let tw = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const cw = textWidth(chars[i]!);
    if (tw + cw > tailRoom) break;
    tail = chars[i] + tail;
    tw += cw;
  }
  return truncateEnd(s, room - tw + 1).replace(/…$/, '') + '…' + tail;
}

/** Pads (or cuts from the end) to exactly `width` columns. */
export function padTo(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cut = truncateEnd(s, width);
  const gap = ' '.repeat(Math.max(0, width - textWidth(cut)));
  return align === 'right' ? gap + cut : cut + gap;
}
