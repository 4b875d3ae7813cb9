/**
 * Video extraction: duration and streams with ffprobe, a JPEG thumbnail
 * (640 px wide at most) with ffmpeg. Speech to text is a separate step, so
 * sections stay empty here.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../errors';
import { lastLines, runTool, throwIfAborted } from './exec';
import { fileLabel } from './sniff';
import type { Extraction, ExtractOptions } from './types';
import { message } from '../messages';
import { planVideo } from '../video/policy';

export interface VideoOptions extends ExtractOptions {
  fileName?: string;
  /** Default 60 s for probing, 120 s for the thumbnail. */
  timeoutMs?: number;
  /** Longer videos are refused (AppError too_large) right after probing, before any other work (VIDEO_MAX_MINUTES). */
  maxDurationSec?: number;
}

export interface VideoProbe {
  durationSec: number | undefined;
  hasVideo: boolean;
  hasAudio: boolean;
  width?: number;
  height?: number;
  videoCodec?: string;
  audioCodec?: string;
}

interface FfprobeJson {
  format?: { duration?: string };
  streams?: Array<{ codec_type?: string; codec_name?: string; codec_tag_string?: string; profile?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }>;
}

/** Reads duration and streams; AppError('corrupt_file') when ffprobe cannot read the file. */
export async function probeVideo(file: string, label: string, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<VideoProbe> {
  const r = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    signal: opts.signal, timeoutMs: opts.timeoutMs ?? 60_000, allowFailure: true, inputFile: file,
  });
  if (r.exitCode !== 0) {
    throw new AppError('corrupt_file', `${label} cannot be read: ${humanFfmpegError(r.stderr)}.`, { details: { reason: 'damaged', stderr: lastLines(r.stderr, 5) } });
  }
  const info = JSON.parse(r.stdout.toString('utf8')) as FfprobeJson;
  const streams = info.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const d = Number(info.format?.duration ?? video?.duration ?? audio?.duration);
  return {
    durationSec: Number.isFinite(d) && d > 0 ? Math.round(d * 1000) / 1000 : undefined,
    hasVideo: !!video,
    hasAudio: !!audio,
    width: video?.width,
    height: video?.height,
    videoCodec: codecOf(video),
    audioCodec: codecOf(audio),
  };
}

type Stream = NonNullable<FfprobeJson['streams']>[number];
/** The codec name, or `unknown (TAG)` when this ffmpeg has no decoder for it (e.g. xHE-AAC/USAC audio). */
function codecOf(s: Stream | undefined): string | undefined {
  if (!s) return undefined;
  const unknown = !s.codec_name || s.codec_name === 'unknown' || s.codec_name === 'none' || /USAC|xHE/i.test(s.profile ?? '');
  return unknown ? `unknown (${s.codec_tag_string || 'no tag'}${s.profile && s.profile !== 'unknown' ? `, ${s.profile}` : ''})` : s.codec_name;
}
const isUnknownCodec = (c: string | undefined) => !!c?.startsWith('unknown');

/** What to do with a file whose codecs this server cannot decode. */
export const CONVERT_ADVICE = 'Convert it to MP4 with H.264 video and AAC-LC sound (for example `ffmpeg -i input.mp4 -c:v libx264 -c:a aac output.mp4`) and upload it again';

/** ffmpeg's last error line, said plainly when we recognise it. */
export function humanFfmpegError(stderr: string): string {
  if (!stderr.trim()) return `ffmpeg could not read it and gave no reason, which usually means a format it does not support. ${CONVERT_ADVICE}`;
  if (/Decoder \(codec \w+\) not found|Audio object type \d+|not implemented|is not supported|Unsupported codec|no decoder/i.test(stderr)) {
    return `it uses a video or sound format this server cannot decode (${lastLines(stderr, 1)}). ${CONVERT_ADVICE}`;
  }
  if (/moov atom not found/i.test(stderr)) return 'the video is incomplete (its index is missing; the upload may have been cut off)';
  if (/Invalid data found when processing input/i.test(stderr)) return 'the content is not a video ffmpeg understands, or it is damaged';
  if (/No such file/i.test(stderr)) return 'the file is missing';
  return lastLines(stderr, 1);
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
  const probe = await probeVideo(file, label, opts);
  const warnings: string[] = [];
  if (!probe.hasVideo && !probe.hasAudio) throw new AppError('corrupt_file', `${label} has neither a picture nor a sound track.`);
  // Refused before any work (the thumbnail, transcription): the same rule and wording as the transcription's.
  if (opts.maxDurationSec) planVideo(probe.durationSec, { transcribe: true, translate: false, burn: false, dub: false }, { maxSec: opts.maxDurationSec });
  if (probe.durationSec === undefined) warnings.push('The video length could not be read.');
  if (!probe.hasAudio) warnings.push('The video has no sound track, so there is no speech to transcribe.');
  const badPicture = probe.hasVideo && isUnknownCodec(probe.videoCodec);
  const badSound = probe.hasAudio && isUnknownCodec(probe.audioCodec);
  if ((badPicture || !probe.hasVideo) && (badSound || !probe.hasAudio)) {
    const which = [badPicture && `picture: ${probe.videoCodec}`, badSound && `sound: ${probe.audioCodec}`].filter(Boolean).join('; ');
    throw new AppError('unsupported_type', `${label} uses a format this server cannot decode (${which}). ${CONVERT_ADVICE}.`, { details: { reason: 'codec' } });
  }
  if (badPicture) warnings.push(`The picture uses a format this server cannot decode (${probe.videoCodec}), so no thumbnail was made. ${CONVERT_ADVICE}.`);
  if (badSound) warnings.push(`The sound uses a format this server cannot decode (${probe.audioCodec}). ${CONVERT_ADVICE}.`);

  const result: Extraction = { kind: 'video', sections: [], images: [], warnings };
  if (probe.durationSec !== undefined) result.durationSec = probe.durationSec;
  if (!probe.hasVideo || badPicture) {
    if (!probe.hasVideo) warnings.push('The file has sound only: no thumbnail was made.');
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
  else warnings.push(`No thumbnail could be made: ${humanFfmpegError(r.stderr)}.`);
  opts.onProgress?.(2, 2, message('extracted'));
  return result;
}
