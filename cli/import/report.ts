import { bytes, duration, percent, plural } from '../format';
import type { Logger } from '../logger';
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

/** Piped output: one plain line per event, timestamped, no ANSI, then the summary table. */
export function createPlainReporter(logger: Logger, options: { summary: boolean }): ImportReporter {
  const lastLine = new Map<string, { status: string; at: number }>();
  let total = 0;
  let done = 0;
  return {
    event(e) {
      switch (e.kind) {
        case 'planned':
          total += e.count;
          break;
        case 'start':
          logger.event(`${e.file}: importing as ${e.type}`);
          break;
        case 'upload':
          // Big files take a while to send: say so once.
          if (e.sent === 0 && e.total >= 8 * 1024 * 1024) logger.event(`${e.file}: uploading ${bytes(e.total)}`);
          break;
        case 'created':
          logger.event(`${e.file}: ${e.item.type} ${e.item.id} ${e.item.status}`);
          lastLine.set(e.file, { status: e.item.status, at: Date.now() });
          break;
        case 'progress': {
          const prev = lastLine.get(e.file);
          // Every status change; step changes at most once a second.
          if (prev && prev.status === e.item.status && Date.now() - prev.at < 1000) break;
          if (e.item.status === 'completed' || e.item.status === 'failed') break;
          lastLine.set(e.file, { status: e.item.status, at: Date.now() });
          logger.event(`${e.file}: ${e.item.type} ${e.item.id} ${e.item.status} ${percent(e.item.progress)}${e.item.step ? ` - ${e.item.step}` : ''}`);
          break;
        }
        case 'done':
          done++;
          logger.event(`[${done}/${Math.max(total, done)}] ${doneLine(e.row)}`);
          break;
        default: {
          const never: never = e;
          void never;
        }
      }
    },
    async finish(rows, info) {
      if (options.summary && rows.length) {
        logger.line('');
        logger.table(rows, SUMMARY_COLUMNS);
      }
      logger.event(totalsLine(rows, info.ms));
    },
    async close() {},
  };
}

/** --json: one document at the end, or (streaming, for --watch) one line per finished file. */
export function createJsonReporter(logger: Logger, options: { stream: boolean }): ImportReporter {
  return {
    event(e) {
      if (options.stream && e.kind === 'done') logger.jsonLine({ event: 'file', ...e.row });
    },
    async finish(rows, info) {
      if (options.stream) logger.jsonLine({ event: 'summary', ...totals(rows), ms: info.ms });
      else logger.json({ mode: info.mode, target: info.target, files: rows, totals: totals(rows), ms: info.ms, ...(info.translations ? { translations: info.translations } : {}) });
    },
    async close() {},
  };
}

/** The reporter for the logger's output mode (ink is loaded only on a terminal). */
export async function createReporter(logger: Logger, options: { stream: boolean; footer?: string }): Promise<ImportReporter> {
  if (logger.mode === 'json') return createJsonReporter(logger, { stream: options.stream });
  if (logger.mode === 'plain') return createPlainReporter(logger, { summary: true });
  const { createLiveReporter } = await import('./report-live');
  return createLiveReporter(logger, { footer: options.footer });
}
