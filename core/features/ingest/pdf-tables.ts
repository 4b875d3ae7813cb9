/**
 * Tables of a PDF page read as rows with their header (issue 34): poppler's
 * reading-order text (pdftotext without -layout) gives a table column by
 * column ("3d-cube", "3d-morph" ..., then "Loops", "25", "5" ...), so no line
 * holds a row. Its layout text (pdftotext -layout) shows the rows; a table
 * found there replaces its column dump in the page's text by a header line
 * and one line per row, cells joined by " | " (the form DOCX and HTML tables
 * take: the chunker repeats the header in chunks cut inside the table, the
 * answerer reads a row as "Loops: 50, Speedup: 1.64x").
 *
 * A table: at least 3 consecutive lines splitting into the same number (>= 3)
 * of cells (runs of 2+ spaces apart) at aligned columns, cells mostly short and
 * a third of them figures, under a header line whose cells sit over those
 * columns. Two-column prose (2 long cells a line) is not one. The column dump
 * is replaced only where it is found whole and alone: a run of lines holding
 * exactly the table's words, once; otherwise the page is kept as read, so no
 * word is lost or repeated.
 */

interface Cell { text: string; start: number; end: number }

/** A table found on a page's layout text: the header's cell per column ('' where none) and the rows' cells. */
export interface PageTable { header: string[]; rows: string[][] }

/** The cells of a layout line: words one space apart form a cell, runs of 2+ spaces part cells. */
export function layoutCells(line: string): Cell[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

type Span = { start: number; end: number };

/** Within `tol` characters of each other (layout text places right-aligned figures a character or so apart). */
const near = (a: Span, b: Span, tol: number) => a.start - tol < b.end && b.start - tol < a.end;

/** A row's cells sit in the columns so far: each near its own column and clear of the neighbouring ones. */
function aligned(columns: Span[], row: Cell[]): boolean {
  if (columns.length !== row.length) return false;
  return row.every((c, k) => near(c, columns[k], 2) && (k === 0 || !near(c, columns[k - 1], 0)) && (k === row.length - 1 || !near(c, columns[k + 1], 0)));
}

/** The columns' spans widened by a row's cells. */
const widened = (columns: Span[], row: Cell[]) => columns.map((c, k) => ({ start: Math.min(c.start, row[k].start), end: Math.max(c.end, row[k].end) }));

/** A figure: a short cell holding a digit ("25", "1.64x", "$299", "12 %"), or a dash standing for none. */
const isFigure = (s: string) => (s.length <= 16 && /\d/.test(s)) || /^[-–—]$/.test(s);

/** Rows that read as a table, not prose: short cells, a third of them figures. */
function tabular(rows: Cell[][]): boolean {
  const cells = rows.flat();
  const lengths = cells.map((c) => c.text.length).sort((x, y) => x - y);
  const median = lengths[Math.floor(lengths.length / 2)];
  const figures = cells.filter((c) => isFigure(c.text)).length;
  return median <= 24 && lengths[lengths.length - 1] <= 60 && figures * 3 >= cells.length;
}

/**
 * The header of rows whose columns span `columns`: the line's cells, each over
 * one column of its own (most overlap), mostly words; null when the line is
 * not one.
 */
function headerOver(line: Cell[], columns: Span[]): string[] | null {
  if (line.length < Math.max(2, columns.length - 1) || line.length > columns.length) return null;
  const header = columns.map(() => '');
  for (const cell of line) {
    let best = -1;
    let most = 0;
    columns.forEach((col, k) => {
      const shared = Math.min(cell.end, col.end) - Math.max(cell.start, col.start);
      if (shared > most) { most = shared; best = k; }
    });
    if (best < 0 || header[best]) return null;
    header[best] = cell.text;
  }
  const figures = line.filter((c) => isFigure(c.text)).length;
  return figures * 2 < line.length ? header : null;
}

/** The lines of a run of table rows from `from`, and their columns: same cell count (>= 3), aligned, single blank lines allowed between. */
function rowRun(parsed: Cell[][], from: number): { run: number[]; columns: Span[] } {
  const run = [from];
  let columns: Span[] = parsed[from].map(({ start, end }) => ({ start, end }));
  let i = from + 1;
  while (i < parsed.length) {
    const at = parsed[i].length === 0 && i + 1 < parsed.length ? i + 1 : i;
    if (!aligned(columns, parsed[at])) break;
    columns = widened(columns, parsed[at]);
    run.push(at);
    i = at + 1;
  }
  return { run, columns };
}

/** The tables of a page's layout text (pdftotext -layout), each with its header. */
export function findTables(layout: string): PageTable[] {
  const parsed = layout.split('\n').map(layoutCells);
  const tables: PageTable[] = [];
  for (let i = 0; i < parsed.length; i++) {
    if (parsed[i].length < 3) continue;
    const { run, columns } = rowRun(parsed, i);
    const rows = run.map((n) => parsed[n]);
    if (rows.length >= 3 && tabular(rows)) {
      const above = parsed[i - 1]?.length === 0 ? i - 2 : i - 1;
      const header = above >= 0 ? headerOver(parsed[above], columns) : null;
      if (header) tables.push({ header, rows: rows.map((r) => r.map((c) => c.text)) });
    }
    i = run[run.length - 1];
  }
  return tables;
}

const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean);

/** A word of signs only ("-", "–" for none): the reading-order text may leave such cells out. */
const signsOnly = (w: string) => !/[\p{L}\p{N}]/u.test(w);

/**
 * The one run of lines [from, to) of `lines` holding exactly `words` (as a multiset; words of signs only may be
 * missing), or null when none or several do.
 */
function exactRun(lines: string[], words: string[]): [number, number] | null {
  const want = new Map<string, number>();
  for (const w of words) want.set(w, (want.get(w) ?? 0) + 1);
  const required = words.filter((w) => !signsOnly(w)).length;
  const found: Array<[number, number]> = [];
  for (let a = 0; a < lines.length; a++) {
    if (!wordsOf(lines[a]).some((w) => !signsOnly(w))) continue;
    const need = new Map(want);
    let left = required;
    for (let b = a; b < lines.length && left > 0; b++) {
      const ws = wordsOf(lines[b]);
      if (!ws.every((w) => (need.get(w) ?? 0) > 0 && need.set(w, need.get(w)! - 1))) break;
      left -= ws.filter((w) => !signsOnly(w)).length;
      if (left === 0) found.push([a, b + 1]);
    }
  }
  return found.length === 1 ? found[0] : null;
}

/** A table as lines: its header, then a line per row, cells joined by " | ". */
export const tableLines = (t: PageTable) => [t.header, ...t.rows].map((r) => r.join(' | '));

/**
 * The page's reading-order text with each table of its layout text read as
 * rows under their header, where the table's words are found as one run of
 * lines (its column dump); a table not found so leaves the text as it is.
 */
export function withTableRows(text: string, layout: string): string {
  let lines = text.split('\n');
  for (const table of findTables(layout)) {
    const at = exactRun(lines, [table.header, ...table.rows].flatMap((r) => r.flatMap(wordsOf)));
    if (at) lines = [...lines.slice(0, at[0]), ...tableLines(table), ...lines.slice(at[1])];
  }
  return lines.join('\n');
}
