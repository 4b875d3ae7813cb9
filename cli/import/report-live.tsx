import type { Logger } from '../logger';
import { ImportView, uploadDetail, type ActiveFile, type FinishedLine } from '../views/import-view';
import { doneLine, SUMMARY_COLUMNS, totalsLine, type ImportReporter } from './report';

/**
 * On a terminal: an ink view with a progress bar per file in flight;
 * finished files become permanent lines; at the end the summary table.
 */
export async function createLiveReporter(logger: Logger, options: { footer?: string }): Promise<ImportReporter> {
  const active = new Map<string, ActiveFile>();
  const finished: FinishedLine[] = [];
  const view = () => <ImportView active={[...active.values()]} finished={[...finished]} footer={options.footer} />;
  const live = await logger.live(view());
  const refresh = () => live?.update(view());

  return {
    event(e) {
      switch (e.kind) {
        case 'start':
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
      if (rows.length) {
        // The table without its error column fits a terminal; each reason follows in full (wrapped, printed once).
        logger.line('');
        logger.table(rows, SUMMARY_COLUMNS.filter((c) => c.header !== 'error'));
        const why = rows.filter((r) => r.reason && r.status !== 'completed');
        if (why.length) logger.line('');
        for (const r of why) logger.line(`${logger.paint(r.status, r.status === 'skipped' ? 'yellow' : 'red')} ${r.file}: ${r.reason}`);
      }
      logger.line(totalsLine(rows, info.ms));
    },
    async close() {
      await live?.done();
    },
  };
}
