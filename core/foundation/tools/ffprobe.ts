/**
 * The one ffprobe wrapper: duration, streams (codecs, language tags), the
 * picture's size, and ffmpeg's errors said plainly. Ingest (thumbnail,
 * length) and the video engine (transcripts, subtitles, dubs) both read a
 * file through probeMedia.
 */
import { stat } from 'node:fs/promises';
import { AppError } from '../errors';
import { lastLines, runTool } from './exec';

export interface StreamInfo {
  index: number;
  type: 'video' | 'audio' | 'subtitle' | 'data' | 'other';
  codec: string;
  language?: string;
  title?: string;
  attachedPicture?: boolean;
}

export interface MediaInfo {
  durationSec: number | undefined;
  streams: StreamInfo[];
  /** A picture stream (cover art excluded). */
  hasVideo: boolean;
  hasAudio: boolean;
  width?: number;
  height?: number;
  /** Codec of the picture stream, `unknown (TAG)` when this ffmpeg cannot decode it. */
  videoCodec?: string;
  /** Codec of the first sound stream, `unknown (TAG, profile)` when this ffmpeg cannot decode it. */
  audioCodec?: string;
  /** Degrees the picture is turned when shown (phone videos: 90 or -90). */
  rotation?: number;
  /** Pictures per second of the picture stream (average), when known. */
  frameRate?: number;
}

interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  codec_tag_string?: string;
  profile?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  tags?: { language?: string; title?: string; rotate?: string };
  disposition?: { attached_pic?: number };
  side_data_list?: Array<{ rotation?: number }>;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  /** Default 60 s. */
  timeoutMs?: number;
}

/** Reads duration and streams; AppError('corrupt_file') when the file is empty or ffprobe cannot read it. */
export async function probeMedia(file: string, label: string, opts: ProbeOptions = {}): Promise<MediaInfo> {
  const { size } = await stat(file);
  if (size === 0) throw new AppError('corrupt_file', `${label} is empty (0 bytes).`, { details: { reason: 'empty' } });
  const r = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    signal: opts.signal, timeoutMs: opts.timeoutMs ?? 60_000, allowFailure: true, inputFile: file,
  });
  if (r.exitCode !== 0) {
    throw new AppError('corrupt_file', `${label} cannot be read: ${humanFfmpegError(r.stderr)}.`, { details: { reason: 'damaged', stderr: lastLines(r.stderr, 5) } });
  }
  const json = JSON.parse(r.stdout.toString('utf8')) as { format?: { duration?: string }; streams?: FfprobeStream[] };
  const raw = json.streams ?? [];
  const streams: StreamInfo[] = raw.map((s, i) => {
    const t = s.codec_type;
    const info: StreamInfo = {
      index: s.index ?? i,
      type: t === 'video' || t === 'audio' || t === 'subtitle' || t === 'data' ? t : 'other',
      codec: s.codec_name ?? 'unknown',
    };
    if (s.tags?.language && s.tags.language !== 'und') info.language = s.tags.language;
    if (s.tags?.title) info.title = s.tags.title;
    if (s.disposition?.attached_pic) info.attachedPicture = true;
    return info;
  });
  const video = raw.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = raw.find((s) => s.codec_type === 'audio');
  const d = Number(json.format?.duration ?? video?.duration ?? audio?.duration);
  const info: MediaInfo = {
    durationSec: Number.isFinite(d) && d > 0 ? Math.round(d * 1000) / 1000 : undefined,
    streams,
    hasVideo: !!video,
    hasAudio: !!audio,
  };
  if (video?.width) info.width = video.width;
  if (video?.height) info.height = video.height;
  const fps = rateOf(video?.avg_frame_rate) ?? rateOf(video?.r_frame_rate);
  if (fps) info.frameRate = fps;
  const rotation = Number(video?.side_data_list?.find((x) => typeof x.rotation === 'number')?.rotation ?? video?.tags?.rotate ?? 0);
  if (rotation) info.rotation = rotation;
  const videoCodec = codecOf(video);
  const audioCodec = codecOf(audio);
  if (videoCodec) info.videoCodec = videoCodec;
  if (audioCodec) info.audioCodec = audioCodec;
  return info;
}

/** '30000/1001' -> 29.97; undefined for '0/0' or nonsense. */
function rateOf(r: string | undefined): number | undefined {
  const [n, d] = (r ?? '').split('/').map(Number);
  const v = d ? n! / d : n;
  return v && Number.isFinite(v) && v > 0 && v < 1000 ? Math.round(v * 1000) / 1000 : undefined;
}

/** The codec name, or `unknown (TAG)` when this ffmpeg has no decoder for it (e.g. xHE-AAC/USAC audio). */
function codecOf(s: FfprobeStream | undefined): string | undefined {
  if (!s) return undefined;
  const unknown = !s.codec_name || s.codec_name === 'unknown' || s.codec_name === 'none' || /USAC|xHE/i.test(s.profile ?? '');
  return unknown ? `unknown (${s.codec_tag_string || 'no tag'}${s.profile && s.profile !== 'unknown' ? `, ${s.profile}` : ''})` : s.codec_name;
}

/** True for a codec probeMedia could not name (this ffmpeg has no decoder for it). */
export const isUnknownCodec = (c: string | undefined) => !!c?.startsWith('unknown');

/** What to do with a file whose codecs this server cannot decode. */
export const CONVERT_ADVICE = 'Convert it to MP4 with H.264 video and AAC-LC sound (for example `ffmpeg -i input.mp4 -c:v libx264 -c:a aac output.mp4`) and upload it again';

/** ffmpeg's error said plainly (never its own words: those go to the logs and the error's details). */
export function humanFfmpegError(stderr: string): string {
  if (!stderr.trim()) return `ffmpeg could not read it and gave no reason, which usually means a format it does not support. ${CONVERT_ADVICE}`;
  if (/Decoder \(codec \w+\) not found|Audio object type \d+|not implemented|is not supported|Unsupported codec|no decoder/i.test(stderr)) {
    return `it uses a video or sound format this server cannot decode. ${CONVERT_ADVICE}`;
  }
  if (/moov atom not found/i.test(stderr)) return 'the video is incomplete (its index is missing; the upload may have been cut off)';
  if (/Invalid data found when processing input/i.test(stderr)) return 'the content is not a video ffmpeg understands, or it is damaged';
  if (/No such file/i.test(stderr)) return 'the file is missing';
  return 'it is damaged or in a form this server cannot read';
}
