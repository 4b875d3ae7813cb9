import type { Catalog } from '../catalog/types';
import type { LogLine } from '../log';
import { AppError, isAppError, toAppError } from '../errors';
import type { ContentType, Job, JobKind, JobStep } from '../types';
import { createLocalJobClaims, type JobClaims } from './claims';
import { deriveItemProgress } from './status';
import { failureOf } from '../messages';
import { jobDuration, jobFailures } from '../metrics';
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
export type OnJobClose = (hook: (outcome: JobOutcome) => void | Promise<void>) => void;
/** Does the job; may return the step to show once it is done (e.g. completed with warnings). */
export type JobHandler = (job: Job, signal: AbortSignal, report: JobReport, onClose: OnJobClose) => Promise<JobStep | void>;
/** One handler per job kind, registered by the composition root. */
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

export interface JobQueueOptions {
  catalog: Catalog;
  /** Jobs run at once by this process; 0 runs none (a server beside `cms worker` processes). */
  concurrency: number;
  handlers: JobHandlers;
  /** Which worker runs a job: this process alone by default; PostgreSQL leases with several workers. */
  claims?: JobClaims;
  /** How long a claim lives without renewal (renewed every third of it). Default 30 s. */
  leaseMs?: number;
  /** Service lines; a job's failure comes with its level (warn: the file or a service; error: internal) and jobId, itemId fields. */
  log?: LogLine;
  /**
   * Called before a job starts and before each new step it reports; what it throws fails the job with that
   * reason (the free-space check: core/disk.ts). `step` is the step about to begin (none at the job's start).
   */
  beforeStep?: (job: Job, step?: JobStep) => void;
  /** How a beforeStep failure at a job's start is worded (e.g. naming the item's file); default as thrown. */
  explainStartFailure?: (job: Job, e: unknown) => Promise<unknown>;
  /** Told after a job ended (done or failed) and its end was written (a new version of an item goes live: core/governance/versions.ts). */
  afterClose?: (job: Job) => void;
}

