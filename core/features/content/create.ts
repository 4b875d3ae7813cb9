import { createReadStream } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import { assertKind } from '../../formats/sniff';
import { deriveItemProgress, failedInTranslation } from '../../engines/jobs/status';
import { keys, publicUrlForKey } from '../../engines/storage/layout';
import { ACCEPTED } from '../../engines/records/accepted';
import type { ItemRecord } from '../../engines/catalog/types';
import type { ContentItem, ContentType, Document, Governed, Presentation, Video } from '../../foundation/types';
import { initialReview, parseAudience, parseValidUntil } from '../governance/review';
import { assertCan, LOCAL_ACTOR, type Actor } from '../governance/roles';
import type { ContentDeps } from './deps';
import { emptyTranscript } from '../video/transcript-state';
import { asTags, cleanText, titleFromFileName, translationFor, type UploadFields } from './fields';
import { discard, type IncomingFile } from './spool';
import { requestTranslation } from './translations';
import { retryItem } from './retry';
import { failedIngest, recordsOfSameFile } from './same-file';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

const now = () => new Date().toISOString();

/** The fields every uploaded item starts with; status fields come from the (empty) job list. */
function processingFields(file: IncomingFile, mime: string, key: string, f: UploadFields) {
  return {
    ...deriveItemProgress([]), sha256: file.sha256, fileName: path.basename(file.fileName), fileType: mime, fileSize: file.size,
    fileKey: key, translation: f.translation, updatedAt: now(),
  };
}

type Base = ReturnType<typeof processingFields> & Governed & { id: number; createdAt: string };

/** Per type: where the original goes and the record's own fields. The only per-type part of creating an item. */
const KINDS: { [T in ContentType]: { key: (id: number, fileName: string) => string; build: (base: Base, title: string, f: UploadFields) => ItemRecordOf<T> } } = {
  document: {
    key: keys.documentOriginal,
    build: (base, title, f) => ({
      ...base, title, description: f.description, sourceLanguage: null, languageto: f.translation.targetLanguage, needsTranslation: f.needsTranslation,
      categoryId: f.categoryId, approvedDate: base.approvedDate ?? null, pageCount: null, chunkCount: 0, imageCount: 0,
    }),
  },
  presentation: {
    key: keys.presentationOriginal,
    build: (base, label, f) => ({
      ...base, label, description: f.description, slideCount: null, sourceLanguage: null, languageto: f.translation.targetLanguage,
      categoryId: f.categoryId, chunkCount: 0, imageCount: 0,
    }),
  },
  video: {
    key: keys.videoOriginal,
    build: (base, label, f) => ({
      ...base, label, subcategory: f.subcategory, duration: null, description: f.description, sourceLanguage: f.spokenLanguage,
      languageto: f.translation.targetLanguage, needsTranslation: f.needsTranslation, hasSpeech: f.hasSpeech,
      originalFilePath: publicUrlForKey(base.fileKey), translatedFilePath: null, thumbnailKey: null,
      transcript: emptyTranscript(), videoOptions: f.videoOptions,
    }),
  },
};

export type ItemRecordOf<T extends ContentType> = T extends 'document' ? Document : T extends 'presentation' ? Presentation : Video;

/** Same bytes already imported (and not failed, or failed only in a translated version)? Unless forced, that is a conflict. */
async function assertNotDuplicate(deps: ContentDeps, type: ContentType, file: IncomingFile, force: boolean) {
  if (force) return;
  // By the indexed field (PostgreSQL asks it in SQL), not a read of the whole collection.
  const dup = await deps.catalog.items(type).find({ where: { sha256: file.sha256 }, filter: (r) => r.status !== 'failed' || failedInTranslation(r) });
  if (dup) {
    const title = 'title' in dup ? dup.title : dup.label;
    throw refusal('conflict', 'refusal.file_duplicate', { title, id: dup.id }, `This file was already imported as ${type} ${dup.id} ("${title}"). Use force to import it again.`, {
      existingId: dup.id,
    });
  }
}

/**
 * An upload of a file the product already holds under the same name (core/features/content/same-file.ts) reuses that record
 * instead of making a second one: a synced file takes over the record an import made (its source is set on it), and
 * a record whose ingest failed is processed again in place (a re-run of an import, a sync of a file an import left
 * failed). Returns that record, or null when a new one is to be made. A forced plain upload always makes a new one.
 */
