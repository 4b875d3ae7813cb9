import { createElement } from 'react';
import { setTimeout as sleep } from 'node:timers/promises';
import { Command } from 'commander';
import type { Job } from '../../core/foundation/types';
import { withConnection, type Connection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { isTransientFailure } from '../../core/product/index';
import { EXIT } from '../handle-error';
import { percent } from '../format';
import { isRunning, listItemViews, type ItemView } from '../item-view';
import type { Column } from '../views/table';

interface StatusOptions {
  follow?: boolean;
  all?: boolean;
}

export interface StatusRow {
  type: string;
  id: number;
  title: string;
  file: string;
  status: string;
  progress: number;
  step: string | null;
  error: string | null;
  /** A failure's code (`failure.damaged`, `failure.timeout`...) and whether it may pass by itself (core/engines/jobs/failure-class.ts); null unless failed. */
  errorCode: string | null;
  transient: boolean | null;
  job: { id: number; state: string; attempts: number } | null;
}

const COLUMNS: Column<StatusRow>[] = [
  { header: 'id', value: (r) => r.id, align: 'right' },
  { header: 'type', value: (r) => r.type },
  { header: 'title', value: (r) => r.title, max: 40 },
  { header: 'status', value: (r) => r.status, style: (r) => (r.status === 'failed' ? 'red' : r.status === 'completed' ? 'green' : 'cyan') },
  { header: 'progress', value: (r) => percent(r.progress), align: 'right' },
  { header: 'step / error', value: (r) => (r.status === 'failed' ? r.error : r.step) ?? '', max: 80 },
  { header: 'job', value: (r) => (r.job ? `${r.job.id} ${r.job.state}${r.job.attempts > 1 ? ` (${r.job.attempts} tries)` : ''}` : '') },
];

export function statusCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('status')
      .description('show imports in progress and failed ones (status, progress, step, error)')
      .option('-f, --follow', 'keep refreshing until nothing is running')
      .option('-a, --all', 'include completed items'),
  )
    .addHelpText('after', '\nExamples:\n  cms status\n  cms status --follow\n  cms status --all --json')
    .action(async (options: StatusOptions) => {
      ctx.exitCode = await withConnection(ctx, { worker: !!options.follow }, (conn) =>
        options.follow ? follow(ctx, conn, !!options.all) : once(ctx, conn, !!options.all),
      );
    });
}

interface Snapshot {
  rows: StatusRow[];
  counts: Record<string, number>;
  queuedJobs: number;
  busy: boolean;
}

async function snapshot(conn: Connection, all: boolean): Promise<Snapshot> {
  const [items, jobs] = await Promise.all([listItemViews(conn.product), conn.product.jobs()]);
  const latest = new Map<string, Job>();
  for (const j of jobs) if (j.kind === 'ingest') latest.set(`${j.itemType}:${j.itemId}`, j);
  const counts: Record<string, number> = {};
  for (const i of items) counts[i.status] = (counts[i.status] ?? 0) + 1;
  const shown = all ? items : items.filter((i) => i.status !== 'completed' && i.status !== 'approved');
  const rows = shown.map((i) => toRow(i, latest.get(`${i.type}:${i.id}`)));
  const busyJobs = jobs.filter((j) => j.state === 'queued' || j.state === 'running');
  return { rows, counts, queuedJobs: busyJobs.length, busy: busyJobs.length > 0 || items.some((i) => isRunning(i.status)) };
}

function toRow(i: ItemView, job: Job | undefined): StatusRow {
  return {
    type: i.type, id: i.id, title: i.title, file: i.fileName, status: i.status, progress: i.progress, step: i.step, error: i.error,
    errorCode: i.errorCode, transient: i.errorCode ? isTransientFailure(i.errorCode) : null,
    job: job ? { id: job.id, state: job.state, attempts: job.attempts } : null,
  };
}

const countsLine = (counts: Record<string, number>) =>
  Object.entries(counts).map(([s, n]) => `${n} ${s}`).join(', ') || 'no items yet';

