import type { Catalog } from '../catalog/types';
import { AppError, toAppError } from '../errors';
import type { ContentType, Job, JobKind, JobStep } from '../types';
import { deriveItemProgress } from './status';
import { failureOf } from '../messages';
import { step } from './steps';

/**
 * Tells the queue where a running job is. Step changes are written at
 * once; with `throttle`, progress-only changes at most every 250 ms.
 * Throws the abort reason once the job was cancelled.
 */
export type JobReport = (step: JobStep, progress: number, options?: { throttle?: boolean }) => void;
/** How a job ended: what a handler's closing hook is told. */
export type JobOutcome = { state: 'done' } | { state: 'failed'; error: AppError } | { state: 'queued' };
/**
 * Registers a hook that runs inside the write that closes the job (done,
 * failed, or queued again at shutdown), so a record the job keeps (e.g. a
 * translation) settles in the same write as the job and its item's status.
 */
export type OnJobClose = (hook: (outcome: JobOutcome) => void) => void;
/** Does the job; may return the step to show once it is done (e.g. completed with warnings). */
export type JobHandler = (job: Job, signal: AbortSignal, report: JobReport, onClose: OnJobClose) => Promise<JobStep | void>;
/** One handler per job kind, registered by the composition root. */
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

export interface JobQueueOptions {
  catalog: Catalog;
  concurrency: number;
  handlers: JobHandlers;
  log?: (msg: string) => void;
}

const now = () => new Date().toISOString();
const THROTTLE_MS = 250;