const now = () => new Date().toISOString();
const THROTTLE_MS = 250;

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
  const leaseMs = options.leaseMs ?? 30_000;
  const log = options.log ?? (() => {});
  const running = new Map<number, AbortController>();
  /** Told when the last running job has ended (see `abortRunning`). */
  let noneRunning: Array<() => void> = [];
  /** A job this worker ran (or picked and did not start) is no longer running. */
  const ended = (jobId: number) => {
    running.delete(jobId);
    if (running.size === 0) for (const tell of noneRunning.splice(0)) tell();
  };
  const closers = new Map<number, Array<(outcome: JobOutcome) => void>>();
  let started = false;
  let stopping = false;
  let idleWaiters: Array<() => void> = [];
  let filling: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** Writes a job change and its item's derived status together (with the job's closing hooks, when it closes). */
  async function write(jobId: number, patch: Partial<Job> | ((j: Job) => void), outcome?: JobOutcome): Promise<Job | null> {
    if (!await catalog.jobs.get(jobId)) return null;
    return await catalog.transaction(async () => {
      const job = await catalog.jobs.update(jobId, (j) => {
        if (typeof patch === 'function') patch(j);
        else Object.assign(j, patch);
        j.updatedAt = now();
      });
      if (outcome) for (const hook of closers.get(jobId) ?? []) await hook(outcome);
      await syncItem(job.itemType, job.itemId);
      return job;
    });
  }

  async function syncItem(itemType: ContentType, itemId: number) {
    const items = catalog.items(itemType);
    if (!await items.get(itemId)) return;
    const jobs = await catalog.jobs.list({ where: { itemType, itemId } });
    await items.update(itemId, { ...deriveItemProgress(jobs), updatedAt: now() });
  }

  async function enqueue(kind: JobKind, itemType: ContentType, itemId: number, params: Record<string, unknown> = {}): Promise<Job> {
    const same = JSON.stringify(params);
    const existing = await catalog.jobs.find({
      where: { kind, itemType, itemId }, filter: (j) => JSON.stringify(j.params) === same && (j.state === 'queued' || j.state === 'running'),
    });
    if (existing) return existing;
    const job = await catalog.transaction(async () => {
      const j = await catalog.jobs.insert({
        kind, itemType, itemId, params, state: 'queued', progress: 0, step: step('queued'), attempts: 0, error: null,
        createdAt: now(), updatedAt: now(), startedAt: null, finishedAt: null,
      });
      await syncItem(itemType, itemId);
      return j;
    });
    pump();
    return job;
  }

  /**
   * Conversions (translate, transcribe) run after their item's ingest, and a
   * video's translation after its transcription: while those are queued or
   * running they wait.
   */
  /** Whether `job` must wait for an ingest (or transcript) of its item among the queued and running jobs. */
  function waitsForIngest(job: Job, active: Job[]): boolean {
    if (job.kind === 'ingest') return false;
    const before: JobKind[] = job.kind === 'translate' && job.itemType === 'video' ? ['ingest', 'transcribe'] : ['ingest'];
    return active.some((i) => before.includes(i.kind) && i.itemType === job.itemType && i.itemId === job.itemId
      && (i.state === 'queued' || i.state === 'running'));
  }

  /** Queued and running jobs, oldest first (two indexed queries: a catalog of any size is not read whole). */
  const activeJobs = async () => {
    const [queued, running_] = await Promise.all([catalog.jobs.list({ where: { state: 'queued' } }), catalog.jobs.list({ where: { state: 'running' } })]);
    return [...queued, ...running_].sort((a, b) => a.id - b.id);
  };

  /** The oldest queued job that `ok` accepts and that waits for nothing. */
  async function nextQueued(ok: (j: Job) => boolean = () => true): Promise<Job | undefined> {
    const active = await activeJobs();
    return active.find((j) => j.state === 'queued' && ok(j) && !waitsForIngest(j, active));
  }

  /** Starts claimable queued jobs up to the concurrency (one pass at a time; a call during a pass asks for another). */
  function pump() {
    if (!started || stopping) return;
    if (filling) {
      again = true;
      return;
    }
    filling = (async () => {
      do {
        again = false;
        await fill();
      } while (again && !stopping);
    })().catch((e: Error) => log(`Taking jobs failed: ${e.message}; trying again shortly`)).finally(async () => {
      filling = null;
      // After stop() the store may be closed already: a failed idle check is logged, never an unhandled rejection.
      await checkIdle().catch((e: Error) => log(`Checking for remaining jobs failed: ${e.message}`));
    });
  }

  async function fill() {
    const tried = new Set<number>();
    while (running.size < options.concurrency && !stopping) {
      const next = await nextQueued((j) => !running.has(j.id) && !tried.has(j.id));
      if (!next) return;
      tried.add(next.id);
      if (!(await claims.claim(next.id, next.attempts))) continue;
      if ((await catalog.jobs.get(next.id))?.state !== 'queued' || stopping) {
        await claims.release(next.id, false);
        continue;
      }
      await run(next.id);
    }
  }

  /** Takes over running jobs no live worker holds (its process died, or this process restarted). */
  async function recover() {
    if (options.concurrency <= 0 || stopping) return;
    const candidates = (await catalog.jobs.list({ where: { state: 'running' }, filter: (j) => !running.has(j.id) })).map((j) => j.id);
    for (const id of await claims.orphaned(candidates)) {
      if (running.size >= options.concurrency || stopping) return;
      if (!(await claims.takeOver(id))) continue;
      if ((await catalog.jobs.get(id))?.state !== 'running') {
        await claims.release(id, false);
        continue;
      }
      log(`Worker took over job ${id}: its previous worker stopped renewing its lease`);
      await run(id);
    }
  }

  async function checkIdle() {
    if (running.size === 0 && !filling && !await nextQueued()) {
      const w = idleWaiters;
      idleWaiters = [];
      w.forEach((f) => f());
    }
  }

  /** Progress writes of running jobs not yet done, in order. */
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
        .then(() => write(jobId, { step: s, progress: Math.round(progress) }))
        .then(() => {}, (e: Error) => log(`Saving the progress of job ${jobId} failed: ${e.message}`)));
    };
  }

  async function run(jobId: number) {
    const controller = new AbortController();
    running.set(jobId, controller);
    let job: Job | null;
    try {
      job = await write(jobId, (j) => {
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
      return claims.release(jobId, false);
    }
    const handler = options.handlers[job.kind];
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    const onClose: OnJobClose = (hook) => closers.set(jobId, [...(closers.get(jobId) ?? []), hook]);
    const work = handler
      ? Promise.resolve().then(async () => {
        try { options.beforeStep?.(job); } catch (e) { throw options.explainStartFailure ? await options.explainStartFailure(job, e) : e; }
        return handler(job, controller.signal, reporter(jobId, controller.signal, job), onClose);
      })
      : Promise.reject(new AppError('internal', `No handler for ${job.kind} jobs`));
    work
      .then(async (final) => {
        await settle(jobId);
        await write(jobId, (j) => {
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
        const err = toAppError(e);
        if (stopping && controller.signal.aborted) {
          // Shutting down: leave it queued so the next start (or another worker) resumes it.
          await write(jobId, { state: 'queued', step: step('queued_again'), progress: 0 }, { state: 'queued' });
          return claims.release(jobId, false);
        }
        // An ingest failure names its file: its reason then also goes as a code with parameters, for any language.
        const reason = typeof err.details?.file === 'string' ? failureOf(err) : null;
        const error = reason ? { code: err.code, message: err.message, reason: { code: reason.code, params: reason.params } } : { code: err.code, message: err.message };
        await persist(jobId, () => write(jobId, { state: 'failed', step: step('failed'), error, finishedAt: now() }, { state: 'failed', error: err }));
        jobDuration.observe({ kind: job.kind, outcome: 'failed' }, took());
        jobFailures.inc({ kind: job.kind, reason: reason?.code ?? err.code });
        // Expected failures (a damaged file, a service down) are warnings; an internal error is an error, for alerting.
        log(`job ${jobId} (${job.kind} ${job.itemType} ${job.itemId}) failed: ${err.message}`, {
          level: err.code === 'internal' ? 'error' : 'warn', jobId, jobKind: job.kind, itemType: job.itemType, itemId: job.itemId, code: err.code, reason: reason?.code ?? null,
        });
        return claims.release(jobId, true);
      })
      .catch((e: Error) => log(`Releasing job ${jobId} failed: ${e.message}`))
      .finally(() => {
        ended(jobId);
        closers.delete(jobId);
        if (!stopping) options.afterClose?.(job);
        pump();
      });
  }

  /** Aborts every running job and waits (up to `graceMs`) until each has settled. */
  async function abortRunning(reason: AppError, graceMs = 5000) {
    for (const c of running.values()) c.abort(reason);
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      noneRunning.push(resolve);
      timer = setTimeout(() => { noneRunning = noneRunning.filter((w) => w !== resolve); resolve(); }, graceMs);
    });
    clearTimeout(timer);
  }

  /**
   * Records a job's end; when the catalog cannot be written (its disk is full) tries again every 2 s until
   * it can. The job stays this worker's (claimed, counted as running) meanwhile, so no takeover re-runs it
   * before its failure is on record, and it never stays "running" once space is freed. Only a store that is
   * unavailable (disk full, database down) is waited for: another error would repeat forever and hold the
   * worker's slot, so it is thrown (the lease then runs out and a takeover runs the job again).
   */
  async function persist(jobId: number, record: () => Promise<unknown>): Promise<void> {
    for (let told = false; ; told = true) {
      try {
        await record();
        return;
      } catch (e) {
        if (stopping || !isAppError(e) || e.code !== 'unavailable') throw e;
        if (!told) log(`Recording the end of job ${jobId} failed (${(e as Error).message}); trying again every 2 s`);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  const requeue = async (jobId: number) => (await write(jobId, { state: 'queued', step: step('queued_again'), progress: 0, error: null, finishedAt: null }))!;

  return {
    enqueue,
    /** Takes over interrupted jobs and starts working; keeps leases alive and looks for work every few moments. */
    start() {
      started = true;
      stopping = false;
      const tick = () => {
        if (stopping) return;
        if (running.size) void claims.renew([...running.keys()]).catch((e: Error) => log(`Renewing job leases failed: ${e.message}`));
        void recover().then(pump, (e: Error) => log(`Looking for abandoned jobs failed: ${e.message}`));
      };
      if (options.concurrency > 0) {
        timer = setInterval(tick, Math.max(200, Math.min(2000, Math.floor(leaseMs / 3))));
        timer.unref();
        tick();
      }
      pump();
    },
    /** Stops taking jobs and aborts the running ones (they stay queued). */
    async stop(graceMs = 5000) {
      stopping = true;
      if (timer) clearInterval(timer);
      await abortRunning(new AppError('unavailable', 'The server is shutting down'), graceMs);
      started = false;
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
      await abortRunning(new AppError('conflict', 'All data was deleted'));
      await catalog.jobs.removeWhere(() => true);
    },
    /** Queues a failed job again. */
    async retry(jobId: number): Promise<Job> {
      const job = await catalog.jobs.require(jobId);
      if (job.state !== 'failed') throw new AppError('conflict', `Job ${jobId} is ${job.state}, only failed jobs can be retried`);
      const updated = await requeue(jobId);
      pump();
      return updated;
    },
    /** Derives an item's status from its jobs again (after jobs were removed by hand, e.g. with a deleted translation). */
    async resync(itemType: ContentType, itemId: number): Promise<void> {
      await catalog.transaction(() => syncItem(itemType, itemId));
    },
    /** Latest job of an item, if any. */
    async latestFor(itemType: ContentType, itemId: number, kind: JobKind = 'ingest'): Promise<Job | undefined> {
      return (await catalog.jobs.list({ where: { itemType, itemId, kind } })).pop();
    },
    /** Resolves when nothing is queued or running. */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        if (!started || options.concurrency <= 0) resolve();
        else {
          pump();
          void checkIdle().catch((e: Error) => log(`Checking for idle failed: ${e.message}`));
        }
      });
    },
    get runningCount() {
      return running.size;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
