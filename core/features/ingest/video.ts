/**
 * Video extraction: duration and streams with ffprobe (core/foundation/tools/ffprobe.ts), a JPEG thumbnail
 * (640 px wide at most) with ffmpeg. Speech to text is a separate step, so
 * sections stay empty here.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../foundation/errors';
import { runTool, throwIfAborted } from '../../foundation/tools/exec';
import { CONVERT_ADVICE, humanFfmpegError, isUnknownCodec, probeMedia } from '../../foundation/tools/ffprobe';
import { assertMediaSamples } from '../../foundation/tools/mp4-boxes';
import { fileLabel } from '../../formats/sniff';
import type { Extraction, ExtractOptions } from '../../formats/types';
import { message, type Message } from '../../foundation/messages';

export interface VideoOptions extends ExtractOptions {
  fileName?: string;
  /** Default 60 s for probing, 120 s for the thumbnail. */
  timeoutMs?: number;
  /** Checks the length right after probing, before any other work: throws (AppError too_large) to refuse a video (VIDEO_MAX_MINUTES). */
  checkDuration?: (durationSec: number | undefined) => void;
}

/** Where to take the thumbnail: 10% in, at least 1 s when the video is long enough, at most 30 s. */
export function thumbnailTime(durationSec: number | undefined): number {
  if (!durationSec) return 0;
  if (durationSec < 2) return durationSec / 2;
  return Math.min(30, Math.max(1, durationSec * 0.1));
}

export async function extractVideo(file: string, opts: VideoOptions): Promise<Extraction> {
  const label = fileLabel('video', opts.fileName);
  throwIfAborted(opts.signal);
  const { size } = await stat(file);
  if (size === 0) throw new AppError('corrupt_file', `${label} is empty (0 bytes).`, { details: { reason: 'empty' } });
  opts.onProgress?.(0, 2, message('video_reading'));
  const probe = await probeMedia(file, label, opts);
  const warnings: Message[] = [];
  if (!probe.hasVideo && !probe.hasAudio) throw new AppError('corrupt_file', `${label} has neither a picture nor a sound track.`, { details: { reason: 'no_streams' } });
  await assertMediaSamples(file, label);
  // Refused before any work (the thumbnail, transcription): the same rule and wording as the transcription's.
  opts.checkDuration?.(probe.durationSec);
  if (probe.durationSec === undefined) warnings.push(message('warning.video_length_unknown'));
  if (!probe.hasAudio) warnings.push(message('warning.video_no_sound'));
  const badPicture = probe.hasVideo && isUnknownCodec(probe.videoCodec);
  const badSound = probe.hasAudio && isUnknownCodec(probe.audioCodec);
  if ((badPicture || !probe.hasVideo) && (badSound || !probe.hasAudio)) {
    const which = [badPicture && `picture: ${probe.videoCodec}`, badSound && `sound: ${probe.audioCodec}`].filter(Boolean).join('; ');
    throw new AppError('unsupported_type', `${label} uses a format this server cannot decode (${which}). ${CONVERT_ADVICE}.`, { details: { reason: 'codec' } });
  }
  if (badPicture) warnings.push(message('warning.video_picture_codec', { codec: String(probe.videoCodec) }, `The picture uses a format this server cannot decode (${probe.videoCodec}), so no thumbnail was made. ${CONVERT_ADVICE}.`));
  if (badSound) warnings.push(message('warning.video_sound_codec', { codec: String(probe.audioCodec) }, `The sound uses a format this server cannot decode (${probe.audioCodec}). ${CONVERT_ADVICE}.`));

  const result: Extraction = { kind: 'video', sections: [], images: [], warnings, media: probe };
  if (probe.durationSec !== undefined) result.durationSec = probe.durationSec;
  if (!probe.hasVideo || badPicture) {
    if (!probe.hasVideo) warnings.push(message('warning.sound_only'));
    return result;
  }
  opts.onProgress?.(1, 2, message('video_thumbnail'));
  const thumb = join(opts.workDir, 'thumbnail.jpg');
  const grab = (at: number) => runTool('ffmpeg', [
    '-v', 'error', '-y', '-ss', at.toFixed(3), '-i', file,
    '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '3', thumb,
  ], { signal: opts.signal, timeoutMs: opts.timeoutMs ?? 120_000, allowFailure: true, inputFile: file });
  let r = await grab(thumbnailTime(probe.durationSec));
  let made = r.exitCode === 0 && (await stat(thumb).then((s) => s.size > 0, () => false));
  if (!made) {
    r = await grab(0);
    made = r.exitCode === 0 && (await stat(thumb).then((s) => s.size > 0, () => false));
  }
  if (made) result.thumbnailPath = thumb;
  else warnings.push(message('warning.thumbnail_failed', {}, `No thumbnail could be made: ${humanFfmpegError(r.stderr)}.`));
  opts.onProgress?.(2, 2, message('extracted'));
  return result;
}