async function once(ctx: CliContext, conn: Connection, all: boolean): Promise<number> {
  const { logger } = ctx;
  const snap = await snapshot(conn, all);
  // Translations fail on their own (the item stays completed): they are counted here too.
  const failedTranslations = (await conn.product.translationList()).filter((t) => t.state === 'failed');
  if (logger.mode === 'json') {
    logger.json({ mode: conn.mode, target: conn.target, counts: snap.counts, items: snap.rows, failedTranslations });
    return EXIT.ok;
  }
  if (snap.rows.length) logger.table(snap.rows, COLUMNS);
  else if (!failedTranslations.length) logger.info(all ? 'No items yet.' : 'Nothing running and nothing failed.');
  for (const t of failedTranslations) logger.line(`translation ${t.id} (${t.itemType} ${t.itemId} → ${t.targetLanguage}) failed: ${t.error ?? 'no reason'}`);
  if (failedTranslations.length) logger.info(`Translations: ${failedTranslations.length} failed (cms translate <id> --to <language> asks again)`);
  logger.info(`Items: ${countsLine(snap.counts)}`);
  if (snap.queuedJobs && !conn.processesJobs) {
    logger.warn(`${snap.queuedJobs} job(s) are waiting and no server is running: start the server, or run \`cms status --follow\` to process them here.`);
  }
  return EXIT.ok;
}

const lineOf = (r: StatusRow) =>
  `${r.type} ${r.id} ${r.status} ${percent(r.progress)}${r.status === 'failed' ? `: ${r.error ?? ''}` : r.step ? ` - ${r.step}` : ''}`;

async function follow(ctx: CliContext, conn: Connection, all: boolean): Promise<number> {
  const { logger, signal } = ctx;
  const intervalMs = conn.mode === 'http' ? 1000 : 300;
  const printed = new Map<string, string>();
  const followed = new Set<string>();
  // ink is loaded only when it will draw (a terminal).
  const StatusView = logger.mode === 'tty' ? (await import('../views/status-view')).StatusView : null;
  const view = (snap: Snapshot, done: boolean) =>
    createElement(StatusView!, {
      lines: snap.rows.map((r) => ({
        key: `${r.type}:${r.id}`, label: `${r.type} ${r.id}`, title: r.title, status: r.status, progress: r.progress,
        detail: r.status === 'failed' ? r.error : r.step, failed: r.status === 'failed',
      })),
      footer: done ? `Nothing running. Items: ${countsLine(snap.counts)}` : `Refreshing every ${intervalMs / 1000} s (Ctrl-C to stop). Items: ${countsLine(snap.counts)}`,
    });

  let snap = await snapshot(conn, all);
  const live = StatusView ? await logger.live(view(snap, !snap.busy)) : null;
  for (;;) {
    for (const r of snap.rows) {
      const key = `${r.type}:${r.id}`;
      if (isRunning(r.status)) followed.add(key);
      const line = lineOf(r);
      if (printed.get(key) === line) continue;
      printed.set(key, line);
      if (logger.mode === 'json') logger.jsonLine({ event: 'item', ...r });
      else if (logger.mode === 'plain') logger.event(line);
    }
    if (live) live.update(view(snap, !snap.busy));
    if (!snap.busy || signal.aborted) break;
    await sleep(intervalMs, undefined, { signal }).catch(() => {});
    if (signal.aborted) break;
    snap = await snapshot(conn, all);
  }
  await live?.done();
  const failed = snap.rows.filter((r) => r.status === 'failed' && followed.has(`${r.type}:${r.id}`)).length;
  if (logger.mode === 'json') logger.jsonLine({ event: signal.aborted ? 'interrupted' : 'idle', counts: snap.counts });
  else if (logger.mode === 'plain') logger.event(signal.aborted ? 'Interrupted.' : `Nothing running. Items: ${countsLine(snap.counts)}`);
  if (signal.aborted) return EXIT.interrupted;
  return failed ? EXIT.failed : EXIT.ok;
}
