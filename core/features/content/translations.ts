/**
 * Translation requests on items: one record per item and target language
 * (catalog collection `translations`), its `translate` job queued after
 * the item's ingest, retry, delete, and the cascade when the item goes.
 */
import type { ContentDeps } from './deps';
import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import { keys, publicUrlForKey, videoKeys } from '../../engines/storage/layout';
import { languageCode, languageName } from '../../foundation/text/language';
import { TRANSLATION_LANGUAGES, type ContentType, type TranslationLanguage, type TranslationRecord, type Video } from '../../foundation/types';
import { DEFAULT_VIDEO_OPTIONS, parseVideoOptions } from '../video/options';
import { reindexItem } from './reindex';
import { failedInTranslation } from '../../engines/jobs/status';

import { sourceLanguageOf, translatedKey, type TranslatableType } from '../translate/record-facts';
export { sourceLanguageOf, translatedKey, type TranslatableType } from '../translate/record-facts';
const now = () => new Date().toISOString();

/** The product language of a name or code, or a 400 naming the accepted ones. */
export function parseTargetLanguage(raw: unknown): TranslationLanguage {
  const name = typeof raw === 'string' ? languageName(languageCode(raw) ?? raw.trim().toLowerCase()) : null;
  if (!name) {
    throw refusal('validation', 'refusal.target_language_unknown', { value: String(raw ?? '') }, `Unknown target language "${String(raw ?? '')}". Accepted: ${TRANSLATION_LANGUAGES.join(', ')}.`);
  }
  return name;
}


export function assertTranslatable(type: ContentType): asserts type is TranslatableType {
  if (type !== 'document' && type !== 'presentation' && type !== 'video') {
    throw new AppError('validation', `Only documents, presentations and videos can be translated, not a ${type}.`);
  }
}


/**
 * Asks for a translation of an item. An existing request for the same
 * language is returned as it is (a failed one is queued again). Refuses the
 * item's own language once it is known; an item still being processed gets
 * its translation queued after the ingest.
 */
export async function requestTranslation(deps: ContentDeps, type: ContentType, id: number, target: unknown, options: { subtitles?: unknown; dub?: unknown } = {}): Promise<TranslationRecord> {
  assertTranslatable(type);
  const lang = parseTargetLanguage(target);
  const item = await deps.catalog.items(type).require(id);
  const source = sourceLanguageOf(item.sourceLanguage);
  if (source === lang) {
    throw refusal('validation', 'refusal.translation_same_language', { language: lang }, `This ${type} is already in ${lang}; choose another target language.`);
  }
  if (item.status === 'failed' && !failedInTranslation(item)) {
    throw refusal('conflict', 'refusal.translation_item_failed', {}, `This ${type} could not be processed (${item.error ?? 'failed'}); retry it before translating it.`);
  }
  // Videos: subtitles soft|burned and dub, from the request over the upload's choice.
  const videoOptions = type === 'video' ? parseVideoOptions(options, (item as Video).videoOptions ?? DEFAULT_VIDEO_OPTIONS) : null;
  const existing = await deps.catalog.translations.find({ where: { itemType: type, itemId: id, targetLanguage: lang } });
  if (existing && videoOptions && existing.state === 'completed' && JSON.stringify(existing.options) !== JSON.stringify(videoOptions)) {
    // The same language made another way: the video is made again with the new choices.
    await deps.catalog.translations.update(existing.id, { state: 'failed', options: videoOptions });
    return await retryTranslation(deps, existing.id);
  }
  if (existing && videoOptions && existing.state === 'failed') await deps.catalog.translations.update(existing.id, { options: videoOptions });
  if (existing) return existing.state === 'failed' ? await retryTranslation(deps, existing.id) : structuredClone(existing);
  const record = await deps.catalog.translations.insert({
    itemType: type, itemId: id, targetLanguage: lang, sourceLanguage: source, state: 'queued', progress: { done: 0, total: 0 },
    provider: null, model: null, quality: null, characters: 0, requests: 0, memoryHits: 0,
    fileKey: null, fileName: null, fileSize: null, filePath: null, error: null, warnings: [], jobId: null,
    createdAt: now(), updatedAt: now(), startedAt: null, finishedAt: null,
    ...(videoOptions ? { options: videoOptions, subtitlesPath: null } : {}),
  });
  const job = await deps.queue.enqueue('translate', type, id, { translationId: record.id, targetLanguage: lang, options: {} });
  return structuredClone(await deps.catalog.translations.update(record.id, { jobId: job.id }));
}

