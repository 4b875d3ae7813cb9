import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { AppError, toAppError } from '../../foundation/errors';
import { explainFailure } from './failure';
import type { JobHandler, JobReport } from '../../engines/jobs/queue';
import { completedWithWarnings, step } from '../../engines/jobs/steps';
import { keys } from '../../engines/storage/layout';
import { ACCEPTED } from '../../engines/records/accepted';
import type { RecordDeps } from '../../engines/records/deps';
import { removeDerived } from '../../engines/records/derived';
import type { ContentType, Document, JobStep, Presentation, Video } from '../../foundation/types';
import { chunkItem } from '../../engines/search/chunker';
import { extractFile } from './extract';
import { attachImagesByText, storeExtractedImages } from './images';
import { assertKind } from '../../formats/sniff';
import { saveExtractedText, type StoredText } from '../../engines/records/stored-text';
import type { Extraction } from '../../formats/types';
import { noticeCodeOf } from './notice';
import { keepMediaInfo } from '../../engines/storage/media-info';
import { message } from '../../foundation/messages';
import { retryPassing } from './transient';

export interface IngestOptions {
  ocrLanguages: string[];
  /** Where work folders go (default os.tmpdir()). */
  tmpDir?: string;
  /** Render slide thumbnails with LibreOffice (default true). */
  renderSlides?: boolean;
  /** Refuses a video by its length before any work (VIDEO_MAX_MINUTES; core/features/video/policy.ts, wired in core/composition/services.ts). */
  checkVideoDuration?: (durationSec: number | undefined) => void;
  /** Told of a passing failure (a lock, a timeout) that is tried again. */
  log?: (line: string) => void;
}

type AnyItem = Document | Presentation | Video;

const titleOf = (r: AnyItem) => ('title' in r ? r.title : r.label);

/** One run of the ingest job on one item. */
interface IngestRun {
  deps: RecordDeps;
  options: IngestOptions;
  type: ContentType;
  rec: AnyItem;
  workDir: string;
  signal: AbortSignal;
  report: JobReport;
}

type StoredImages = Awaited<ReturnType<typeof storeExtractedImages>>;

/**
 * The ingest job: original -> extraction -> images -> chunks -> index. It
 * reports steps and progress on its job (the item's status is derived from
 * them) and writes what it found (counts, language, thumbnail) on the item.
 */
