import { keys, pageRendersPrefix } from '../storage/layout';
import { deletePrefix } from '../storage/stats';
import type { ContentType } from '../types';
import type { RecordDeps } from './deps';
import { removeVideoDerived } from '../video/derived';

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
  // Page renders are made on request (core/content/page-render.ts) and have no catalog row.
  if (type === 'document') await deletePrefix(store, pageRendersPrefix(id));
}
