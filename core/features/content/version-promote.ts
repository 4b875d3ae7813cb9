/** Promotion of a processed and approved new version (./versions.ts): the draft takes over the item's id. */
import { removeDerived } from '../../engines/records/derived';
import { derivedPrefixes, keys, publicUrlForKey, rekeyDerived, videoKeys } from '../../engines/storage/layout';
import { listAll } from '../../engines/storage/stats';
import type { ContentType, Video } from '../../foundation/types';
import { SYSTEM_ACTOR } from '../governance/roles';
import { reindexItem } from './reindex';
import { copyObject, nowIso, readAll, redoTranslations, titleOf, type Item, type VersionDeps } from './version-files';

/** The draft's processed version takes over the item's id (see the top of this file). */
export async function promote(deps: VersionDeps, type: ContentType, rec: Item, draft: Item) {
  const { store, catalog } = deps;
  const id = rec.id;
  const at = nowIso(deps);
  // The old version's text, chunks, images, frames and transcript go (its original stays in versions/).
  await removeDerived(deps, type, id);
  for (const prefix of derivedPrefixes(type, id)) for (const o of await listAll(store, prefix)) await store.delete(o.key);
  // The draft's derived objects move onto the item's id.
  for (const prefix of derivedPrefixes(type, draft.id)) {
    for (const o of await listAll(store, prefix)) {
      const to = rekeyDerived(o.key, type, draft.id, id);
      if (!to) continue;
      await copyObject(deps, o.key, to);
      await store.delete(o.key);
    }
  }
  for (const key of [keys.extractedText(type, id), ...(type === 'video' ? [videoKeys.transcriptJson(id), videoKeys.transcriptOriginalJson(id)] : [])]) {
    if (!(await store.head(key))) continue;
    const json = JSON.parse((await readAll(deps, key)).toString('utf8')) as { itemId?: number };
    json.itemId = id;
    await store.put(key, Buffer.from(JSON.stringify(json)));
  }
  const rekey = (k: string) => rekeyDerived(k, type, draft.id, id) ?? k;
  if (type === 'document') await catalog.botImages.updateWhere((i) => i.documentId === draft.id, (i) => Object.assign(i, { documentId: id, imageKey: rekey(i.imageKey) }));
  if (type === 'presentation') {
    await catalog.presentationImages.updateWhere((i) => i.presentationId === draft.id, (i) => Object.assign(i, { presentationId: id, imageKey: rekey(i.imageKey) }));
  }
  // The new bytes under the item's own key: its public URL stays the same.
  await copyObject(deps, draft.fileKey, rec.fileKey, draft.fileType);
  await deps.search.deleteItem(type, draft.id);
  await catalog.jobs.removeWhere((j) => j.itemType === type && j.itemId === draft.id);
  await catalog.items(type).remove(draft.id);
  // The new text in the index under the item's id; translations of the old text are made again.
  await redoTranslations(deps, type, id);
  await reindexItem(deps, type, id);
  // Last: the record says the new version is live once everything it serves is in place.
  const pick = ['fileName', 'fileType', 'fileSize', 'sha256', 'chunkCount', 'imageCount', 'pageCount', 'slideCount', 'duration', 'sourceLanguage', 'notice'] as const;
  await catalog.items(type).update(id, (r) => {
    const into = r as unknown as Record<string, unknown>;
    for (const f of pick) if (f in draft) into[f] = (draft as unknown as Record<string, unknown>)[f];
    if (type === 'video') {
      const d = draft as Video;
      const v = r as Video;
      v.thumbnailKey = d.thumbnailKey ? rekey(d.thumbnailKey) : null;
      v.transcript = d.transcript ? { ...d.transcript, vttPath: d.transcript.vttPath ? publicUrlForKey(videoKeys.transcriptVtt(id)) : null } : d.transcript;
    }
    const n = r.pendingVersion?.n;
    r.versions = (r.versions ?? []).map((v) => (v.n === n ? { ...v, state: 'live' as const, liveAt: at } : v.state === 'live' ? { ...v, state: 'superseded' as const } : v));
    Object.assign(r, { review: 'approved', approvedDate: at, approvedBy: draft.approvedBy ?? r.approvedBy, reviewNote: null, pendingVersion: null, updatedAt: at });
  });
  await deps.audit?.({ action: 'approve', actor: SYSTEM_ACTOR, type, id, title: titleOf(rec), after: { version: (rec.pendingVersion?.n ?? null), live: true }, note: 'new version live' });
}
