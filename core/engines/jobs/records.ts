/**
 * The job queue's records (./queue.ts): every job change written with its item's derived status
 * (./status.ts) in one catalog write, with the job's closing hooks when it closes; which queued job
 * comes next. Its state: the closing hooks registered by running jobs.
 */
import type { Catalog } from '../catalog/types';
import type { ContentType, Job, JobKind } from '../../foundation/types';
import { deriveItemProgress } from './status';
import { step } from './steps';
import type { JobOutcome, OnJobClose } from './types';

export const now = () => new Date().toISOString();

/**
 * Conversions (translate, transcribe) run after their item's ingest, and a
 * video's translation after its transcription: while those are queued or
 * running they wait.
 */
/** Whether `job` must wait for an ingest (or transcript) of its item among the queued and running jobs. */
export function waitsForIngest(job: Job, active: Job[]): boolean {
  if (job.kind === 'ingest') return false;
  const before: JobKind[] = job.kind === 'translate' && job.itemType === 'video' ? ['ingest', 'transcribe'] : ['ingest'];
  return active.some((i) => before.includes(i.kind) && i.itemType === job.itemType && i.itemId === job.itemId
    && (i.state === 'queued' || i.state === 'running'));
}

export function createJobRecords(catalog: Catalog) {
  const closers = new Map<number, Array<(outcome: JobOutcome) => void>>();

  async function syncItem(itemType: ContentType, itemId: number) {
    const items = catalog.items(itemType);
    if (!await items.get(itemId)) return;
    const jobs = await catalog.jobs.list({ where: { itemType, itemId } });
    await items.update(itemId, { ...deriveItemProgress(jobs), updatedAt: now() });
  }

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

  /** The job of this kind, item and params that is queued or running, else a new queued one. */
  async function insert(kind: JobKind, itemType: ContentType, itemId: number, params: Record<string, unknown>): Promise<{ job: Job; added: boolean }> {
    const same = JSON.stringify(params);
    const existing = await catalog.jobs.find({
      where: { kind, itemType, itemId }, filter: (j) => JSON.stringify(j.params) === same && (j.state === 'queued' || j.state === 'running'),
    });
    if (existing) return { job: existing, added: false };
    const job = await catalog.transaction(async () => {
      const j = await catalog.jobs.insert({
        kind, itemType, itemId, params, state: 'queued', progress: 0, step: step('queued'), attempts: 0, error: null,
        createdAt: now(), updatedAt: now(), startedAt: null, finishedAt: null,
      });
      await syncItem(itemType, itemId);
      return j;
    });
    return { job, added: true };
  }

  /** Queued and running jobs, oldest first (two indexed queries: a catalog of any size is not read whole). */
  const activeJobs = async () => {
    const [queued, running] = await Promise.all([catalog.jobs.list({ where: { state: 'queued' } }), catalog.jobs.list({ where: { state: 'running' } })]);
    return [...queued, ...running].sort((a, b) => a.id - b.id);
  };

  /** The oldest queued job that `ok` accepts and that waits for nothing. */
  async function nextQueued(ok: (j: Job) => boolean = () => true): Promise<Job | undefined> {
    const active = await activeJobs();
    return active.find((j) => j.state === 'queued' && ok(j) && !waitsForIngest(j, active));
  }

  return {
    write,
    syncItem,
    insert,
    nextQueued,
    requeue: async (jobId: number) => (await write(jobId, { state: 'queued', step: step('queued_again'), progress: 0, error: null, finishedAt: null }))!,
    /** The closing hooks of a job, registered by its handler. */
    onClose: (jobId: number): OnJobClose => (hook) => closers.set(jobId, [...(closers.get(jobId) ?? []), hook]),
    closed: (jobId: number) => closers.delete(jobId),
  };
}
export type JobRecords = ReturnType<typeof createJobRecords>;
