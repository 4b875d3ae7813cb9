/**
 * The live import view's lines, as plain strings that fit the terminal: one
 * line per file in flight, columns separated by two spaces and aligned across
 * lines. Nothing may be wider than the terminal, or the terminal wraps it and
 * every redraw leaves a copy behind.
 *
 *   manuals/…/kitchen.pdf  document 12      ████░░░░  40%  extracting  Reading text of page 3 of 8
 */
import { bar, percent } from '../format';
import { padTo, textWidth, truncateEnd, truncateMiddle } from './fit';

export interface ActiveFile {
  file: string;
  type: string;
  id: number | null;
  /** 'reading', 'uploading', or the item's status. */
  phase: string;
  percent: number;
  detail: string | null;
}

const GAP = '  ';
/** The longest phase ("extracting", "processing", "converting"). */
const PHASE_WIDTH = 10;

/** Usable columns: one less than the terminal, so a full line never triggers the terminal's own wrap. */
export const usableColumns = (columns: number | undefined) => Math.max(20, (columns && columns > 0 ? columns : 80) - 1);

const whatOf = (a: ActiveFile) => (a.id ? `${a.type} ${a.id}` : a.type);

/** The columns of one live line, each already cut and padded; `detail` takes what is left of the terminal. */
export interface ActiveRow {
  key: string;
  file: string;
  what: string;
  /** The bar and the percentage ("████░░░░  40%"), or the percentage alone on a narrow terminal. */
  bar: string;
  percent: string;
  phase: string;
  detail: string;
}

export function activeRows(active: readonly ActiveFile[], columns: number | undefined): ActiveRow[] {
  if (!active.length) return [];
  const cols = usableColumns(columns);
  const whatWidth = Math.max(...active.map((a) => textWidth(whatOf(a))));
  const barWidth = cols >= 100 ? 20 : 0;
  // file, what, [bar] pct, phase, then the step with at least 24 columns; the file gets up to a third, at least 12.
  const fixed = whatWidth + (barWidth ? barWidth + 1 : 0) + 4 + PHASE_WIDTH + GAP.length * 4;
  const longest = Math.max(...active.map((a) => textWidth(a.file)));
  const fileWidth = Math.max(12, Math.min(longest, Math.floor(cols / 3), cols - fixed - 24));
  return active.map((a) => {
    const row = {
      key: a.file,
      file: padTo(truncateMiddle(a.file, fileWidth), fileWidth),
      what: padTo(whatOf(a), whatWidth),
      bar: barWidth ? bar(a.percent, barWidth) : '',
      percent: percent(a.percent).padStart(4),
      phase: padTo(a.phase, PHASE_WIDTH),
      detail: '',
    };
    const used = textWidth([row.file, row.what, (row.bar ? row.bar + ' ' : '') + row.percent, row.phase, ''].join(GAP));
    row.detail = truncateEnd(a.detail ? a.detail.replace(/\s+/g, ' ').trim() : '', Math.max(0, cols - used));
    return row;
  });
}

/** A row as one string (what the terminal shows, without colours). */
export function lineOf(r: ActiveRow): string {
  return [r.file, r.what, (r.bar ? r.bar + ' ' : '') + r.percent, r.phase, r.detail].join(GAP).trimEnd();
}

export const activeLines = (active: readonly ActiveFile[], columns: number | undefined): string[] => activeRows(active, columns).map(lineOf);

/** A finished file's line ("✔ deck.pptx: completed (…)") cut to the terminal, the path cut from the middle. */
export function finishedLine(mark: string, file: string, rest: string, columns: number | undefined): string {
  const cols = usableColumns(columns);
  const tail = rest.replace(/\s+/g, ' ');
  const fileRoom = Math.max(12, Math.min(textWidth(file), cols - textWidth(mark) - 1 - Math.min(textWidth(tail), Math.floor(cols / 2))));
  return truncateEnd(`${mark} ${truncateMiddle(file, fileRoom)}${tail}`, cols);
}
