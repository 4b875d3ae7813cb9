/**
 * Writes a translated MP4 in one ffmpeg run: the original picture and sound
 * streams (copied when MP4 can hold them, else re-encoded), soft subtitle
 * tracks (mov_text, tagged with their language), optionally subtitles burned
 * into the picture (libass) and optionally a dubbed sound track that becomes
 * the default, with the original sound kept as a second track.
 */
import { AppError } from '../../foundation/errors';
import { lastLines, runTool } from '../../foundation/tools/exec';
import type { TranslationLanguage } from '../../foundation/types';
import { subtitlesFilter } from './burn-filter';
import { languageFacts } from './languages';
import { disableSubtitleTracks } from './mp4-tracks';
import type { MediaInfo } from './probe';

export interface SubtitleTrack {
  vtt: string;
  language: TranslationLanguage;
  title: string;
  default?: boolean;
}

export interface AssembleOptions {
  input: string;
  info: MediaInfo;
  out: string;
  /** Soft subtitle tracks, in this order. */
  tracks: SubtitleTrack[];
  /** Subtitles to burn into the picture (the first video stream). */
  burn?: { vtt: string; language: TranslationLanguage };
  /** A dubbed sound track (WAV) in `language`; the original sound is kept after it. */
  dub?: { wav: string; language: TranslationLanguage };
  /** Tag for original sound tracks that carry none. */
  sourceLanguage?: TranslationLanguage | null;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The frame as shown: width and height swapped for a video rotated a quarter turn. */
function displaySize(info: MediaInfo): { width?: number; height?: number } {
  const quarter = Math.abs(info.rotation ?? 0) % 180 === 90;
  return quarter ? { width: info.height, height: info.width } : { width: info.width, height: info.height };
}

const MP4_VIDEO = new Set(['h264', 'hevc', 'mpeg4', 'av1', 'vp9', 'mjpeg']);
const MP4_AUDIO = new Set(['aac', 'mp3', 'ac3', 'eac3', 'opus', 'alac', 'flac']);
const TEXT_SUBS = new Set(['mov_text', 'subrip', 'webvtt', 'ass', 'ssa', 'text']);

/** The ffmpeg arguments (without the leading `ffmpeg`); exported for tests. */
export function assembleArgs(o: AssembleOptions): string[] {
  const videos = o.info.streams.filter((s) => s.type === 'video' && !s.attachedPicture);
  const audios = o.info.streams.filter((s) => s.type === 'audio' && s.codec !== 'unknown');
  const subs = o.info.streams.filter((s) => s.type === 'subtitle' && TEXT_SUBS.has(s.codec));
  if (o.burn && !videos.length) throw new AppError('validation', 'Subtitles cannot be burned into a file that has no picture.');

  const args = ['-v', 'error', '-y', '-i', o.input];
  const trackInput = (k: number) => 1 + k;
  for (const t of o.tracks) args.push('-f', 'webvtt', '-i', t.vtt);
  const dubInput = 1 + o.tracks.length;
  if (o.dub) args.push('-i', o.dub.wav);

  const maps: string[] = [];
  const codecs: string[] = [];
  const meta: string[] = [];
  let vOut = 0;
  for (const [i, v] of videos.entries()) {
    if (i === 0 && o.burn) {
      args.push('-filter_complex', `[0:${v.index}]${subtitlesFilter(o.burn.vtt, o.burn.language, displaySize(o.info))}[burned]`);
      maps.push('-map', '[burned]');
      codecs.push(`-c:v:${vOut}`, 'libx264', `-preset:v:${vOut}`, 'veryfast', `-crf:v:${vOut}`, '22', `-pix_fmt:v:${vOut}`, 'yuv420p');
    } else {
      maps.push('-map', `0:${v.index}`);
      if (MP4_VIDEO.has(v.codec)) codecs.push(`-c:v:${vOut}`, 'copy');
      else codecs.push(`-c:v:${vOut}`, 'libx264', `-preset:v:${vOut}`, 'veryfast', `-crf:v:${vOut}`, '22', `-pix_fmt:v:${vOut}`, 'yuv420p');
    }
    vOut++;
  }
  let aOut = 0;
  if (o.dub) {
    maps.push('-map', `${dubInput}:a:0`);
    codecs.push(`-c:a:${aOut}`, 'aac', `-b:a:${aOut}`, '96k');
    meta.push(`-metadata:s:a:${aOut}`, `language=${languageFacts(o.dub.language).iso3}`, `-metadata:s:a:${aOut}`, `handler_name=Dubbed (${o.dub.language}, synthetic voice)`, `-disposition:a:${aOut}`, 'default');
    aOut++;
  }
  for (const a of audios) {
    maps.push('-map', `0:${a.index}`);
    codecs.push(`-c:a:${aOut}`, ...(MP4_AUDIO.has(a.codec) ? ['copy'] : ['aac', `-b:a:${aOut}`, '128k']));
    const lang = a.language ?? (o.sourceLanguage ? languageFacts(o.sourceLanguage).iso3 : undefined);
    if (lang) meta.push(`-metadata:s:a:${aOut}`, `language=${lang}`);
    if (o.dub) meta.push(`-metadata:s:a:${aOut}`, 'handler_name=Original sound', `-disposition:a:${aOut}`, '0');
    aOut++;
  }
  let sOut = 0;
  for (const s of subs) {
    maps.push('-map', `0:${s.index}`);
    codecs.push(`-c:s:${sOut}`, 'mov_text');
    sOut++;
  }
  for (const [k, t] of o.tracks.entries()) {
    maps.push('-map', `${trackInput(k)}:0`);
    codecs.push(`-c:s:${sOut}`, 'mov_text');
    meta.push(`-metadata:s:s:${sOut}`, `language=${languageFacts(t.language).iso3}`, `-metadata:s:s:${sOut}`, `handler_name=${t.title}`,
      `-disposition:s:${sOut}`, t.default ? 'default' : '0');
    sOut++;
  }
  return [...args, ...maps, ...codecs, ...meta, '-map_metadata', '0', '-movflags', '+faststart', '-max_muxing_queue_size', '4096', '-f', 'mp4', o.out];
}

export async function assembleVideo(o: AssembleOptions): Promise<void> {
  const r = await runTool('ffmpeg', assembleArgs(o), { signal: o.signal, timeoutMs: o.timeoutMs ?? 1_800_000, allowFailure: true });
  if (r.exitCode !== 0) {
    throw new AppError('internal', `The translated video could not be written: ${lastLines(r.stderr, 2)}`, {
      details: { reason: 'assemble', stderr: lastLines(r.stderr, 10) },
    });
  }
  // With the subtitles burned in (or none asked to be default) no soft track may show over the picture by default.
  if (!o.tracks.some((t) => t.default)) await disableSubtitleTracks(o.out);
}
