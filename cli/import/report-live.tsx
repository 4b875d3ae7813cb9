import type { Logger } from '../logger';
import { shortenPath, wrapWords } from '../views/fit';
import { estimateEta, type RunProgress } from '../views/import-line';
import { ImportView, uploadDetail, type ActiveFile, type FinishedLine } from '../views/import-view';
import type { ImportRow } from './importer';
import { doneLine, SUMMARY_COLUMNS, totalsLine, type ImportReporter } from './report-lines';

/**
 * On a terminal: an ink view with a progress line per file in flight, where the
 * run stands ("12/48 files · 3 failed · ETA 1 min 10 s") under them; finished
 * files become permanent lines; at the end the summary table and each failure's
 * reason wrapped on word boundaries.
 */
export async function createLiveReporter(logger: Logger, options: { footer?: string; columns?: () => number | undefined }): Promise<ImportReporter> {
  const active = new Map<string, ActiveFile>();
  const finished: FinishedLine[] = [];
  /** When the first file started, and what each processed file measured (skipped ones left out): the ETA's rates. */
  let started: number | null = null;
  const processed: Array<{ type: string | null; ms: number }> = [];
  let total = 0;
  let done = 0;
  let failed = 0;
  const progress = (): RunProgress => {
    const all = Math.max(total, done + active.size);
    const inFlight = [...active.values()].map((a) => ({ type: a.type, percent: a.phase === 'reading' || a.phase === 'uploading' ? 0 : a.percent }));
    return { done, total: all, failed, etaMs: estimateEta({ total: all, done, processed, inFlight, elapsedMs: started === null ? 0 : Date.now() - started }) };
  };
  const view = () => <ImportView active={[...active.values()]} finished={[...finished]} progress={progress()} footer={options.footer} />;
  const live = await logger.live(view());
  const refresh = () => live?.update(view());

  return {
    event(e) {
      switch (e.kind) {
        case 'planned':
          total += e.count;
          break;
        case 'start':
          started ??= Date.now();
          active.set(e.file, { file: e.file, type: e.type, id: null, phase: 'reading', percent: 0, detail: null });
          break;
        case 'upload': {
          const a = active.get(e.file);
          if (a) Object.assign(a, { phase: 'uploading', percent: e.total ? (e.sent / e.total) * 100 : 100, detail: uploadDetail(e.sent, e.total) });
          break;
        }
        case 'created':
        case 'progress': {
          const a = active.get(e.file) ?? { file: e.file, type: e.item.type, id: null, phase: '', percent: 0, detail: null };
          active.set(e.file, Object.assign(a, { id: e.item.id, phase: e.item.status, percent: e.item.progress, detail: e.item.step }));
          break;
        }
        case 'done':
          active.delete(e.row.file);
          done++;
          if (e.row.status === 'failed') failed++;
          if (e.row.status === 'completed' || (e.row.status === 'failed' && e.row.type)) processed.push({ type: e.row.type, ms: e.row.ms });
          finished.push({
            key: `${finished.length}`,
            file: e.row.file,
            rest: doneLine(e.row).slice(e.row.file.length),
            tone: e.row.status === 'completed' ? 'ok' : e.row.status === 'skipped' ? 'skip' : 'fail',
          });
          break;
        default: {
          const never: never = e;
          void never;
        }
      }
      refresh();
    },
    async finish(rows, info) {
      await live?.done();
      if (rows.length) printSummary(logger, rows, Math.max(20, (options.columns?.() ?? process.stdout.columns ?? 80) - 1));
      logger.line(totalsLine(rows, info.ms));
    },
    async close() {
      await live?.done();
    },
  };
}

/** The table without its error column (it fits a terminal); each reason follows in full, wrapped on word boundaries. */
function printSummary(logger: Logger, rows: ImportRow[], width: number): void {
  logger.line('');
  logger.table(rows, SUMMARY_COLUMNS.filter((c) => c.header !== 'error'));
  const why = rows.filter((r) => r.reason && r.status !== 'completed');
  if (why.length) logger.line('');
  for (const r of why) {
    // "failed …/scan-bad.pdf: The PDF … cannot be read", continued on indented lines.
    const head = `${r.status} ${shortenPath(r.file, Math.floor(width / 2))}:`;
    const [first, ...more] = wrapWords(`${head} ${r.reason}`, width, width - 2);
    logger.line(logger.paint(r.status, r.status === 'skipped' ? 'yellow' : 'red') + first!.slice(r.status.length));
    for (const l of more) logger.line(`  ${l}`);
  }
}
