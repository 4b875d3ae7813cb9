import { createReadStream } from 'node:fs';
import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import { assertKind } from '../../formats/sniff';
import { deriveItemProgress } from '../../engines/jobs/status';
import { ACCEPTED } from '../../engines/records/accepted';
import { removeDerived } from '../../engines/records/derived';
import type { ContentDeps } from './deps';
import { discard, type IncomingFile } from './spool';
import { derivedPrefixes, publicUrlForKey, versionKeys, videoKeys } from '../../engines/storage/layout';
import { listAll } from '../../engines/storage/stats';
import type { ContentType, ItemVersion, SyncSource } from '../../foundation/types';
import { emptyTranscript } from '../video/transcript-state';
import { assertCan, type Actor } from '../governance/roles';
import { isHandedOut } from '../governance/visibility';
import { failedInTranslation } from '../../engines/jobs/status';
import { copyObject, nowIso, redoTranslations, titleOf, type Item, type VersionDeps } from './version-files';
import { promote } from './version-promote';

export type { VersionDeps } from './version-files';

/**
 * Versions of an item's file: replace in place (same id, same public URLs),
 * list earlier versions, restore one.
 *
 * Every version's original is kept under `versions/{type}/{id}/{n}_{name}`
 * (core/engines/storage/layout.ts; never public). How a new version arrives depends
 * on whether the item is approved now:
 * - approved: the new file is processed under a hidden draft record
 *   (`versionOf` = the item; never listed, never public) while the approved
 *   version keeps being served. Once the draft is processed AND approved, it
 *   is promoted: the item's old text, chunks and images are removed, the
 *   draft's move onto the item's id, the original's bytes are written under
 *   the item's own key (its URL does not change), the draft disappears.
 * - not approved (pending, rejected, failed): nothing is served, so the file
 *   is replaced at once and processed again; the item waits for review.
 * A restore is a replacement with an earlier version's file: it goes through
 * processing and review like any replacement (a reviewer or admin may approve
 * it on the spot). Every replace and restore is audited.
 */

/** The versions of an item: the first replacement writes down version 1 (the file it had) and keeps its bytes. */
async function ensureHistory(deps: VersionDeps, type: ContentType, rec: Item): Promise<ItemVersion[]> {
  if (rec.versions?.length) return rec.versions;
  const key = versionKeys.original(type, rec.id, 1, rec.fileName);
  if (!(await deps.store.head(key))) await copyObject(deps, rec.fileKey, key, rec.fileType);
  return [{
    n: 1, fileName: rec.fileName, fileType: rec.fileType, fileSize: rec.fileSize, sha256: rec.sha256, createdAt: rec.createdAt ?? rec.updatedAt,
    createdBy: rec.approvedBy ?? 'upload', state: 'live', liveAt: rec.approvedDate ?? null, approvedBy: rec.approvedBy ?? null,
  }];
}

export interface ReplaceOptions {
  actor: Actor;
  /** Approve the new version now (needs the review permission): it goes live as soon as it is processed. */
  approve?: boolean;
  /** Set by a restore: the version whose file this is. */
  restoredFrom?: number | null;
  /** Set by folder sync: where the file came from. */
  syncSource?: SyncSource | null;
}

/** Finds an item of any kind by id (drafts are not items). */
export async function findItem(deps: ContentDeps, id: number, type?: ContentType): Promise<{ type: ContentType; rec: Item }> {
  for (const t of type ? [type] : (['document', 'presentation', 'video'] as const)) {
    const rec = await deps.catalog.items(t).get(id);
    if (rec && rec.versionOf == null) return { type: t, rec };
  }
  throw new AppError('not_found', type ? `${type} ${id} was not found` : `No document, presentation or video has id ${id}`);
}

/** The versions of an item, oldest first (one version when it was never replaced). */
export async function listVersions(deps: ContentDeps, id: number, type?: ContentType): Promise<ItemVersion[]> {
  const { rec } = await findItem(deps, id, type);
  return rec.versions?.length ? structuredClone(rec.versions) : [{
    n: 1, fileName: rec.fileName, fileType: rec.fileType, fileSize: rec.fileSize, sha256: rec.sha256, createdAt: rec.createdAt ?? rec.updatedAt,
    createdBy: 'upload', state: 'live', liveAt: rec.approvedDate ?? null, approvedBy: rec.approvedBy ?? null,
  }];
}

/** Replaces an item's file with a new version (see the top of this file). */
export async function replaceFile(deps: VersionDeps, id: number, file: IncomingFile, o: ReplaceOptions & { type?: ContentType }): Promise<{ type: ContentType; item: Item; version: ItemVersion }> {
  try {
    assertCan(o.actor, 'edit', 'replace files');
    if (o.approve) assertCan(o.actor, 'review', 'approve a new version');
    const { type, rec } = await findItem(deps, id, o.type);
    const sniffed = await assertKind(file.path, ACCEPTED[type], file.fileName);
    return await addVersion(deps, type, rec, { path: file.path, size: file.size, sha256: file.sha256, fileName: file.fileName, mime: sniffed.mime }, o);
  } finally {
    await discard(file);
  }
}

