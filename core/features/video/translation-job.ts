/**
 * The video part of the `translate` job (core/features/translate/job.ts): the
 * transcript opened as a translatable file, and what a finished video
 * translation adds to a document's: the translated WebVTT, the video's
 * translated file path, and time ranges for indexing the translated text.
 */
import { createReadStream } from 'node:fs';
import { AppError } from '../../foundation/errors';
import { publicUrlForKey, videoKeys } from '../../engines/storage/layout';
import type { MediaTranslation } from '../../formats/types';
import type { RecordDeps } from '../../engines/records/deps';
import type { JobStep, TranslationRecord, Video, VideoFile, VideoOptions } from '../../foundation/types';
import { DEFAULT_VIDEO_OPTIONS } from './options';
import { keptMediaInfo } from '../../engines/storage/media-info';
import { inspectVideo } from './probe';
import { videoTranslatable, type VideoTranslatable } from './translatable';
import { loadTranscript, type StoredTranscript } from './transcript-store';
import { parseVtt, writeSrt } from './vtt';

export async function openVideoForTranslation(deps: RecordDeps, video: Video, record: TranslationRecord, input: string, workDir: string,
  onStep?: (s: JobStep, progress: number) => void): Promise<{ file: VideoTranslatable; stored: StoredTranscript }> {
  const stored = video.transcript?.state === 'completed' ? await loadTranscript(deps.store, video.id) : null;
  if (!stored || !stored.transcript.segments.length) {
    const why = video.transcript?.note ?? video.transcript?.error ?? 'the video has not been transcribed yet';
    throw new AppError('conflict', `There is no transcript to translate (${why.replace(/^No transcript: /, '')}).`);
  }
  const { info } = await inspectVideo(input, `The video "${video.fileName}"`, { probed: await keptMediaInfo(deps.store, video.id, input) });
  const options: VideoOptions = record.options ?? video.videoOptions ?? DEFAULT_VIDEO_OPTIONS;
  return { file: videoTranslatable({ input, info, stored, options, workDir, onStep }), stored };
}

/**
 * The record's translated MP4s after one was made at `fileKey`: it takes the place of the file of its kind (soft or
 * burned subtitles); the other kind's stays when it was made from the same transcript version, and is deleted when
 * the transcript changed since (it would show the old words).
 */
export async function keepVideoFiles(deps: RecordDeps, record: TranslationRecord, fileKey: string, made: VideoOptions, transcriptVersion: number): Promise<VideoFile[]> {
  const current: VideoFile = { subtitles: made.subtitles, dub: made.dub, fileKey, filePath: publicUrlForKey(fileKey), transcriptVersion };
  const kept: VideoFile[] = [];
  for (const f of record.videoFiles ?? []) {
    if (f.subtitles === made.subtitles || f.fileKey === fileKey) continue;
    if (f.transcriptVersion === transcriptVersion && (await deps.store.head(f.fileKey))) kept.push(f);
    else await deps.store.delete(f.fileKey);
  }
  return [...kept, current].sort((a, b) => a.subtitles.localeCompare(b.subtitles));
}

/** Stores the translated WebVTT and points the video at its translated file; returns the subtitles' public path. */
export async function finishVideoTranslation(deps: RecordDeps, record: TranslationRecord, file: VideoTranslatable, fileKey: string): Promise<string | null> {
  const made: VideoOptions = record.options ?? DEFAULT_VIDEO_OPTIONS;
  const video = await deps.catalog.videos.get(record.itemId);
  const fresh = await deps.catalog.translations.get(record.id);
  if (fresh) {
    await deps.catalog.translations.update(record.id, { videoFiles: await keepVideoFiles(deps, fresh, fileKey, made, video?.transcript?.version ?? 1) });
  }
  let subtitlesPath: string | null = null;
  if (file.vttPath) {
    const key = videoKeys.subtitles(record.itemId, record.targetLanguage);
    await deps.store.put(key, createReadStream(file.vttPath));
    const { readFile } = await import('node:fs/promises');
    await deps.store.put(videoKeys.subtitlesSrt(record.itemId, record.targetLanguage), Buffer.from(writeSrt(parseVtt(await readFile(file.vttPath, 'utf8'))), 'utf8'));
    subtitlesPath = publicUrlForKey(key);
  }
  if (await deps.catalog.videos.get(record.itemId)) {
    await deps.catalog.videos.update(record.itemId, { translatedFilePath: publicUrlForKey(fileKey), updatedAt: new Date().toISOString() });
  }
  return subtitlesPath;
}

/** Time range and frame of each unit (1-based transcript chunk), for the translated text's search chunks. */
export function unitRanges(stored: StoredTranscript): Record<number, { startSec: number; endSec: number; frameSec?: number }> {
  const out: Record<number, { startSec: number; endSec: number; frameSec?: number }> = {};
  for (const c of stored.chunks) {
    const frame = stored.frames[c.index];
    out[c.index + 1] = { startSec: c.start, endSec: c.end, ...(frame !== undefined ? { frameSec: frame } : {}) };
  }
  return out;
}

/** A video opened for the `translate` job (core/features/translate/job.ts): its translatable file, what to store after, its unit time ranges. */
export async function openVideoTranslation(deps: RecordDeps, video: Video, record: TranslationRecord, input: string, workDir: string,
  onStep?: (s: JobStep, progress: number) => void): Promise<MediaTranslation> {
  const { file, stored } = await openVideoForTranslation(deps, video, record, input, workDir, onStep);
  return { file, finish: (fileKey) => finishVideoTranslation(deps, record, file, fileKey), unitRanges: unitRanges(stored) };
}