async function reuseSameFile(deps: ContentDeps, type: ContentType, file: IncomingFile, f: UploadFields): Promise<ItemRecord | null> {
  const same = await recordsOfSameFile(deps, type, { sha256: file.sha256, fileName: path.basename(file.fileName), syncSource: f.syncSource });
  let rec: ItemRecord | undefined;
  if (f.syncSource) {
    // What an import brought in (no source yet, not archived by someone); a processed or processing one first.
    const free = same.filter((r) => !r.syncSource && !r.archivedAt);
    rec = free.find((r) => !failedIngest(r)) ?? free.at(-1);
    if (rec) await deps.catalog.items(type).update(rec.id, (r) => { r.syncSource = f.syncSource; });
    else await assertNotDuplicate(deps, type, file, f.force);
  } else {
    // The same bytes already processed (under any name) are a conflict, as before; only then is a failed record taken up.
    await assertNotDuplicate(deps, type, file, f.force);
    if (!f.force) rec = same.filter(failedIngest).at(-1);
  }
  if (!rec) return null;
  if (failedIngest(rec)) await retryItem(deps, type, rec.id);
  return structuredClone(await deps.catalog.items(type).require(rec.id));
}

/**
 * Creates a document, presentation or video: checks the fields and the
 * file's real type, stores the original under a reserved id, inserts the
 * record and queues its ingest. The one create path of the product.
 */
export async function createItem<T extends ContentType>(
  deps: ContentDeps, type: T, file: IncomingFile, f: UploadFields, actor: Actor = LOCAL_ACTOR,
): Promise<ItemRecordOf<T>> {
  try {
    if (f.approve) assertCan(actor, 'review', 'approve on upload');
    const reused = await reuseSameFile(deps, type, file, f);
    if (reused) return reused as ItemRecordOf<T>;
    if (f.categoryId !== null) await deps.catalog.categories.require(f.categoryId);
    const kind = KINDS[type];
    const id = await deps.catalog.reserveId();
    const key = kind.key(id, file.fileName);
    try {
      const sniffed = await assertKind(file.path, ACCEPTED[type], file.fileName);
      await deps.store.put(key, createReadStream(file.path), { size: file.size, contentType: sniffed.mime });
      const approvedBy = f.approve ? actor.name : deps.autoApprove ? 'auto' : null;
      const review = initialReview(approvedBy ? { by: approvedBy } : null, { audience: f.audience, validUntil: f.validUntil }, new Date());
      const base = { id, createdAt: now(), ...processingFields(file, sniffed.mime, key, f), ...review };
      const record = kind.build(base, f.title || titleFromFileName(file.fileName), f) as ItemRecord;
      if (f.syncSource) record.syncSource = f.syncSource;
      await deps.catalog.items(type).put(record);
      await deps.queue.enqueue('ingest', type, id);
      // A video's transcription (and translation, when asked for) follows its ingest.
      if (type === 'video') await deps.queue.enqueue('transcribe', type, id);
      // Translation asked for on upload: queued now, it runs after the ingest.
      if (f.translation.state === 'requested' && f.translation.targetLanguage) {
        await requestTranslation(deps, type, id, f.translation.targetLanguage, type === 'video' ? f.videoOptions : {});
      }
      return structuredClone(await deps.catalog.items(type).require(id)) as ItemRecordOf<T>;
    } catch (e) {
      await deps.store.delete(key).catch(() => {});
      throw e;
    }
  } finally {
    await discard(file);
  }
}

export type ContentFormState = Static<typeof S.ContentForm>;

/** "Other" content posted as JSON (spec: the upload form state). */
export async function createContentItem(deps: ContentDeps, form: ContentFormState, actor: Actor = LOCAL_ACTOR): Promise<ContentItem> {
  const title = cleanText(form.title, 300, 'Title');
  if (!title) throw refusal('validation', 'refusal.title_required');
  translationFor(!!form.needsTranslation, form.targetLanguage ?? null);
  if (form.approve) assertCan(actor, 'review', 'approve on upload');
  const approvedBy = form.approve ? actor.name : deps.autoApprove ? 'auto' : null;
  const review = initialReview(approvedBy ? { by: approvedBy } : null, { audience: parseAudience(form.audience), validUntil: parseValidUntil(form.validUntil) }, new Date());
  return await deps.catalog.contentItems.insert({
    ...review,
    type: cleanText(form.type, 40, 'Type') || 'document', title, status: 'pending', fileName: '', fileType: '', fileSize: 0,
    uploadDate: now(), approvedDate: review.approvedDate ?? null, needsTranslation: !!form.needsTranslation, description: cleanText(form.description, 5000, 'Description'),
    category: cleanText(form.category, 200, 'Category') || null, tags: asTags(form.tags),
  });
}
