import { AppError } from '../errors';
import type { ContentType, Document, Presentation, Video } from '../types';
import { cleanText } from './create';
import type { ContentDeps } from './deps';

export function updateDocument(deps: ContentDeps, id: number, patch: { title?: string; description?: string; sourceLanguage?: string | null }): Document {
  deps.catalog.documents.require(id);
  const changes: Partial<Document> = { updatedAt: new Date().toISOString() };
  if (patch.title !== undefined) {
    const title = cleanText(patch.title, 300, 'Title');
    if (!title) throw new AppError('validation', 'Title is required');
    changes.title = title;
  }
  if (patch.description !== undefined) changes.description = cleanText(patch.description, 5000, 'Description');
  if (patch.sourceLanguage !== undefined) changes.sourceLanguage = cleanText(patch.sourceLanguage ?? '', 40, 'Source language') || null;
  return deps.catalog.documents.update(id, changes);
}

/** Queues a failed item's ingest again (API and `cms retry`). */
export function retryItem(deps: ContentDeps, type: ContentType, id: number): Document | Presentation | Video {
  const coll = deps.catalog.items(type);
  const rec = coll.require(id);
  if (rec.status !== 'failed') throw new AppError('conflict', `${type} ${id} is ${rec.status}; only failed items can be retried`);
  const job = deps.queue.latestFor(type, id);
  const updated = coll.update(id, { status: 'pending', progress: 0, step: 'Queued again', error: null, updatedAt: new Date().toISOString() });
  if (job && job.state === 'failed') deps.queue.retry(job.id);
  else deps.queue.enqueue('ingest', type, id);
  return updated;
}
