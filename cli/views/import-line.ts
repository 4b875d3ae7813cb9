/**
 * The live import view's lines, as plain strings that fit the terminal: one
 * line per file in flight, columns separated by two spaces and aligned across
 * lines. Nothing may be wider than the terminal, or the terminal wraps it and
 * every redraw leaves a copy behind.
 *
 *   manuals/…/kitchen.pdf  document 12      ████░░░░  40%  extracting  Reading text of page 3 of 8
 */
import { bar, eta, percent } from '../format';
import { padTo, shortenPath, textWidth, truncateEnd } from './fit';

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
  // The file name whole ("…/" before it) comes before the step's room; the step takes what is left.
  const longestName = Math.max(...active.map((a) => textWidth(a.file.slice(a.file.lastIndexOf('/') + 1)))) + 2;
  const room = Math.max(Math.min(Math.floor(cols / 3), cols - fixed - 24), Math.min(longestName, Math.floor(cols * 0.4), cols - fixed - 12));
  const fileWidth = Math.max(12, Math.min(longest, room));
  return active.map((a) => {
    const row = {
      key: a.file,
      file: padTo(shortenPath(a.file, fileWidth), fileWidth),
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

/** A finished file's line ("✔ deck.pptx: completed (…)") cut to the terminal, the path cut from the left (file name kept). */
export function finishedLine(mark: string, file: string, rest: string, columns: number | undefined): string {
  const cols = usableColumns(columns);
  const tail = rest.replace(/\s+/g, ' ');
  const nameWidth = textWidth(file.slice(file.lastIndexOf('/') + 1)) + 2;
  const beside = cols - textWidth(mark) - 1 - Math.min(textWidth(tail), Math.floor(cols / 2));
  // The file name whole first (up to 60 % of the line), then the outcome; the folders give way.
  const fileRoom = Math.max(12, Math.min(textWidth(file), Math.max(beside, Math.min(nameWidth, Math.floor(cols * 0.6)))));
  return truncateEnd(`${mark} ${shortenPath(file, fileRoom)}${tail}`, cols);
}

/** Where a run stands: files finished of all, failures, and the time left. */
export interface RunProgress {
  done: number;
  total: number;
  failed: number;
  /** Estimated time left, null until there is something to estimate from. */
  etaMs: number | null;
}

/**
 * "12/48 files · 3 failed · ETA 1 min 10 s", in shorter words on a narrow terminal
 * ("12/48 · 3 ✖ · ETA 1m10s"), the count first so it shows on any width.
 */
export function progressLine(p: RunProgress, columns: number | undefined): string {
  const cols = usableColumns(columns);
  const long = p.etaMs === null ? '…' : eta(p.etaMs);
  const short = p.etaMs === null ? '…' : eta(p.etaMs).replace(/ (h|min|s)\b/g, (_, u: string) => (u === 'min' ? 'm' : u)).replace(/ /g, '');
  const left = p.done < p.total; // once every file is done there is no time left to tell
  const forms = [
    [`${p.done}/${p.total} files`, p.failed ? `${p.failed} failed` : '', left ? `ETA ${long}` : ''],
    [`${p.done}/${p.total}`, p.failed ? `${p.failed} failed` : '', left ? `ETA ${long}` : ''],
    [`${p.done}/${p.total}`, p.failed ? `${p.failed} failed` : '', left ? `ETA ${short}` : ''],
    [`${p.done}/${p.total}`, p.failed ? `${p.failed} ✖` : '', left ? `ETA ${short}` : ''],
  ].map((parts) => parts.filter(Boolean).join(' · '));
  return forms.find((f) => textWidth(f) <= cols) ?? truncateEnd(forms.at(-1)!, cols);
}

/** What the ETA is estimated from: the run's files, what the finished ones measured, and those in flight. */
export interface EtaInput {
  total: number;
  /** Files finished, skipped ones included. */
  done: number;
  /** Files finished after being processed (not skipped): their type and own time (upload and processing, not the queue). */
  processed: ReadonlyArray<{ type: string | null; ms: number }>;
  /** Files in flight: their type and percentage. */
  inFlight: ReadonlyArray<{ type: string | null; percent: number }>;
  /** Since the first file was started. */
  elapsedMs: number;
}

/**
 * The time left from measured rates: each file left costs the mean own time of the processed files of its type
 * (of all processed files while none of its type has finished; a file in flight only its share not done), and
 * the server works on as many at once as measured so far (the processed files' own time over the time passed).
 * Skipped files (already imported) cost nothing and teach nothing: counting them as work done made a re-run's
 * ETA a fraction of its time. Null until a file has been processed.
 */
export function estimateEta(p: EtaInput): number | null {
  const left = p.total - p.done;
  if (p.total <= 0) return null;
  if (left <= 0) return 0;
  if (p.processed.length === 0 || p.elapsedMs <= 0) return null;
  const sum = (xs: ReadonlyArray<{ ms: number }>) => xs.reduce((a, x) => a + x.ms, 0);
  const overall = sum(p.processed) / p.processed.length;
  const meanOf = (type: string | null) => {
    const own = type === null ? [] : p.processed.filter((x) => x.type === type);
    return own.length ? sum(own) / own.length : overall;
  };
  let work = Math.max(0, left - p.inFlight.length) * overall;
  for (const f of p.inFlight) work += meanOf(f.type) * (1 - Math.max(0, Math.min(100, f.percent)) / 100);
  const atOnce = Math.max(1, sum(p.processed) / p.elapsedMs);
  return work / atOnce;
}
