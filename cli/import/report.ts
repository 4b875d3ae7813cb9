import { bytes, percent } from '../format';
import { totals } from './importer';
import type { Logger } from '../logger';
import { doneLine, SUMMARY_COLUMNS, totalsLine, type ImportReporter, type RunInfo } from './report-lines';
export { doneLine, SUMMARY_COLUMNS, totalsLine, type ImportReporter, type RunInfo } from './report-lines';

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