/** Brings back an earlier version's file as a new version (processed and reviewed like any replacement). */
export async function restoreVersion(deps: VersionDeps, id: number, n: number, o: ReplaceOptions & { type?: ContentType }) {
  assertCan(o.actor, 'edit', 'restore versions');
  if (o.approve) assertCan(o.actor, 'review', 'approve a new version');
  const { type, rec } = await findItem(deps, id, o.type);
  const old = rec.versions?.find((v) => v.n === n);
  if (!old) throw new AppError('not_found', `${type} ${id} has no version ${n}`);
  if (old.state === 'live') throw refusal('conflict', 'refusal.version_live', { version: n }, `Version ${n} of ${type} ${id} is the live one already`);
  const key = versionKeys.original(type, id, n, old.fileName);
  return await addVersion(deps, type, rec, { key, size: old.fileSize, sha256: old.sha256, fileName: old.fileName, mime: old.fileType }, { ...o, restoredFrom: n });
}

type Source = { path?: string; key?: string; size: number; sha256: string | null; fileName: string; mime: string };

async function addVersion(deps: VersionDeps, type: ContentType, rec: Item, src: Source, o: ReplaceOptions) {
  const items = deps.catalog.items(type);
  const at = nowIso(deps);
  // A version still waiting is superseded by the newer file (sync saw the file change twice, or someone uploaded again).
  if (rec.pendingVersion) await discardPending(deps, type, rec.id, 'superseded by a newer file');
  const current = (await items.require(rec.id));
  const history = await ensureHistory(deps, type, current);
  const n = Math.max(...history.map((v) => v.n)) + 1;
  const key = versionKeys.original(type, rec.id, n, src.fileName);
  if (src.key) await copyObject(deps, src.key, key, src.mime);
  else await deps.store.put(key, createReadStream(src.path!), { size: src.size, contentType: src.mime });
  const version: ItemVersion = {
    n, fileName: src.fileName, fileType: src.mime, fileSize: src.size, sha256: src.sha256, createdAt: at, createdBy: o.actor.name,
    state: 'pending', restoredFrom: o.restoredFrom ?? null,
  };
  const approver = o.approve ? o.actor.name : deps.autoApprove ? 'auto' : null;
  const served = current.review === 'approved' && !current.archivedAt && (current.status !== 'failed' || failedInTranslation(current));
  let item: Item;
  if (served) {
    // Processed beside the live version under a hidden draft; promoted once processed and approved.
    const draftId = await deps.catalog.reserveId();
    const draft = {
      ...structuredClone(current), id: draftId, versionOf: current.id, fileKey: key, fileName: version.fileName, fileType: src.mime, fileSize: src.size,
      sha256: src.sha256, versions: undefined, pendingVersion: null, syncSource: null, createdAt: at, updatedAt: at, ...deriveItemProgress([]),
      review: approver ? 'approved' : 'pending', approvedBy: approver, approvedDate: approver ? at : null, reviewNote: null,
      translation: { ...current.translation, state: 'none', fileKey: null }, chunkCount: 0, imageCount: 0,
      ...(type === 'video' ? { transcript: emptyTranscript(), thumbnailKey: null, translatedFilePath: null, originalFilePath: publicUrlForKey(key) } : {}),
    } as unknown as Item;
    await items.put(draft);
    item = await items.update(current.id, (r) => {
      r.versions = [...history, version];
      r.pendingVersion = { n, draftId, approved: !!approver };
      if (o.syncSource !== undefined) r.syncSource = o.syncSource;
      r.updatedAt = at;
    });
    await deps.queue.enqueue('ingest', type, draftId);
    if (type === 'video') await deps.queue.enqueue('transcribe', type, draftId);
  } else {
    // Nothing of it is served: the file is replaced now and processed again; it waits for review (or is approved with it).
    await copyObject(deps, key, current.fileKey, src.mime);
    item = await items.update(current.id, (r) => {
      r.versions = [...history.map((v) => (v.state === 'live' ? { ...v, state: 'superseded' as const } : v)), { ...version, state: 'live', liveAt: approver ? at : null, approvedBy: approver }];
      Object.assign(r, { fileName: src.fileName, fileType: src.mime, fileSize: src.size, sha256: src.sha256, updatedAt: at, pendingVersion: null, archivedAt: null });
      Object.assign(r, { review: approver ? 'approved' : 'pending', approvedBy: approver, approvedDate: approver ? at : null, reviewNote: null });
      if (o.syncSource !== undefined) r.syncSource = o.syncSource;
    });
    await deps.queue.cancelItem(type, current.id);
    await deps.queue.enqueue('ingest', type, current.id);
    if (type === 'video') await deps.queue.enqueue('transcribe', type, current.id);
    await redoTranslations(deps, type, current.id);
    item = await items.require(current.id);
  }
  await deps.audit?.({
    action: o.restoredFrom ? 'restore' : 'replace', actor: o.actor, type, id: rec.id, title: titleOf(rec),
    before: { version: history.find((v) => v.state === 'live')?.n ?? null, fileName: current.fileName },
    after: { version: n, fileName: src.fileName, ...(o.restoredFrom ? { restoredFrom: o.restoredFrom } : {}) },
    note: approver ? `approved by ${approver}` : null,
  });
  return { type, item: structuredClone(item), version };
}

