/**
 * The `translate` job: reads the original, translates it (memory first,
 * then the provider for the pair), stores the translated file at the
 * spec's path, indexes its text in the target language and keeps its
 * record (state, progress, provider, model, quality, characters, requests,
 * file, warnings, error) up to date. Nothing is marked translated that was
 * not: a failure leaves the record `failed` with its reason.
 */
import { codedOf, message } from '../../foundation/messages';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { AppError, toAppError } from '../../foundation/errors';
import type { JobHandler, JobReport, OnJobClose } from '../../engines/jobs/queue';
import { completedWithWarnings, step } from '../../engines/jobs/steps';
import { failedInTranslation } from '../../engines/jobs/status';
import { publicUrlForKey } from '../../engines/storage/layout';
import type { MediaTranslation } from '../../formats/types';
import type { RecordDeps } from '../../engines/records/deps';
import type { JobStep, TranslationInfo, TranslationLanguage, TranslationRecord, Video } from '../../foundation/types';
import type { Translation } from './create';
import { indexTranslation } from './index-text';
import { sourceLanguageOf, translatedKey } from './record-facts';
import { formatOf, translateFile } from './translate-file';

export interface TranslateJobDeps extends RecordDeps {
  translation: Translation;
  tmpDir?: string;
  /** Opens a video for translation through its transcript (core/features/video/translation-job.ts, wired in core/composition/services.ts). */
  openVideo?: (deps: RecordDeps, video: Video, record: TranslationRecord, input: string, workDir: string, onStep?: (s: JobStep, progress: number) => void) => Promise<MediaTranslation>;
}

