import { keys, pageRendersPrefix, videoKeys } from '../storage/layout';
import { deletePrefix } from '../storage/stats';
import type { ContentType } from '../../foundation/types';
import type { RecordDeps } from './deps';
import type { ObjectStore } from '../storage/types';

/** Removes the derived data of an item (images, chunks, text) before a re-ingest or delete. */
export async function removeDerived(deps: RecordDeps, type: ContentType, id: number) {
  await deps.search.deleteItem(type, id);
  const { catalog, store } = deps;
  const imageKeys =
    type === 'document' ? (await catalog.botImages.removeWhere((i) => i.documentId === id)).map((i) => i.imageKey)
    : type === 'presentation' ? (await catalog.presentationImages.removeWhere((i) => i.presentationId === id)).map((i) => i.imageKey)
    : [];
  for (const k of [...imageKeys, keys.extractedText(type, id)]) await store.delete(k);
  if (type === 'video') await removeVideoDerived(store, id);
  // Page renders are made on request (core/features/content/page-render.ts) and have no catalog row.
  if (type === 'document') await deletePrefix(store, pageRendersPrefix(id));
}

/** A video's transcript files and frames (its translated files go with their translation records). */
async function removeVideoDerived(store: ObjectStore, id: number): Promise<void> {
  await store.delete(videoKeys.transcriptVtt(id));
  await store.delete(videoKeys.transcriptJson(id));
  await deletePrefix(store, videoKeys.framesPrefix(id));
}
