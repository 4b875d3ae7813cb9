import { AppError } from '../../foundation/errors';
import type { ContentType, Job, JobKind } from '../../foundation/types';
import { createLocalJobClaims } from './claims';
import { createJobRecords } from './records';
import { createJobRuns } from './run';
import { createJobTaking } from './taking';
import type { JobQueueOptions } from './types';

export type { JobHandler, JobHandlers, JobOutcome, JobQueueOptions, JobReport, OnJobClose } from './types';

/**
 * A durable job queue kept in the catalog with an in-process worker.
 * A job runs only once this worker holds its claim (./claims.ts): with
 * several workers on PostgreSQL exactly one gets it, renews the lease while
 * it runs, and a job whose worker died (lease run out) or that was left
 * `running` by a crash is taken over; failed jobs keep their reason and can
 * be retried. Every change of a job also
 * re-derives its item's visible status (./status.ts), in the same write:
 * nothing else sets an item's status.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { catalog } = options;
  const claims = options.claims ?? createLocalJobClaims();
  const log = options.log ?? (() => {});
  const records = createJobRecords(catalog);
  const runs = createJobRuns({ options, records, claims, log, stopping: () => taking.stopping(), next: () => taking.pump() });
  const taking = createJobTaking({
    catalog, concurrency: options.concurrency, leaseMs: options.leaseMs ?? 30_000, claims, records, log, running: runs.running, run: runs.run,
  });
  const { running } = runs;
  const pump = taking.pump;

  return {
    async enqueue(kind: JobKind, itemType: ContentType, itemId: number, params: Record<string, unknown> = {}): Promise<Job> {
      const { job, added } = await records.insert(kind, itemType, itemId, params);
      if (added) pump();
      return job;
    },
    /** Takes over interrupted jobs and starts working; keeps leases alive and looks for work every few moments. */
    start: taking.start,
    /** Stops taking jobs and aborts the running ones (they stay queued). */
    async stop(graceMs = 5000) {
      taking.stop();
      await runs.abortRunning(new AppError('unavailable', 'The server is shutting down'), graceMs);
      taking.stopped();
    },
    /** Looks for work now (e.g. another process queued a job). */
    poke: () => pump(),
    /** Aborts and forgets every job of an item (used when it is deleted). */
    async cancelItem(itemType: ContentType, itemId: number) {
      for (const j of await catalog.jobs.list({ where: { itemType, itemId } })) {
        running.get(j.id)?.abort(new AppError('conflict', 'The item was deleted'));
      }
      await catalog.jobs.removeWhere({ where: { itemType, itemId } });
    },
    /** Aborts one job if it is running (its record is removed by the caller). */
    cancelJob(jobId: number | null) {
      if (jobId !== null) running.get(jobId)?.abort(new AppError('conflict', 'The work was deleted'));
    },
    async cancelAll() {
      // Waited for: a job stopped mid-write would otherwise store its object after the data was deleted.
      await runs.abortRunning(new AppError('conflict', 'All data was deleted'));
      await catalog.jobs.removeWhere(() => true);
    },
    /** Queues a failed job again. */
    async retry(jobId: number): Promise<Job> {
      const job = await catalog.jobs.require(jobId);
      if (job.state !== 'failed') throw new AppError('conflict', `Job ${jobId} is ${job.state}, only failed jobs can be retried`);
      const updated = await records.requeue(jobId);
      pump();
      return updated;
    },
    /** Derives an item's status from its jobs again (after jobs were removed by hand, e.g. with a deleted translation). */
    async resync(itemType: ContentType, itemId: number): Promise<void> {
      await catalog.transaction(() => records.syncItem(itemType, itemId));
    },
    /** Latest job of an item, if any. */
    async latestFor(itemType: ContentType, itemId: number, kind: JobKind = 'ingest'): Promise<Job | undefined> {
      return (await catalog.jobs.list({ where: { itemType, itemId, kind } })).pop();
    },
    /** Resolves when nothing is queued or running. */
    idle: taking.idle,
    get runningCount() {
      return running.size;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