const now = () => new Date().toISOString();
export function createTranslateHandler(deps: TranslateJobDeps): JobHandler {
  return async (job, signal, report, onClose) => {
    const id = Number(job.params.translationId);
    const initial = await deps.catalog.translations.get(id);
    if (!initial) return; // deleted meanwhile
    const writers = recordWriters(deps, id, initial);
    const dir = await mkdtemp(path.join(deps.tmpDir ?? os.tmpdir(), `translate-${id}-`));
    try {
      return await translateRecord({ deps, initial, ...writers, dir, signal, report, onClose });
    } catch (e) {
      const err = toAppError(e);
      onClose(async (o) => {
        if (o.state === 'queued') await writers.patch({ state: 'queued' });
        else if (o.state === 'failed') {
          // Without a code of its own the reason is worded as the version that could not be made (the English text keeps the details).
          const errorCode = codedOf(o.error) ?? { code: 'failure.translation', params: { language: initial.targetLanguage } };
          await writers.patch({ state: 'failed', error: o.error.message, errorCode, finishedAt: now() });
          await writers.mirror({ state: 'failed', error: o.error.message });
        }
      });
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

interface RecordWriters {
  /** Writes to the record unless it was deleted while the job ran. */
  patch: (p: Partial<TranslationRecord>) => Promise<TranslationRecord | null>;
  /** The item's own translation summary (spec fields; the video list) follows its requested language. */
  mirror: (p: Partial<TranslationInfo>) => Promise<void>;
}

function recordWriters({ catalog }: TranslateJobDeps, id: number, initial: TranslationRecord): RecordWriters {
  const patch = async (p: Partial<TranslationRecord>) => (await catalog.translations.get(id) ? await catalog.translations.update(id, { ...p, updatedAt: now() }) : null);
  const mirror = async (p: Partial<TranslationInfo>) => {
    const items = catalog.items(initial.itemType);
    if (!await items.get(initial.itemId)) return;
    await items.update(initial.itemId, (r) => {
      if (r.translation.targetLanguage && r.translation.targetLanguage !== initial.targetLanguage && p.state !== 'completed') return;
      r.translation = { ...r.translation, targetLanguage: initial.targetLanguage, ...p };
    });
  };
  return { patch, mirror };
}

/** One run of the job: the record, where it writes, and what the queue gave it. */
interface TranslateRun extends RecordWriters {
  deps: TranslateJobDeps;
  initial: TranslationRecord;
  dir: string;
  signal: AbortSignal;
  report: JobReport;
  onClose: OnJobClose;
}

type Item = NonNullable<Awaited<ReturnType<ReturnType<TranslateJobDeps['catalog']['items']>['get']>>>;

/** Translates the record's item into its file, stores and indexes it; the record completes when the job closes. */
async function translateRecord(run: TranslateRun): Promise<JobStep | undefined> {
  const { deps, initial, patch, mirror, dir, signal, report } = run;
  const item = await deps.catalog.items(initial.itemType).get(initial.itemId);
  if (!item) return;
  const { source, target, translator } = await startTranslation(run, item);
  report(step('translate_reading', { language: target }), 1);
  const format = initial.itemType === 'video' ? 'mp4' : formatOf(item.fileName);
  const input = path.join(dir, `original.${format}`);
  const obj = await deps.store.get(item.fileKey, { signal });
  await streamPipeline(obj.body, createWriteStream(input), { signal });
  const output = path.join(dir, `translated.${format}`);
  // A video is translated from its transcript (core/features/video/translation-job.ts).
  if (initial.itemType === 'video' && !deps.openVideo) throw new AppError('not_configured', 'Videos cannot be translated by this process.');
  const video = initial.itemType === 'video' ? await deps.openVideo!(deps, item as Video, initial, input, dir, (s, p) => report(s, p)) : null;
  const title = 'title' in item ? item.title : item.label;
  let progressWrites: Promise<void> = Promise.resolve();
  const result = await translateFile({
    input, output, format, label: `"${item.fileName}"`, source, target, translator, signal, file: video?.file,
    memory: deps.translation.memory, glossary: await deps.translation.glossary.get(),
    onProgress: ({ done, total, requests }) => {
      progressWrites = progressWrites.then(() => patch({ progress: { done, total }, requests })).then(() => {}, () => {});
      report(step('translate_segments', { language: target, done, total }), 2 + (90 * done) / Math.max(total, 1), { throttle: true });
    },
  });
  await progressWrites;
  report(step('translate_storing', { language: target }), 93);
  const key = translatedKey(initial.itemType, initial.itemId, target, item.fileName, initial.options);
  const size = (await stat(output)).size;
  await deps.store.put(key, createReadStream(output), { size });
  if (video) await patch({ subtitlesPath: await video.finish(key) });
  const done = await patch({
    fileKey: key, fileName: `${downloadBase(title, item.fileName)} (${target}).${format}`, fileSize: size, filePath: publicUrlForKey(key),
    characters: result.characters, requests: result.requests, memoryHits: result.memoryHits,
    progress: { done: result.segments, total: result.segments }, warnings: result.warnings,
  });
  if (!done) return;
  report(step('translate_indexing', { language: target }), 96);
  await indexTranslation(deps, done, title, result.text, video?.unitRanges);
  // The record settles in the write that closes the job, so it never reads completed while its item still converts.
  run.onClose(async (o) => {
    if (o.state !== 'done') return;
    await patch({ state: 'completed', finishedAt: now() });
    await mirror({ state: 'completed', fileKey: key, error: null });
  });
  return laidOutStep(initial, result.warnings);
}

/** Checks the item can be translated, marks the record running and resolves the translator for the pair. */
async function startTranslation({ deps, initial, patch, mirror }: TranslateRun, item: Item) {
  if (item.status === 'failed' && !failedInTranslation(item)) throw new AppError('conflict', `The original could not be processed (${item.error ?? 'failed'}), so it cannot be translated.`);
  const target = initial.targetLanguage;
  const source: TranslationLanguage = sourceLanguageOf(item.sourceLanguage) ?? 'english';
  if (source === target) throw new AppError('validation', `This ${initial.itemType} is already in ${target}; nothing to translate.`);
  await patch({ state: 'running', startedAt: now(), error: null, sourceLanguage: source, warnings: [] });
  await mirror({ state: 'in_progress', error: null });
  await deps.translation.ready();
  const translator = deps.translation.resolve(source, target);
  await patch({ provider: translator.id, model: translator.model(source, target), quality: translator.quality });
  return { source, target, translator };
}

/** Downloads are named "<title> (<language>).<ext>" (characters a file name cannot hold replaced). */
const downloadBase = (title: string, fileName: string) => (title || fileName.replace(/\.[^.]+$/, '')).replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').trim().slice(0, 150) || 'translation';

/** The step a job ends with when pages (slides) had to be laid out differently; undefined when none. */
function laidOutStep(initial: TranslationRecord, warnings: Array<{ unit: number | null }>): JobStep | undefined {
  const pages = warnings.filter((w) => w.unit !== null).map((w) => w.unit);
  if (!pages.length) return undefined;
  const list = [...new Set(pages)].join(', ');
  return completedWithWarnings([initial.itemType === 'presentation' ? message('warning.slides_laid_out', { slides: list }) : message('warning.pages_laid_out', { pages: list })]);
}
