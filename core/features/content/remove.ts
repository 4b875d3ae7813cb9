import { AppError } from '../../foundation/errors';
import { deletePrefix } from '../../engines/storage/stats';
import { derivedPrefixes, versionKeys } from '../../engines/storage/layout';
import type { ContentType } from '../../foundation/types';
import type { ContentDeps } from './deps';
import { removeDerived } from '../../engines/records/derived';
import { removeTranslationsOf } from './translations';

/** The item's own files: original, translation, thumbnail (images and text go with removeDerived). */
async function ownKeys(deps: ContentDeps, type: ContentType, id: number): Promise<string[]> {
  const rec = await deps.catalog.items(type).get(id);
  if (!rec) return [];
  const out = [rec.fileKey];
  if (rec.translation.fileKey) out.push(rec.translation.fileKey);
  if ('thumbnailKey' in rec && rec.thumbnailKey) out.push(rec.thumbnailKey);
  return out;
}

/**
 * Deletes an item everywhere: its jobs (aborting a running one), its chunks
 * in every index, its stored files and its records.
 */
export async function deleteItem(deps: ContentDeps, type: ContentType, id: number) {
  const { catalog } = deps;
  const coll = catalog.items(type);
  await coll.require(id);
  const stored = await ownKeys(deps, type, id);
  // The item's own files first: on a full disk they free the room the catalog and index writes below need
  // (a retried delete finds them gone, which is fine).
  for (const k of stored) await deps.store.delete(k);
  await deps.queue.cancelItem(type, id);
  // Then the index: if the search backend is down the record stays and the delete can be retried.
  await removeDerived(deps, type, id);
  // Whatever else was derived from it (a video's probe, kept original transcript, SRT files) goes too.
  for (const prefix of derivedPrefixes(type, id)) await deletePrefix(deps.store, prefix);
  await removeTranslationsOf(deps, type, id);
  // A new version waiting (its hidden draft) and every kept version's file go with the item.
  const draftId = (await coll.get(id))?.pendingVersion?.draftId;
  if (draftId != null) {
    await deps.queue.cancelItem(type, draftId);
    await removeDerived(deps, type, draftId);
    for (const prefix of derivedPrefixes(type, draftId)) await deletePrefix(deps.store, prefix);
    await coll.remove(draftId);
  }
  await deletePrefix(deps.store, versionKeys.prefix(type, id));
  await coll.remove(id);
}

/** DELETE /api/content/{id}: the id may be a document, presentation, video or content item. */
export async function deleteAnyContent(deps: ContentDeps, id: number) {
  const { catalog } = deps;
  if (await catalog.documents.get(id)) return deleteItem(deps, 'document', id);
  if (await catalog.presentations.get(id)) return deleteItem(deps, 'presentation', id);
  if (await catalog.videos.get(id)) return deleteItem(deps, 'video', id);
  if (await catalog.contentItems.remove(id)) return;
  throw new AppError('not_found', `Content ${id} was not found`);
}

export async function deleteImage(deps: ContentDeps, kind: 'bot' | 'presentation', id: number) {
  const coll = kind === 'bot' ? deps.catalog.botImages : deps.catalog.presentationImages;
  const img = await coll.require(id);
  await deps.store.delete(img.imageKey);
  await coll.remove(id);
}

/** Removes every record, every stored object and every index entry. */
export async function deleteAllData(deps: ContentDeps) {
  await deps.queue.cancelAll();
  const c = deps.catalog;
  const counts = await Promise.all([c.documents, c.presentations, c.videos, c.contentItems, c.categories, c.botImages, c.presentationImages, c.translations]
    .map((coll) => coll.count()));
  const records = counts.reduce((n, k) => n + k, 0) + ((await deps.conversations?.stats())?.messages ?? 0);
  const chunks = await deps.search.count();
  await deps.search.clear();
  const objects = await deletePrefix(deps.store);
  await deps.catalog.clearContent();
  await deps.conversations?.clearAll();
  return { records, objects, chunks };
}
