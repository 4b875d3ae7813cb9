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

export function activeLines(active: readonly ActiveFile[], columns: number | undefined): string[] {
  if (!active.length) return [];
  const cols = usableColumns(columns);
  const whatWidth = Math.max(...active.map((a) => textWidth(whatOf(a))));
  const barWidth = cols >= 100 ? 20 : 0;
  // file, what, [bar] pct, phase, then the step with at least 24 columns; the file gets up to a third, at least 12.
  const fixed = whatWidth + (barWidth ? barWidth + 1 : 0) + 4 + PHASE_WIDTH + GAP.length * 4;
  const longest = Math.max(...active.map((a) => textWidth(a.file)));
  const fileWidth = Math.max(12, Math.min(longest, Math.floor(cols / 3), cols - fixed - 24));
  return active.map((a) => {
    const parts = [
      padTo(truncateMiddle(a.file, fileWidth), fileWidth),
      padTo(whatOf(a), whatWidth),
      (barWidth ? bar(a.percent, barWidth) + ' ' : '') + percent(a.percent).padStart(4),
      padTo(a.phase, PHASE_WIDTH),
      a.detail ? a.detail.replace(/\s+/g, ' ').trim() : '',
    ];
    return truncateEnd(parts.join(GAP).trimEnd(), cols);
  });
}

/** A finished file's line ("✔ deck.pptx: completed (…)") cut to the terminal, the path cut from the middle. */
export function finishedLine(mark: string, file: string, rest: string, columns: number | undefined): string {
  const cols = usableColumns(columns);
  const tail = rest.replace(/\s+/g, ' ');
  const fileRoom = Math.max(12, Math.min(textWidth(file), cols - textWidth(mark) - 1 - Math.min(textWidth(tail), Math.floor(cols / 2))));
  return truncateEnd(`${mark} ${truncateMiddle(file, fileRoom)}${tail}`, cols);
}
