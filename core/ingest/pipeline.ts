import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { ACCEPTED } from '../content/create';
import type { ContentDeps } from '../content/deps';
import { removeDerived } from '../content/remove';
import { AppError, toAppError } from '../errors';
import type { JobHandler } from '../jobs/queue';
import { failureOf, message, type Message } from '../messages';
import { keys } from '../paths';
import type { ContentType, Document, ItemStatus, Presentation, Video } from '../types';
import { chunkSections } from './chunker';
import { extractFile } from './extract';
import { attachImagesByText, storeExtractedImages } from './images';
import { assertKind } from './sniff';
import { saveExtractedText, type StoredText } from './stored-text';
import type { Extraction } from './types';

export interface IngestOptions {
  ocrLanguages: string[];
  /** Where work folders go (default os.tmpdir()). */
  tmpDir?: string;
  /** Render slide thumbnails with LibreOffice (default true). */
  renderSlides?: boolean;
}

type AnyItem = Document | Presentation | Video;
const nowIso = () => new Date().toISOString();

/** Updates an item's processing fields, at most every 250 ms for progress-only changes. */
function makeReporter(deps: ContentDeps, type: ContentType, id: number, signal: AbortSignal) {
  const coll = deps.catalog.items(type);
  let last = 0;
  return {
    get: () => coll.get(id),
    set(patch: Partial<AnyItem>, force = true) {
      if (signal.aborted && patch.status !== 'failed') throw signal.reason ?? new AppError('conflict', 'Cancelled');
      const t = Date.now();
      if (!force && t - last < 250) return;
      last = t;
      if (coll.get(id)) coll.update(id, { ...patch, updatedAt: nowIso() });
    },
    step(status: ItemStatus, progress: number, step: Message) {
      this.set({ status, progress: Math.round(progress), step: step.text, stepCode: coded(step), error: null, errorCode: null });
    },
  };
}

const coded = (m: Message) => ({ code: m.code, params: m.params });
/** Extractors report steps as messages; a bare string (an extractor not yet on codes) keeps its English text. */
const asMessage = (label: Message | string): Message => (typeof label === 'string' ? { code: 'text', params: {}, text: label } : label);

const stepFields = (m: Message) => ({ step: m.text, stepCode: coded(m) });

const titleOf = (r: AnyItem) => ('title' in r ? r.title : r.label);

function majorityLanguage(langs: string[]): string | null {
  const counts = new Map<string, number>();
  for (const l of langs) if (l && l !== 'und') counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** The ingest job: original -> extraction -> images -> chunks -> index, with statuses and progress on the item. */
export function createIngestHandler(deps: ContentDeps, options: IngestOptions): JobHandler {
  return async (job, signal) => {
    const type = job.itemType;
    const r = makeReporter(deps, type, job.itemId, signal);
    const rec = r.get();
    if (!rec) return; // deleted meanwhile
    const workDir = await mkdtemp(path.join(options.tmpDir ?? os.tmpdir(), `ingest-${type}-${rec.id}-`));
    let final: (Partial<AnyItem> & Record<string, unknown>) | null = null;
    let failure: AppError | null = null;
    try {
      r.step('processing', 2, message('reading_file'));
      const ext = path.extname(rec.fileName).toLowerCase() || '.bin';
      const local = path.join(workDir, `original${ext}`);
      const obj = await deps.store.get(rec.fileKey, { signal });
      await streamPipeline(obj.body, createWriteStream(local), { signal });
      const sniffed = await assertKind(local, ACCEPTED[type], rec.fileName);

      r.step('extracting', 5, message('extracting'));
      const extraction: Extraction = await extractFile(local, sniffed.kind, {
        workDir,
        fileName: rec.fileName,
        ocrLanguages: options.ocrLanguages,
        signal,
        renderSlides: options.renderSlides ?? true,
        onProgress: (done, total, label) => {
          const m = asMessage(label);
          r.set({ progress: Math.round(5 + (55 * done) / Math.max(total, 1)), step: m.text, stepCode: coded(m) }, false);
        },
      });

      r.step('analyzing', 60, message('storing_images'));
      await removeDerived(deps, type, rec.id);
      const title = titleOf(rec);
      const images = await storeExtractedImages(deps, { type, id: rec.id, title }, extraction, signal);

      let thumbnailKey: string | null = null;
      if (type === 'video' && extraction.thumbnailPath) {
        thumbnailKey = keys.videoThumbnail(rec.id);
        await deps.store.put(thumbnailKey, createReadStream(extraction.thumbnailPath), { contentType: 'image/jpeg' });
      }

      const stored: StoredText = {
        itemType: type, itemId: rec.id, title, sections: extraction.sections,
        imagesByPage: Object.fromEntries(images.byPage), imagesBySlide: Object.fromEntries(images.bySlide), unplacedImages: images.unplaced,
      };
      await saveExtractedText(deps.store, stored);

      r.step('analyzing', 70, message('splitting'));
      const chunks = chunkSections(extraction.sections, { itemType: type, itemId: rec.id, title, imagesByPage: images.byPage, imagesBySlide: images.bySlide });
      attachImagesByText(chunks, images.unplaced);
      if (chunks.length === 0 && type !== 'video') {
        throw new AppError('corrupt_file', 'No text was found in the file (not even with OCR), so there is nothing to search', { details: { reason: 'no_text' } });
      }
      const batch = 256;
      for (let i = 0; i < chunks.length; i += batch) {
        await deps.search.upsert(chunks.slice(i, i + batch));
        const m = message('indexing', { done: Math.min(i + batch, chunks.length), total: chunks.length });
        r.set({ progress: Math.round(70 + (28 * Math.min(i + batch, chunks.length)) / chunks.length), step: m.text, stepCode: coded(m) }, false);
      }

      const counts: Partial<AnyItem> & Record<string, unknown> = {
        status: 'completed', progress: 100, ...stepFields(extraction.warnings.length ? message('completed_with_warnings', { warnings: extraction.warnings.join('; ') }) : message('completed')),
        error: null, errorCode: null, chunkCount: chunks.length, imageCount: images.count, sourceLanguage: majorityLanguage(chunks.map((c) => c.language)) ?? rec.sourceLanguage,
      };
      if (type === 'document') counts.pageCount = extraction.pageCount ?? null;
      if (type === 'presentation') counts.slideCount = extraction.slideCount ?? null;
      if (type === 'video') Object.assign(counts, { duration: extraction.durationSec ?? null, thumbnailKey });
      final = counts;
    } catch (e) {
      failure = toAppError(e);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    // The item's final status is written last, after cleanup, so the job record closes in the same tick:
    // nobody sees a finished item whose job still runs (a retry then would be lost).
    if (failure) {
      const why = failureOf(failure, { file: rec.fileName });
      if (!signal.aborted) r.set({ status: 'failed', ...stepFields(message('failed')), error: why.text, errorCode: coded(why) });
      throw failure;
    }
    r.set(final!);
  };
}
