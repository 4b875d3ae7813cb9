import type { RecordDeps } from '../../engines/records/deps';
import type { ContentType } from '../../foundation/types';
import { chunkSections } from '../../engines/search/chunker';
import { attachImagesByText } from '../ingest/images';
import { loadExtractedText } from '../../engines/records/stored-text';
import { transcriptChunks } from '../video/transcript-store';
import { translationChunks } from '../translate/index-text';

/**
 * Rebuilds the search index from the stored extracted text of every
 * completed item (after an embedder change), without re-extracting files.
 */
export async function reindexAll(deps: RecordDeps, onProgress?: (done: number, total: number, title: string) => void) {
  const { catalog, search } = deps;
  const items: Array<{ type: ContentType; id: number }> = [
    ...(await catalog.documents.list((d) => d.status === 'completed')).map((d) => ({ type: 'document' as const, id: d.id })),
    ...(await catalog.presentations.list((d) => d.status === 'completed')).map((d) => ({ type: 'presentation' as const, id: d.id })),
    ...(await catalog.videos.list((d) => d.status === 'completed')).map((d) => ({ type: 'video' as const, id: d.id })),
  ];
  await search.clear();
  let chunks = 0;
  let done = 0;
  for (const it of items) {
    const text = await loadExtractedText(deps.store, it.type, it.id);
    done++;
    if (!text) continue;
    const toMap = (o: Record<number, number[]>) => new Map(Object.entries(o).map(([k, v]) => [Number(k), v]));
    const cs = chunkSections(text.sections, {
      itemType: it.type, itemId: it.id, title: text.title, imagesByPage: toMap(text.imagesByPage), imagesBySlide: toMap(text.imagesBySlide),
    });
    attachImagesByText(cs, text.unplacedImages ?? []);
    if (it.type === 'video') cs.push(...await transcriptChunks(deps.store, it.id));
    // Completed translations are indexed too, from their stored text.
    const translated = await translationChunks(deps, it.type, it.id);
    await search.upsert([...cs, ...translated]);
    chunks += cs.length + translated.length;
    onProgress?.(done, items.length, text.title);
  }
  return { items: items.length, chunks };
}

/** Re-indexes one item (original and remaining translations) after one of its translations was removed. */
export async function reindexItem(deps: RecordDeps, type: ContentType, id: number): Promise<void> {
  await deps.search.deleteItem(type, id);
  const text = await loadExtractedText(deps.store, type, id);
  if (text) {
    const toMap = (o: Record<number, number[]>) => new Map(Object.entries(o).map(([k, v]) => [Number(k), v]));
    await deps.search.upsert(chunkSections(text.sections, {
      itemType: type, itemId: id, title: text.title, imagesByPage: toMap(text.imagesByPage), imagesBySlide: toMap(text.imagesBySlide),
    }));
  }
  if (type === 'video') await deps.search.upsert(await transcriptChunks(deps.store, id));
  const translated = await translationChunks(deps, type, id);
  if (translated.length) await deps.search.upsert(translated);
}