export function createIngestHandler(deps: RecordDeps, options: IngestOptions): JobHandler {
  return async (job, signal, report) => {
    const type = job.itemType;
    const items = deps.catalog.items(type);
    const rec = await items.get(job.itemId);
    if (!rec) return; // deleted meanwhile
    const workDir = await mkdtemp(path.join(options.tmpDir ?? os.tmpdir(), `ingest-${type}-${rec.id}-`));
    let found: Record<string, unknown> | null = null;
    let final: JobStep | undefined;
    let failure: AppError | null = null;
    try {
      ({ found, final } = await ingestItem({ deps, options, type, rec, workDir, signal, report }));
    } catch (e) {
      failure = signal.aborted ? toAppError(e) : explainFailure(e, rec.fileName);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    // The file's name goes with the failure, for its reason worded in any language (core/foundation/messages.ts).
    if (failure) throw new AppError(failure.code, failure.message, { cause: failure.cause ?? failure, details: { ...failure.details, file: rec.fileName } });
    // What was found is written last, after cleanup; the queue then closes the job, which completes the item.
    signal.throwIfAborted();
    if (await items.get(rec.id)) await items.update(rec.id, { ...found, updatedAt: new Date().toISOString() } as Partial<AnyItem>);
    return final;
  };
}

/** The steps of the job, in the work folder: what was found to write on the item, and the job's final step when there are warnings. */
async function ingestItem(run: IngestRun): Promise<{ found: Record<string, unknown>; final?: JobStep }> {
  const { deps, options, type, rec, signal, report } = run;
  const { local, extraction } = await readOriginal(run);

  report(step('storing_images'), 60);
  // The index's writes may meet a lock or a timeout that passes: tried again, not the file's failure.
  const passing = { signal, onRetry: (e: unknown, n: number) => options.log?.(`ingest of ${type} ${rec.id}: ${(e as Error).message}; trying again (run ${n})`) };
  await retryPassing(() => removeDerived(deps, type, rec.id), passing);
  const title = titleOf(rec);
  const images = await storeExtractedImages(deps, { type, id: rec.id, title }, extraction, signal);
  const thumbnailKey = await storeVideoFindings(run, local, extraction);
  const stored: StoredText = {
    itemType: type, itemId: rec.id, title, sections: extraction.sections,
    imagesByPage: Object.fromEntries(images.byPage), imagesBySlide: Object.fromEntries(images.bySlide), unplacedImages: images.unplaced,
  };
  await saveExtractedText(deps.store, stored);

  report(step('splitting'), 70);
  const { chunks, language } = chunkItem(extraction.sections, { itemType: type, itemId: rec.id, title, imagesByPage: images.byPage, imagesBySlide: images.bySlide });
  attachImagesByText(chunks, images.unplaced);
  if (chunks.length === 0 && type !== 'video' && !extraction.notice) {
    throw new AppError('corrupt_file', 'No text was found in the file (not even with OCR), so there is nothing to search', { details: { reason: 'no_text' } });
  }
  // Chroma writes a batch while the next one is embedded and the last one goes to the lexical index (core/engines/search/index.ts).
  report(step('indexing', { done: 0, total: chunks.length }), 70);
  await retryPassing(() => deps.search.upsert(chunks, (done, total) => report(step('indexing', { done, total }), 70 + (28 * done) / total, { throttle: true })), passing);

  const found = foundOnItem(run, extraction, images, chunks.length, language, thumbnailKey);
  // A file that completes with nothing to search says so where completed files are listed, not only in its note.
  const warnings = chunks.length === 0 && type !== 'video' ? [...extraction.warnings, message('warning.nothing_indexed')] : extraction.warnings;
  return warnings.length ? { found, final: completedWithWarnings(warnings) } : { found };
}

/** The original copied from the store into the work folder, checked to be a kind its type accepts, and extracted. */
async function readOriginal({ deps, options, type, rec, workDir, signal, report }: IngestRun): Promise<{ local: string; extraction: Extraction }> {
  report(step('reading_file'), 2);
  const ext = path.extname(rec.fileName).toLowerCase() || '.bin';
  const local = path.join(workDir, `original${ext}`);
  const obj = await deps.store.get(rec.fileKey, { signal });
  await streamPipeline(obj.body, createWriteStream(local), { signal });
  const sniffed = await assertKind(local, ACCEPTED[type], rec.fileName);

  report(step('extracting'), 5);
  const extraction: Extraction = await extractFile(local, sniffed.kind, {
    workDir,
    fileName: rec.fileName,
    ocrLanguages: options.ocrLanguages,
    signal,
    renderSlides: options.renderSlides ?? true,
    checkDuration: options.checkVideoDuration,
    // Extractors report coded steps (pdf_text, pptx_slide...); a bare English label stays free text.
    onProgress: (done, total, label) =>
      report(typeof label === 'string' ? step('extracting_detail', { done, total, label }) : label, 5 + (55 * done) / Math.max(total, 1), { throttle: true }),
  });
  return { local, extraction };
}

/** A video's thumbnail stored (its key) and its probe kept; nothing for other types. */
async function storeVideoFindings({ deps, type, rec }: IngestRun, local: string, extraction: Extraction): Promise<string | null> {
  let thumbnailKey: string | null = null;
  if (type === 'video' && extraction.thumbnailPath) {
    thumbnailKey = keys.videoThumbnail(rec.id);
    await deps.store.put(thumbnailKey, createReadStream(extraction.thumbnailPath));
  }
  // The probe is kept for the video's transcription and translation jobs: ffprobe runs once per video.
  // It is a cache: a write that fails costs those jobs a probe of their own, not this upload.
  if (type === 'video' && extraction.media) await keepMediaInfo(deps.store, rec.id, local, extraction.media).catch(() => {});
  return thumbnailKey;
}

/** What is written on the item: counts, language, note, and the type's own figures. */
function foundOnItem({ type, rec }: IngestRun, extraction: Extraction, images: StoredImages, chunkCount: number, language: string | undefined | null, thumbnailKey: string | null): Record<string, unknown> {
  const found: Record<string, unknown> = {
    chunkCount, imageCount: images.count, sourceLanguage: language ?? rec.sourceLanguage,
    notice: extraction.notice ?? null, noticeCode: noticeCodeOf(extraction.notice),
  };
  if (type === 'document') found.pageCount = extraction.pageCount ?? null;
  if (type === 'presentation') found.slideCount = extraction.slideCount ?? null;
  if (type === 'video') Object.assign(found, { duration: extraction.durationSec ?? null, thumbnailKey });
  return found;
}
