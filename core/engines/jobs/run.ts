/**
 * One job's run in the job queue (./queue.ts): marked running, its handler called with a reporter, its end
 * (done, failed, or queued again at shutdown) recorded, its claim released. Its state: the jobs this worker
 * runs (their abort controllers) and the progress writes not yet done.
 */
import { AppError, isAppError, toAppError } from '../../foundation/errors';
import type { LogLine } from '../../foundation/log';
import { failureOf } from '../../foundation/messages';
import { jobDuration, jobFailures } from '../metrics';
import type { Job } from '../../foundation/types';
import type { JobClaims } from './claims';
import { now, type JobRecords } from './records';
import { step } from './steps';
import type { JobQueueOptions, JobReport } from './types';

const THROTTLE_MS = 250;

export interface RunContext {
  options: JobQueueOptions;
  records: JobRecords;
  claims: JobClaims;
  log: LogLine;
  stopping: () => boolean;
  /** Told after a run ended: look for the next job. */
  next: () => void;
}

export function createJobRuns(c: RunContext) {
  const { options, records, claims, log } = c;
  const { running, ended, abortRunning } = createRunningSet();
  const { reporter, settle } = createProgressReports(c);

  /** Marks the job running; null when it was not (removed meanwhile, or the write failed: it stays queued). */
  async function begin(jobId: number): Promise<Job | null> {
    let job: Job | null;
    try {
      job = await records.write(jobId, (j) => {
        j.state = 'running';
        j.attempts += 1;
        j.startedAt = now();
        j.error = null;
      });
    } catch (e) {
      // Not started (e.g. the disk is full): it stays queued and is taken again on a later pass.
      ended(jobId);
      await claims.release(jobId, false);
      throw e;
    }
    if (!job) {
      // Removed between being picked and being started.
      ended(jobId);
      await claims.release(jobId, false);
    }
    return job;
  }

  async function run(jobId: number) {
    const controller = new AbortController();
    running.set(jobId, controller);
    const job = await begin(jobId);
    if (!job) return;
    const handler = options.handlers[job.kind];
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    const work = handler
      ? Promise.resolve().then(async () => {
        try { options.beforeStep?.(job); } catch (e) { throw options.explainStartFailure ? await options.explainStartFailure(job, e) : e; }
        return handler(job, controller.signal, reporter(jobId, controller.signal, job), records.onClose(jobId));
      })
      : Promise.reject(new AppError('internal', `No handler for ${job.kind} jobs`));
    work
      .then(async (final) => {
        await settle(jobId);
        await records.write(jobId, (j) => {
          j.state = 'done';
          j.progress = 100;
          j.step = final ?? step('completed');
          j.finishedAt = now();
        }, { state: 'done' });
        jobDuration.observe({ kind: job.kind, outcome: 'done' }, took());
        log(`job ${jobId} (${job.kind} ${job.itemType} ${job.itemId}) done`);
        return claims.release(jobId, true);
      })
      .catch(async (e) => {
        await settle(jobId);
        return failed(c, job, e, controller.signal, took);
      })
      .catch((e: Error) => log(`Releasing job ${jobId} failed: ${e.message}`))
      .finally(() => {
        ended(jobId);
        records.closed(jobId);
        if (!c.stopping()) options.afterClose?.(job);
        c.next();
      });
  }

  return { run, running, abortRunning };
}

