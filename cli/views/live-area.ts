/**
 * The widths of the lines a live view last drew (the part ink redraws). When
 * the terminal narrows it re-wraps those lines onto more rows than ink knows
 * of, and ink's erase would leave the extra rows behind as stale copies: the
 * logger erases them first (see `eraseReflowed`).
 */
import { textWidth } from './fit';

export const liveArea = { widths: [] as number[] };

/** Views call this as they render their live lines. */
export function drawLive(lines: readonly string[]): void {
  liveArea.widths = lines.map(textWidth);
}

/**
 * The escape sequence that erases the live area after the terminal re-wrapped
 * it to `columns` (cursor on the row below it), then leaves the cursor where
 * ink expects the bottom of its old output, so ink's own erase ends at the top.
 */
export function eraseReflowed(columns: number): string {
  const widths = liveArea.widths;
  if (!widths.length || columns <= 0) return '';
  const rows = widths.reduce((n, w) => n + Math.max(1, Math.ceil(w / columns)), 0);
  if (rows <= widths.length) return '';
  // Erase the current row and the `rows` above it, then step down as many rows as ink will step up.
  return '\x1b[2K' + '\x1b[1A\x1b[2K'.repeat(rows) + '\r' + '\n'.repeat(widths.length);
}
