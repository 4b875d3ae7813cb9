import type { Style } from './style';
import { shortenPath, textWidth, truncateEnd, truncateMiddle } from './fit';

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right';
  /** Longest cell before it is cut with an ellipsis; columns with a max also give way to fit a terminal. */
  max?: number;
  /** Where a long cell is cut: at the end (default), in the middle, or a path from the left keeping its file name. */
  cut?: 'end' | 'middle' | 'path';
  style?: (row: T) => Style | undefined;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const cutTo = (s: string, max: number, where: Column<unknown>['cut'] = 'end') =>
  where === 'middle' ? truncateMiddle(s, max) : where === 'path' ? shortenPath(s, max) : truncateEnd(s, max);
const GAP = 2;
/** The narrowest a column that gives way may become. */
const MIN_WIDTH = 10;

/**
 * Column widths: each column's widest cell (up to its max); with `maxWidth`
 * (a terminal), the widest columns that have a max give way, one column at a
 * time, until a row fits.
 */
function widthsFor<T>(columns: Column<T>[], raw: string[][], maxWidth: number | undefined): number[] {
  const widths = columns.map((c, i) => Math.min(c.max ?? Infinity, Math.max(textWidth(c.header), ...raw.map((row) => textWidth(row[i]!)))));
  if (!maxWidth) return widths;
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1);
  while (total() > maxWidth) {
    let widest = -1;
    columns.forEach((c, i) => {
      if (c.max !== undefined && widths[i]! > Math.max(MIN_WIDTH, textWidth(c.header)) && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    });
    if (widest < 0) break;
    widths[widest]! -= 1;
  }
  return widths;
}

/** A plain-text table: header, rule, rows; colour only when `paint` is given; `maxWidth` fits it to a terminal. */
export function formatTable<T>(rows: T[], columns: Column<T>[], options: { paint?: (text: string, style: Style) => string; maxWidth?: number } = {}): string {
  const raw = rows.map((r) => columns.map((c) => clean(String(c.value(r) ?? ''))));
  const widths = widthsFor(columns, raw, options.maxWidth);
  const cells = raw.map((row) => row.map((s, i) => cutTo(s, widths[i]!, columns[i]!.cut)));
  const pad = (s: string, i: number) => {
    const gap = ' '.repeat(Math.max(0, widths[i]! - textWidth(s)));
    return columns[i]!.align === 'right' ? gap + s : s + gap;
  };
  const paint = options.paint ?? ((s: string) => s);
  const header = columns.map((c, i) => pad(cutTo(c.header, widths[i]!), i)).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const body = cells.map((row, r) =>
    row
      .map((s, i) => {
        const style = columns[i]!.style?.(rows[r]!);
        const padded = pad(s, i);
        return style ? paint(padded, style) : padded;
      })
      .join('  ')
      .trimEnd(),
  );
  return [paint(header, 'bold'), rule, ...body].join('\n');
}
