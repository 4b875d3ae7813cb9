import type { ItemRecord } from '../../engines/catalog/types';
import { AppError } from '../../foundation/errors';
import { isPermanentFailure, refusal } from '../../foundation/messages';
import type { ContentType, Job } from '../../foundation/types';
import type { ContentDeps } from './deps';
import { deleteItem } from './remove';
import { failedIngest, recordsOfSameFile } from './same-file';
import { retryTranslation } from './translations';

function permanentRefusal(reason: string | null | undefined): AppError {
  const why = (reason ?? 'the file cannot be processed.').trim();
  return refusal('conflict', 'refusal.retry_permanent', { reason: why }, `Retrying cannot help: ${why.replace(/[^.!?]$/, '$&.')} Upload a fixed file instead.`, { permanent: true });
}

/** Whether a failed job failed for good (its reason is one no retry can mend). */
export const failedForGood = (j: Job): boolean => isPermanentFailure(j.error?.reason);

/** Queues a failed item's ingest again (its status follows from the job). */
export async function retryItem(deps: ContentDeps, type: ContentType, id: number): Promise<ItemRecord> {
  const rec = await deps.catalog.items(type).require(id);
  if (rec.status !== 'failed') throw refusal('conflict', 'refusal.retry_not_failed', { status: rec.status }, `${type} ${id} is ${rec.status}; only failed items can be retried`);
  // A failure no retry can mend (DRM, no media, a codec this server cannot decode): the file itself must change.
  if (isPermanentFailure(rec.errorCode)) throw permanentRefusal(rec.error);
  // The same file imported again since (another record holds it and did not fail): processing this one again would
  // make a second copy. The stale failed record goes; the one that holds the file is the answer.
  const holder = failedIngest(rec) ? (await recordsOfSameFile(deps, type, rec, id)).find((r) => !failedIngest(r)) : undefined;
  if (holder) {
    await deleteItem(deps, type, id);
    return structuredClone(holder);
  }
  const job = await deps.queue.latestFor(type, id);
  // A video whose ingest went through but whose transcription failed: only the transcription runs again.
  const transcribe = type === 'video' ? await deps.queue.latestFor(type, id, 'transcribe') : undefined;
  if (job?.state === 'done' && transcribe?.state === 'failed') {
    await deps.queue.retry(transcribe.id);
    return structuredClone(await deps.catalog.items(type).require(id));
  }
  // A video whose translated versions failed (ingest and transcription went through): only those translations run again.
  if (job?.state === 'done' && type === 'video') {
    const failed = await deps.catalog.translations.list((t) => t.itemType === 'video' && t.itemId === id && t.state === 'failed');
    for (const t of failed) await retryTranslation(deps, t.id);
    // A failed job whose record says otherwise (e.g. killed before it wrote its record) is queued again as it is.
    for (const j of await deps.catalog.jobs.list((x) => x.kind === 'translate' && x.itemType === 'video' && x.itemId === id && x.state === 'failed')) await deps.queue.retry(j.id);
    return structuredClone(await deps.catalog.items(type).require(id));
  }
  if (job && job.state === 'failed') await deps.queue.retry(job.id);
  else await deps.queue.enqueue('ingest', type, id);
  // A re-ingest removes the transcript's chunks and frames: the transcription runs again after it.
  if (type === 'video') await deps.queue.enqueue('transcribe', type, id);
  return structuredClone(await deps.catalog.items(type).require(id));
}

/** Queues a failed job again, whatever its kind. */
export async function retryJob(deps: ContentDeps, jobId: number): Promise<Job> {
  const job = await deps.catalog.jobs.require(jobId);
  const item = await deps.catalog.items(job.itemType).get(job.itemId);
  const translation = job.kind === 'translate' ? await deps.catalog.translations.get(Number(job.params.translationId)) : undefined;
  if (job.kind === 'ingest' || (job.kind === 'transcribe' && item?.status === 'failed')) {
    const now = await retryItem(deps, job.itemType, job.itemId);
    // A stale copy of a file another record holds went with its jobs: the answer is the job of the record that holds it.
    if (now.id !== job.itemId) return structuredClone((await deps.queue.latestFor(job.itemType, now.id)) ?? job);
  }
  // A translation's record goes back to queued with its job.
  else if (translation?.state === 'failed' && translation.jobId === jobId) await retryTranslation(deps, translation.id);
  else await deps.queue.retry(jobId);
  return structuredClone(await deps.catalog.jobs.require(jobId));
}

/** Queues every failed job again, except those that failed for good (DRM, no media, a codec it cannot decode); returns how many. */
export async function retryFailed(deps: ContentDeps): Promise<number> {
  const failed = await deps.catalog.jobs.list({ where: { state: 'failed' } });
  let n = 0;
  // A job retried with its item (a video's old failed transcription) is no longer failed when its turn comes.
  // A transcription a later one replaced is history, not work to redo.
  const superseded = async (j: Job) => j.kind === 'transcribe' && (await deps.queue.latestFor(j.itemType, j.itemId, 'transcribe'))?.id !== j.id;
  for (const j of failed) if ((await deps.catalog.jobs.get(j.id))?.state === 'failed' && !failedForGood(j) && !await superseded(j)) { await retryJob(deps, j.id); n++; }
  return n;
}

/**
 * `retry ID`: an id is a document, presentation or video (ids are unique
 * across them) or, failing that, a job. Returns the item now queued again.
 */
export async function retryById(deps: ContentDeps, id: number): Promise<{ type: ContentType; item: ItemRecord }> {
  for (const type of ['document', 'presentation', 'video'] as const) {
    if (await deps.catalog.items(type).get(id)) return { type, item: await retryItem(deps, type, id) };
  }
  const job = await deps.catalog.jobs.get(id);
  if (!job) throw new AppError('not_found', `No document, presentation, video or job has id ${id}`);
  await retryJob(deps, id);
  const item = await deps.catalog.items(job.itemType).get(job.itemId);
  if (!item) throw new AppError('not_found', `Job ${id} belongs to ${job.itemType} ${job.itemId}, which no longer exists`);
  return { type: job.itemType, item: structuredClone(item) };
}
