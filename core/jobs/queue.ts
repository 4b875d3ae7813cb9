import type { Catalog } from '../catalog/catalog';
import { AppError, toAppError } from '../errors';
import type { ContentType, Job, JobKind } from '../types';

export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

export interface JobQueueOptions {
  catalog: Catalog;
  concurrency: number;
  handlers: Partial<Record<JobKind, JobHandler>>;
  /** Called when a job fails, after the job record is marked failed. */
  onFailed?: (job: Job, error: AppError) => void;
  log?: (msg: string) => void;
}

/**
 * A durable job queue kept in the catalog with an in-process worker.
 * Jobs left `running` by a crash are queued again on start; failed jobs
 * keep their reason and can be retried.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { catalog } = options;
  const running = new Map<number, AbortController>();
  let started = false;
  let stopping = false;
  let idleWaiters: Array<() => void> = [];
  const now = () => new Date().toISOString();

  function enqueue(kind: JobKind, itemType: ContentType, itemId: number): Job {
    const existing = catalog.jobs.find(
      (j) => j.kind === kind && j.itemType === itemType && j.itemId === itemId && (j.state === 'queued' || j.state === 'running'),
    );
    if (existing) return existing;
    const job = catalog.jobs.insert({
      kind, itemType, itemId, state: 'queued', attempts: 0, error: null,
      createdAt: now(), updatedAt: now(), startedAt: null, finishedAt: null,
    });
    pump();
    return job;
  }

  function pump() {
    if (!started || stopping) return;
    while (running.size < options.concurrency) {
      const next = catalog.jobs.find((j) => j.state === 'queued' && !running.has(j.id));
      if (!next) break;
      run(next.id);
    }
    if (running.size === 0 && !catalog.jobs.find((j) => j.state === 'queued')) {
      const w = idleWaiters;
      idleWaiters = [];
      w.forEach((f) => f());
    }
  }

  function run(jobId: number) {
    const controller = new AbortController();
    running.set(jobId, controller);
    const job = catalog.jobs.update(jobId, (j) => {
      j.state = 'running';
      j.attempts += 1;
      j.startedAt = now();
      j.updatedAt = now();
      j.error = null;
    });
    const handler = options.handlers[job.kind];
    const work = handler
      ? handler(job, controller.signal)
      : Promise.reject(new AppError('internal', `No handler for ${job.kind} jobs`));
    work
      .then(() => {
        if (catalog.jobs.get(jobId)) catalog.jobs.update(jobId, { state: 'done', updatedAt: now(), finishedAt: now() });
      })
      .catch((e) => {
        const err = toAppError(e);
        if (stopping && controller.signal.aborted) {
          // Shutting down: leave it queued so the next start resumes it.
          if (catalog.jobs.get(jobId)) catalog.jobs.update(jobId, { state: 'queued', updatedAt: now() });
          return;
        }
        const failed = catalog.jobs.get(jobId)
          ? catalog.jobs.update(jobId, { state: 'failed', error: err.message, updatedAt: now(), finishedAt: now() })
          : null;
        options.log?.(`job ${jobId} (${job.kind} ${job.itemType} ${job.itemId}) failed: ${err.message}`);
        if (failed) options.onFailed?.(failed, err);
      })
      .finally(() => {
        running.delete(jobId);
        pump();
      });
  }

  return {
    enqueue,
    /** Resumes interrupted jobs and starts working. */
    start() {
      started = true;
      stopping = false;
      for (const j of catalog.jobs.list((x) => x.state === 'running')) {
        catalog.jobs.update(j.id, { state: 'queued', updatedAt: now() });
      }
      pump();
    },
    /** Stops taking jobs and aborts the running ones (they stay queued). */
    async stop(graceMs = 5000) {
      stopping = true;
      for (const c of running.values()) c.abort(new AppError('unavailable', 'The server is shutting down'));
      const deadline = Date.now() + graceMs;
      while (running.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      started = false;
    },
    /** Aborts and forgets every job of an item (used when it is deleted). */
    cancelItem(itemType: ContentType, itemId: number) {
      for (const j of catalog.jobs.list((x) => x.itemType === itemType && x.itemId === itemId)) {
        running.get(j.id)?.abort(new AppError('conflict', 'The item was deleted'));
      }
      catalog.jobs.removeWhere((x) => x.itemType === itemType && x.itemId === itemId);
    },
    cancelAll() {
      for (const c of running.values()) c.abort(new AppError('conflict', 'All data was deleted'));
      catalog.jobs.removeWhere(() => true);
    },
    retry(jobId: number): Job {
      const job = catalog.jobs.require(jobId);
      if (job.state !== 'failed') throw new AppError('conflict', `Job ${jobId} is ${job.state}, only failed jobs can be retried`);
      const updated = catalog.jobs.update(jobId, { state: 'queued', error: null, updatedAt: now(), finishedAt: null });
      pump();
      return updated;
    },
    retryFailed(): number {
      const failed = catalog.jobs.list((j) => j.state === 'failed');
      for (const j of failed) catalog.jobs.update(j.id, { state: 'queued', error: null, updatedAt: now(), finishedAt: null });
      pump();
      return failed.length;
    },
    /** Latest job of an item, if any. */
    latestFor(itemType: ContentType, itemId: number, kind: JobKind = 'ingest'): Job | undefined {
      return catalog.jobs.list((j) => j.itemType === itemType && j.itemId === itemId && j.kind === kind).pop();
    },
    /** Resolves when nothing is queued or running. */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        pump();
        if (!started) resolve();
      });
    },
    get runningCount() {
      return running.size;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
