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

/** Cuts from the start, keeping the end, with a leading ellipsis. */
export function truncateStart(s: string, max: number): string {
  if (textWidth(s) <= max) return s;
  if (max <= 0) return '';
  const chars = [...s];
  let tail = '';
  let w = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const cw = textWidth(chars[i]!);
    if (w + cw > max - 1) break;
    tail = chars[i] + tail;
    w += cw;
  }
  return '…' + tail;
}

/**
 * A path cut from the left, keeping its file name whole ("…/northern-region/scan-bad.pdf"),
 * so two files in long folders never look alike. Only a file name that alone is wider than
 * `max` is cut, in its middle (keeping its extension).
 */
export function shortenPath(p: string, max: number): string {
  if (textWidth(p) <= max) return p;
  const name = p.slice(p.lastIndexOf('/') + 1);
  if (textWidth(name) + 1 >= max) return truncateMiddle(name, max);
  return truncateStart(p, max);
}

/**
 * Wraps text on word boundaries to lines of at most `width` columns (`nextWidth` for the lines after the first,
 * e.g. to leave room for an indent); a single word wider than a line is cut into pieces.
 */
export function wrapWords(text: string, width: number, nextWidth = width): string[] {
  const lines: string[] = [];
  const w = () => Math.max(1, lines.length ? nextWidth : width);
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (!word) continue;
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate) <= w()) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line) > w()) {
      let piece = '';
      const room = w();
      for (const ch of line) {
        if (textWidth(piece + ch) > room) break;
        piece += ch;
      }
      lines.push(piece);
      line = line.slice(piece.length);
    }
  }
  if (line) lines.push(line);
  return lines;
}
