import type { Style } from '../logger';

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right';
  /** Longest cell before it is cut with an ellipsis. */
  max?: number;
  style?: (row: T) => Style | undefined;
}

const width = (s: string) => [...s].length;

function cut(s: string, max: number | undefined) {
  const clean = s.replace(/\s+/g, ' ').trim();
  if (!max || width(clean) <= max) return clean;
  return [...clean].slice(0, max - 1).join('') + '…';
}

/** A plain-text table: header, rule, rows; colour only when `paint` is given. */
export function formatTable<T>(rows: T[], columns: Column<T>[], options: { paint?: (text: string, style: Style) => string } = {}): string {
  const cells = rows.map((r) => columns.map((c) => cut(String(c.value(r) ?? ''), c.max)));
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((row) => width(row[i]!))));
  const pad = (s: string, i: number) => {
    const gap = ' '.repeat(widths[i]! - width(s));
    return columns[i]!.align === 'right' ? gap + s : s + gap;
  };
  const paint = options.paint ?? ((s: string) => s);
  const header = columns.map((c, i) => pad(c.header, i)).join('  ').trimEnd();
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