/**
 * A durable job queue kept in the catalog with an in-process worker.
 * Jobs left `running` by a crash are queued again on start; failed jobs
 * keep their reason and can be retried. Every change of a job also
 * re-derives its item's visible status (./status.ts), in the same write:
 * nothing else sets an item's status.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { catalog } = options;
  const running = new Map<number, AbortController>();
  const closers = new Map<number, Array<(outcome: JobOutcome) => void>>();
  let started = false;
  let stopping = false;
  let idleWaiters: Array<() => void> = [];

  /** Writes a job change and its item's derived status together (with the job's closing hooks, when it closes). */
  function write(jobId: number, patch: Partial<Job> | ((j: Job) => void), outcome?: JobOutcome): Job | null {
    if (!catalog.jobs.get(jobId)) return null;
    return catalog.transaction(() => {
      const job = catalog.jobs.update(jobId, (j) => {
        if (typeof patch === 'function') patch(j);
        else Object.assign(j, patch);
        j.updatedAt = now();
      });
      if (outcome) for (const hook of closers.get(jobId) ?? []) hook(outcome);
      syncItem(job.itemType, job.itemId);
      return job;
    });
  }

  function syncItem(itemType: ContentType, itemId: number) {
    const items = catalog.items(itemType);
    if (!items.get(itemId)) return;
    const jobs = catalog.jobs.list((j) => j.itemType === itemType && j.itemId === itemId);
    items.update(itemId, { ...deriveItemProgress(jobs), updatedAt: now() });
  }

  function enqueue(kind: JobKind, itemType: ContentType, itemId: number, params: Record<string, unknown> = {}): Job {
    const same = JSON.stringify(params);
    const existing = catalog.jobs.find(
      (j) => j.kind === kind && j.itemType === itemType && j.itemId === itemId && JSON.stringify(j.params) === same
        && (j.state === 'queued' || j.state === 'running'),
    );
    if (existing) return existing;
    const job = catalog.transaction(() => {
      const j = catalog.jobs.insert({
        kind, itemType, itemId, params, state: 'queued', progress: 0, step: step('queued'), attempts: 0, error: null,
        createdAt: now(), updatedAt: now(), startedAt: null, finishedAt: null,
      });
      syncItem(itemType, itemId);
      return j;
    });
    pump();
    return job;
  }

  /** Conversions (translate, transcribe) run after their item's ingest: while it is queued or running they wait. */
  function waitsForIngest(job: Job): boolean {
    if (job.kind === 'ingest') return false;
    return !!catalog.jobs.find((i) => i.kind === 'ingest' && i.itemType === job.itemType && i.itemId === job.itemId
      && (i.state === 'queued' || i.state === 'running'));
  }

  function pump() {
    if (!started || stopping) return;
    while (running.size < options.concurrency) {
      const next = catalog.jobs.find((j) => j.state === 'queued' && !running.has(j.id) && !waitsForIngest(j));
      if (!next) break;
      run(next.id);
    }
    if (running.size === 0 && !catalog.jobs.find((j) => j.state === 'queued' && !waitsForIngest(j))) {
      const w = idleWaiters;
      idleWaiters = [];
      w.forEach((f) => f());
    }
  }

  function reporter(jobId: number, signal: AbortSignal): JobReport {
    let last = 0;
    let lastCode = '';
    return (s, progress, o = {}) => {
      signal.throwIfAborted();
      const t = Date.now();
      if (o.throttle && s.code === lastCode && t - last < THROTTLE_MS) return;
      last = t;
      lastCode = s.code;
      write(jobId, { step: s, progress: Math.round(progress) });
    };
  }

  function run(jobId: number) {
    const controller = new AbortController();
    running.set(jobId, controller);
    const job = write(jobId, (j) => {
      j.state = 'running';
      j.attempts += 1;
      j.startedAt = now();
      j.error = null;
    })!;
    const handler = options.handlers[job.kind];
    const onClose: OnJobClose = (hook) => closers.set(jobId, [...(closers.get(jobId) ?? []), hook]);
    const work = handler
      ? handler(job, controller.signal, reporter(jobId, controller.signal), onClose)
      : Promise.reject(new AppError('internal', `No handler for ${job.kind} jobs`));
    work
      .then((final) => {
        write(jobId, (j) => {
          j.state = 'done';
          j.progress = 100;
          j.step = final ?? step('completed');
          j.finishedAt = now();
        }, { state: 'done' });
      })
      .catch((e) => {
        const err = toAppError(e);
        if (stopping && controller.signal.aborted) {
          // Shutting down: leave it queued so the next start resumes it.
          write(jobId, { state: 'queued', step: step('queued_again'), progress: 0 }, { state: 'queued' });
          return;
        }
        // An ingest failure names its file: its reason then also goes as a code with parameters, for any language.
        const reason = typeof err.details?.file === 'string' ? failureOf(err) : null;
        const error = reason ? { code: err.code, message: err.message, reason: { code: reason.code, params: reason.params } } : { code: err.code, message: err.message };
        write(jobId, { state: 'failed', step: step('failed'), error, finishedAt: now() }, { state: 'failed', error: err });
        options.log?.(`job ${jobId} (${job.kind} ${job.itemType} ${job.itemId}) failed: ${err.message}`);
      })
      .finally(() => {
        running.delete(jobId);
        closers.delete(jobId);
        pump();
      });
  }

  const requeue = (jobId: number) => write(jobId, { state: 'queued', step: step('queued_again'), progress: 0, error: null, finishedAt: null })!;

  return {
    enqueue,
    /** Resumes interrupted jobs and starts working. */
    start() {
      started = true;
      stopping = false;
      for (const j of catalog.jobs.list((x) => x.state === 'running')) write(j.id, { state: 'queued', step: step('queued_again'), progress: 0 });
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
    /** Aborts one job if it is running (its record is removed by the caller). */
    cancelJob(jobId: number | null) {
      if (jobId !== null) running.get(jobId)?.abort(new AppError('conflict', 'The work was deleted'));
    },
    cancelAll() {
      for (const c of running.values()) c.abort(new AppError('conflict', 'All data was deleted'));
      catalog.jobs.removeWhere(() => true);
    },
    /** Queues a failed job again. */
    retry(jobId: number): Job {
      const job = catalog.jobs.require(jobId);
      if (job.state !== 'failed') throw new AppError('conflict', `Job ${jobId} is ${job.state}, only failed jobs can be retried`);
      const updated = requeue(jobId);
      pump();
      return updated;
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
