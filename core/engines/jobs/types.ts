/** What the job queue (./queue.ts) and its handlers say to each other, and the queue's options. */
import type { Catalog } from '../catalog/types';
import type { AppError } from '../../foundation/errors';
import type { LogLine } from '../../foundation/log';
import type { Job, JobKind, JobStep } from '../../foundation/types';
import type { JobClaims } from './claims';

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
   * reason (the free-space check: core/foundation/disk.ts). `step` is the step about to begin (none at the job's start).
   */
  beforeStep?: (job: Job, step?: JobStep) => void;
  /** How a beforeStep failure at a job's start is worded (e.g. naming the item's file); default as thrown. */
  explainStartFailure?: (job: Job, e: unknown) => Promise<unknown>;
  /** Told after a job ended (done or failed) and its end was written (a new version of an item goes live: core/features/governance/versions.ts). */
  afterClose?: (job: Job) => void;
}
