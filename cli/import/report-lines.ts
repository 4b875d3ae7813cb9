/** The import report's lines and columns, shared by the plain, JSON and live reporters (./report.ts, ./report-live.tsx). */
import { duration, plural } from '../format';
import type { Column } from '../views/table';
import { nothingIndexed, totals, type ImportEvent, type ImportRow } from './importer';

export interface RunInfo {
  mode: 'http' | 'direct';
  target: string;
  ms: number;
  /** With --translate-to: how the translations asked for ended (in the same JSON document). */
  translations?: { completed: number; failed: unknown[] };
}

/** Turns import events into output; one implementation per output mode. */
export interface ImportReporter {
  event(e: ImportEvent): void;
  /** The end of the run: summary table, or the JSON document. */
  finish(rows: ImportRow[], info: RunInfo): Promise<void>;
  /** Takes down a live view without a summary (the run failed as a whole). */
  close(): Promise<void>;
}

export const SUMMARY_COLUMNS: Column<ImportRow>[] = [
  { header: 'file', value: (r) => r.file, max: 48, cut: 'path' },
  { header: 'type', value: (r) => r.type ?? '' },
  { header: 'id', value: (r) => r.id ?? r.existing?.id ?? '', align: 'right' },
  { header: 'status', value: (r) => r.status, style: (r) => (r.status === 'completed' ? 'green' : r.status === 'skipped' ? 'yellow' : 'red') },
  { header: 'chunks/pages', value: (r) => (r.chunks === null ? '' : [plural(r.chunks, 'chunk'), r.extent].filter(Boolean).join(', ')) },
  { header: 'time', value: (r) => duration(r.ms), align: 'right' },
  { header: 'error', value: (r) => r.reason ?? '', max: 90 },
];

export function totalsLine(rows: ImportRow[], ms: number): string {
  const t = totals(rows);
  const parts = [`${t.completed} imported`, `${t.skipped} skipped`, `${t.failed} failed`];
  if (t.interrupted) parts.push(`${t.interrupted} interrupted`);
  const empty = rows.filter(nothingIndexed).length;
  if (empty) parts.push(`${empty} with nothing indexed`);
  return `${parts.join(', ')} (${plural(t.files, 'file')}, ${duration(ms)})`;
}

export function doneLine(row: ImportRow): string {
  const what = row.type && row.id ? `${row.type} ${row.id}` : row.type ?? '';
  switch (row.status) {
    case 'completed':
      return `${row.file}: completed (${[row.resumed ? `resumed: ${what}` : what, row.chunks !== null ? plural(row.chunks, 'chunk') : '', row.extent, duration(row.ms)].filter(Boolean).join(', ')})${row.reason ? `: ${row.reason}` : ''}`;
    case 'skipped':
      return `${row.file}: skipped (${row.reason})`;
    case 'failed':
      return `${row.file}: failed${what ? ` (${row.resumed ? 'resumed: ' : ''}${what})` : ''}: ${row.reason}`;
    case 'interrupted':
      return `${row.file}: interrupted${what ? ` (${what})` : ''}: ${row.reason}`;
    default: {
      const never: never = row.status;
      return `${row.file}: ${String(never)}`;
    }
  }
}