/** Drops the version waiting on an item (rejected, or superseded by a newer file): its draft and what it made go. */
export async function discardPending(deps: VersionDeps, type: ContentType, id: number, note: string | null, state: 'rejected' | 'failed' = 'rejected') {
  const items = deps.catalog.items(type);
  const rec = await items.get(id);
  const p = rec?.pendingVersion;
  if (!rec || !p) return;
  if (p.draftId != null) await removeDraft(deps, type, p.draftId);
  await items.update(id, (r) => {
    r.versions = (r.versions ?? []).map((v) => (v.n === p.n ? { ...v, state, note } : v));
    r.pendingVersion = null;
  });
}

async function removeDraft(deps: VersionDeps, type: ContentType, draftId: number) {
  await deps.queue.cancelItem(type, draftId);
  await removeDerived(deps, type, draftId);
  if (type === 'video') await deps.store.delete(videoKeys.transcriptOriginalJson(draftId));
  for (const prefix of derivedPrefixes(type, draftId)) for (const o of await listAll(deps.store, prefix)) await deps.store.delete(o.key);
  await deps.catalog.jobs.removeWhere((j) => j.itemType === type && j.itemId === draftId);
  await deps.catalog.items(type).remove(draftId);
}

/** Marks the version waiting on an item approved; it goes live now if processed, else when its processing completes. */
export async function approvePending(deps: VersionDeps, type: ContentType, id: number, by: string) {
  await deps.catalog.items(type).update(id, (r) => {
    if (r.pendingVersion) r.pendingVersion = { ...r.pendingVersion, approved: true };
    r.versions = (r.versions ?? []).map((v) => (v.n === r.pendingVersion?.n ? { ...v, approvedBy: by } : v));
  });
  const rec = await deps.catalog.items(type).require(id);
  if (rec.pendingVersion?.draftId != null) {
    await deps.catalog.items(type).update(rec.pendingVersion.draftId, { review: 'approved', approvedBy: by, approvedDate: nowIso(deps) });
  }
  await settleVersion(deps, type, id);
}

/**
 * Looks at the version waiting on an item: promoted when processed and
 * approved, marked failed when its processing failed. Called after approval,
 * when a draft's job closes, and by the minute sweep (a safety net).
 */
export async function settleVersion(deps: VersionDeps, type: ContentType, id: number): Promise<'live' | 'failed' | 'waiting' | 'none'> {
  const items = deps.catalog.items(type);
  const rec = await items.get(id);
  const p = rec?.pendingVersion;
  if (!rec || !p || p.draftId == null) return 'none';
  const draft = await items.get(p.draftId);
  if (!draft) return 'none';
  if (draft.status === 'failed') {
    await items.update(id, (r) => {
      r.versions = (r.versions ?? []).map((v) => (v.n === p.n ? { ...v, state: 'failed', note: draft.error } : v));
    });
    return 'failed';
  }
  if (!p.approved || !isHandedOut(draft.status) || draft.status === 'converting') return 'waiting';
  // One promotion per draft, whichever worker or request gets here first.
  let claimed = false;
  await items.update(id, (r) => {
    if (r.pendingVersion?.draftId === draft.id) {
      r.pendingVersion = { ...r.pendingVersion, draftId: null };
      claimed = true;
    }
  });
  if (!claimed) return 'waiting';
  await promote(deps, type, rec, draft);
  return 'live';
}

/** Every item with a version waiting: settled again (the minute sweep; a promotion a crash interrupted is not lost). */
export async function settleAllVersions(deps: VersionDeps): Promise<number> {
  let n = 0;
  for (const type of ['document', 'presentation', 'video'] as const) {
    for (const r of await deps.catalog.items(type).list((x) => !!x.pendingVersion && x.pendingVersion.draftId != null)) {
      if ((await settleVersion(deps, type, r.id)) === 'live') n++;
    }
  }
  return n;
}