/** Queues a failed translation again (e.g. once a provider is configured). */
export async function retryTranslation(deps: ContentDeps, translationId: number): Promise<TranslationRecord> {
  const t = await deps.catalog.translations.require(translationId);
  if (t.state !== 'failed') throw refusal('conflict', 'refusal.retry_translation_not_failed', {}, `Translation ${translationId} is ${t.state}; only failed translations can be retried.`);
  const job = t.jobId !== null ? await deps.catalog.jobs.get(t.jobId) : undefined;
  const queued = job && job.state === 'failed' ? await deps.queue.retry(job.id)
    : await deps.queue.enqueue('translate', t.itemType, t.itemId, { translationId: t.id, targetLanguage: t.targetLanguage, options: {} });
  return structuredClone(await deps.catalog.translations.update(t.id, {
    state: 'queued', error: null, progress: { done: 0, total: 0 }, jobId: queued.id, updatedAt: now(), finishedAt: null,
  }));
}

/** Deletes one translation: its job (stopped if running), file, translated text and index entries. */
export async function removeTranslation(deps: ContentDeps, translationId: number): Promise<void> {
  const t = await deps.catalog.translations.require(translationId);
  deps.queue.cancelJob(t.jobId);
  if (t.jobId !== null) await deps.catalog.jobs.remove(t.jobId);
  await deps.catalog.translations.remove(t.id);
  // A failed translation made its video need attention: without it the video shows what its other jobs say.
  if (t.jobId !== null) await deps.queue.resync(t.itemType, t.itemId);
  if (t.fileKey) await deps.store.delete(t.fileKey);
  for (const f of t.videoFiles ?? []) await deps.store.delete(f.fileKey);
  await deps.store.delete(keys.translatedText(t.itemType, t.itemId, t.targetLanguage));
  if (t.itemType === 'video') {
    await deps.store.delete(videoKeys.subtitles(t.itemId, t.targetLanguage));
    // The video's "Translated File" follows its remaining completed translations.
    const v = await deps.catalog.videos.get(t.itemId);
    if (v && t.fileKey && v.translatedFilePath === publicUrlForKey(t.fileKey)) {
      const other = (await deps.catalog.translations.list((x) => x.itemType === 'video' && x.itemId === t.itemId && x.state === 'completed' && !!x.fileKey)).at(-1);
      await deps.catalog.videos.update(v.id, { translatedFilePath: other?.fileKey ? publicUrlForKey(other.fileKey) : null });
    }
  }
  if (t.state === 'completed') await reindexItem(deps, t.itemType, t.itemId);
}

/** The cascade when an item is deleted: its translations' records and files (jobs and chunks go with the item). */
export async function removeTranslationsOf(deps: ContentDeps, type: ContentType, id: number): Promise<void> {
  for (const t of await deps.catalog.translations.removeWhere((x) => x.itemType === type && x.itemId === id)) {
    if (t.fileKey) await deps.store.delete(t.fileKey);
    for (const f of t.videoFiles ?? []) await deps.store.delete(f.fileKey);
    await deps.store.delete(keys.translatedText(t.itemType, t.itemId, t.targetLanguage));
    if (t.itemType === 'video') await deps.store.delete(videoKeys.subtitles(t.itemId, t.targetLanguage));
  }
}

export async function listTranslations(deps: ContentDeps, filter: { itemType?: ContentType; itemId?: number } = {}): Promise<TranslationRecord[]> {
  return (await deps.catalog.translations
    .list((t) => (!filter.itemType || t.itemType === filter.itemType) && (filter.itemId === undefined || t.itemId === filter.itemId)))
    .sort((a, b) => a.id - b.id)
    .map((t) => ({ ...structuredClone(t), filePath: t.fileKey ? publicUrlForKey(t.fileKey) : null }));
}
