import { Command } from 'commander';
import { withConnection, type Connection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { isTransientFailure } from '../../core/product/index';
import { EXIT } from '../handle-error';
import { totals, type ImportRow } from '../import/importer';
import { createReporter } from '../import/report';
import { extentLabel, listItemViews, toItemView, type ItemView } from '../item-view';
import { createTracker } from '../tracker';
import { parseId, usageError } from '../usage';

interface RetryOptions {
  failed?: boolean;
  wait: boolean;
}

export function retryCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('retry')
      .description('process a failed item again (by item or job id), or every failed one with --failed')
      .argument('[id]', 'id of a document, presentation or video (as `cms status` shows), or of a job')
      .option('--failed', 'retry every failed job')
      .option('--no-wait', 'queue the retry and return without waiting for the result'),
  )
    .addHelpText('after', '\nExamples:\n  cms retry 12\n  cms retry --failed --json')
    .action(async (id: string | undefined, options: RetryOptions) => {
      if (id && options.failed) throw usageError('Give an id or --failed, not both');
      if (!id && !options.failed) throw usageError('Give the id to retry, or --failed to retry every failed job');
      const itemId = id ? parseId(id) : null;
      ctx.exitCode = await withConnection(ctx, { worker: options.wait }, (conn) => retry(ctx, conn, itemId, options.wait));
    });
}

/** Queues the retries and returns the items now waiting to be processed again, and those left out because they failed for good. */
async function queueRetries(conn: Connection, id: number | null): Promise<{ queued: ItemView[]; skipped: ItemView[] }> {
  if (id === null) {
    const failed = (await listItemViews(conn.product)).filter((i) => i.status === 'failed');
    await conn.product.retryFailed();
    const now = new Map((await listItemViews(conn.product)).map((i) => [`${i.type}:${i.id}`, i]));
    const queued = failed.map((i) => now.get(`${i.type}:${i.id}`)).filter((i): i is ItemView => !!i && i.status !== 'failed');
    return { queued, skipped: failed.filter((i) => i.permanent) };
  }
  const { type, item } = await conn.product.retry(id);
  return { queued: [toItemView(type, item)], skipped: [] };
}

async function retry(ctx: CliContext, conn: Connection, id: number | null, wait: boolean): Promise<number> {
  const { logger, signal } = ctx;
  const started = Date.now();
  const { queued, skipped } = await queueRetries(conn, id);
  // Failed for good: said, not retried (the file itself must change).
  const notRetried = skipped.map((i) => ({ type: i.type, id: i.id, fileName: i.fileName, reason: i.error }));
  if (logger.mode !== 'json') for (const i of skipped) logger.line(`${i.type} ${i.id} (${i.fileName}): not retried, a retry cannot help: ${i.error ?? 'failed for good'}`);
  if (!queued.length) {
    if (logger.mode === 'json') logger.json({ mode: conn.mode, target: conn.target, retried: 0, files: [], notRetried });
    else logger.info(skipped.length ? 'Nothing else to retry.' : 'Nothing failed: nothing to retry.');
    return EXIT.ok;
  }
  if (!wait) {
    if (logger.mode === 'json') logger.json({ mode: conn.mode, target: conn.target, retried: queued.length, items: queued, notRetried });
    else {
      for (const i of queued) logger.line(`${i.type} ${i.id} (${i.fileName}): queued again`);
      if (conn.mode === 'direct') logger.info('No server is running: they will be processed when it starts (or run `cms status --follow`).');
    }
    return EXIT.ok;
  }

  logger.info(`Retrying ${queued.length} item${queued.length === 1 ? '' : 's'} on ${conn.target}`);
  const reporter = await createReporter(logger, { stream: false });
  const tracker = createTracker(conn.product, { intervalMs: conn.mode === 'http' ? 500 : 200, signal });
  const names = queued.map((i) => i.fileName);
  const rows: ImportRow[] = await Promise.all(
    queued.map(async (item) => {
      const file = names.indexOf(item.fileName) === names.lastIndexOf(item.fileName) ? item.fileName : `${item.fileName} [${item.id}]`;
      reporter.event({ kind: 'created', file, item });
      const base = { file, type: item.type, id: item.id, existing: null, ms: 0, errorCode: null, transient: null };
      let row: ImportRow;
      try {
        const done = await tracker.track(item, (now) => reporter.event({ kind: 'progress', file, item: now }));
        const failed = done.status === 'failed';
        row = {
          ...base, status: failed ? 'failed' : 'completed', reason: failed ? (done.error ?? 'failed without a reason') : null, chunks: done.chunks, extent: extentLabel(done) || null, ms: Date.now() - started,
          // As `cms import` rows: the failure's code and whether it may pass by itself.
          ...(failed ? { errorCode: done.errorCode ?? 'failure.internal', transient: isTransientFailure(done.errorCode ?? 'failure.internal') } : {}),
        };
      } catch (e) {
        if (!signal.aborted) throw e;
        row = { ...base, status: 'interrupted', reason: 'still queued', chunks: null, extent: null, ms: Date.now() - started };
      }
      reporter.event({ kind: 'done', row });
      return row;
    }),
  );
  await reporter.finish(rows, { mode: conn.mode, target: conn.target, ms: Date.now() - started });
  const t = totals(rows);
  return t.failed ? EXIT.failed : t.interrupted ? EXIT.interrupted : EXIT.ok;
}