/** Records a job's failure (or, shutting down, puts it back in the queue) and releases its claim. */
async function failed(c: RunContext, job: Job, e: unknown, signal: AbortSignal, took: () => number) {
  const { records, claims, log } = c;
  const jobId = job.id;
  const err = toAppError(e);
  if (c.stopping() && signal.aborted) {
    // Shutting down: leave it queued so the next start (or another worker) resumes it.
    await records.write(jobId, { state: 'queued', step: step('queued_again'), progress: 0 }, { state: 'queued' });
    return claims.release(jobId, false);
  }
  // An ingest failure names its file: its reason then also goes as a code with parameters, for any language.
  const reason = typeof err.details?.file === 'string' ? failureOf(err) : null;
  const error = reason ? { code: err.code, message: err.message, reason: { code: reason.code, params: reason.params } } : { code: err.code, message: err.message };
  await persist(c, jobId, () => records.write(jobId, { state: 'failed', step: step('failed'), error, finishedAt: now() }, { state: 'failed', error: err }));
  jobDuration.observe({ kind: job.kind, outcome: 'failed' }, took());
  jobFailures.inc({ kind: job.kind, reason: reason?.code ?? err.code });
  // Expected failures (a damaged file, a service down) are warnings; an internal error is an error, for alerting.
  log(`job ${jobId} (${job.kind} ${job.itemType} ${job.itemId}) failed: ${err.message}`, {
    level: err.code === 'internal' ? 'error' : 'warn', jobId, jobKind: job.kind, itemType: job.itemType, itemId: job.itemId, code: err.code, reason: reason?.code ?? null,
  });
  return claims.release(jobId, true);
}


/**
 * Records a job's end; when the catalog cannot be written (its disk is full) tries again every 2 s until
 * it can. The job stays this worker's (claimed, counted as running) meanwhile, so no takeover re-runs it
 * before its failure is on record, and it never stays "running" once space is freed. Only a store that is
 * unavailable (disk full, database down) is waited for: another error would repeat forever and hold the
 * worker's slot, so it is thrown (the lease then runs out and a takeover runs the job again).
 */
async function persist({ stopping, log }: RunContext, jobId: number, record: () => Promise<unknown>): Promise<void> {
  for (let told = false; ; told = true) {
    try {
      await record();
      return;
    } catch (e) {
      if (stopping() || !isAppError(e) || e.code !== 'unavailable') throw e;
      if (!told) log(`Recording the end of job ${jobId} failed (${(e as Error).message}); trying again every 2 s`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}


/** The jobs this worker runs (their abort controllers), and those told when the last one has ended. */
function createRunningSet() {
  const running = new Map<number, AbortController>();
  /** Told when the last running job has ended (see `abortRunning`). */
  let noneRunning: Array<() => void> = [];
  /** A job this worker ran (or picked and did not start) is no longer running. */
  const ended = (jobId: number) => {
    running.delete(jobId);
    if (running.size === 0) for (const tell of noneRunning.splice(0)) tell();
  };
  /** Aborts every running job and waits (up to `graceMs`) until each has settled. */
  async function abortRunning(reason: AppError, graceMs = 5000) {
    for (const ctl of running.values()) ctl.abort(reason);
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      noneRunning.push(resolve);
      timer = setTimeout(() => { noneRunning = noneRunning.filter((w) => w !== resolve); resolve(); }, graceMs);
    });
    clearTimeout(timer);
  }

  return { running, ended, abortRunning };
}

/** The reporters handed to handlers, and their progress writes not yet done, in order. */
function createProgressReports({ options, records, log }: RunContext) {
  const reports = new Map<number, Promise<void>>();
  async function settle(jobId: number) {
    await reports.get(jobId);
    reports.delete(jobId);
  }
  function reporter(jobId: number, signal: AbortSignal, job?: Job): JobReport {
    let last = 0;
    let lastCode = '';
    return (s, progress, o = {}) => {
      signal.throwIfAborted();
      const t = Date.now();
      if (o.throttle && s.code === lastCode && t - last < THROTTLE_MS) return;
      if (s.code !== lastCode && job) options.beforeStep?.(job, s);
      last = t;
      lastCode = s.code;
      // Written in the order reported; the job's closing write waits for them (see settle).
      reports.set(jobId, (reports.get(jobId) ?? Promise.resolve())
        .then(() => records.write(jobId, { step: s, progress: Math.round(progress) }))
        .then(() => {}, (e: Error) => log(`Saving the progress of job ${jobId} failed: ${e.message}`)));
    };
  }
  return { reporter, settle };
}
