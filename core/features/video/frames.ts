/**
 * Still frames of a video (JPEG, at most 640 px wide): the source images a
 * citation of "0:12–0:18" shows. Stored like presentation images. Most come
 * out of the pass that takes the sound (`frameGridFor`, core/features/video/audio.ts);
 * the few a grid misses are read here, many per ffmpeg run.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mapLimit, runTool } from '../../foundation/tools/exec';
import { isUnknownCodec, type MediaInfo } from '../../foundation/tools/ffprobe';
import type { FrameGrid } from './audio';

export interface Frame {
  /** Seconds from the start. */
  at: number;
  path: string;
}

/**
 * Pixels per second of video (width × height × frame rate) up to which the
 * sound's pass decodes every picture for its frames: 1280×720 at 30 frames
 * (about 3.6 CPU seconds per minute of video here, docs/BENCHMARKS.md), and
 * at most as many pixels in all as 10 minutes of that (a long video's pass
 * stays short). A larger picture or a longer video gives key frames only, and
 * frames a cue lacks are read after.
 */
export const FULL_DECODE_PIXEL_RATE = 1280 * 720 * 30;
export const FULL_DECODE_PIXELS = FULL_DECODE_PIXEL_RATE * 600;

/** The frames to take in the sound's pass: every second or so from every picture when that is cheap, else from key frames. */
export function frameGridFor(info: MediaInfo, dir: string): FrameGrid | undefined {
  if (!info.hasVideo || isUnknownCodec(info.videoCodec)) return undefined;
  const d = info.durationSec ?? 0;
  const pixelRate = (info.width ?? 1920) * (info.height ?? 1080) * (info.frameRate ?? 30);
  if (pixelRate <= FULL_DECODE_PIXEL_RATE && pixelRate * d <= FULL_DECODE_PIXELS) return { dir, everySec: Math.max(1, Math.round((d / 600) * 10) / 10), allFrames: true };
  // About 150 over the video, at least 2 s apart.
  return { dir, everySec: Math.max(2, Math.round(d / 150)) };
}

/** Frames (seeks) read by one ffmpeg run. */
const PER_RUN = 8;

/** Frames at the given times: one ffmpeg run per 8 times (each an input seeked to its time), two runs at once. */
export async function extractFrames(input: string, times: readonly number[], outDir: string, opts: { signal?: AbortSignal; width?: number } = {}): Promise<Frame[]> {
  const width = opts.width ?? 640;
  const unique = [...new Set(times.map((t) => Math.max(0, Math.round(t * 1000) / 1000)))].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (let i = 0; i < unique.length; i += PER_RUN) runs.push(unique.slice(i, i + PER_RUN));
  const pathOf = (at: number) => join(outDir, `frame-${Math.round(at * 1000)}.jpg`);
  const made = await mapLimit(runs, 2, async (run) => {
    const args = ['-v', 'error', '-y'];
    for (const at of run) args.push('-threads', '1', '-ss', at.toFixed(3), '-i', input);
    run.forEach((at, i) => args.push('-map', `${i}:v:0`, '-frames:v', '1', '-vf', `scale='min(${width},iw)':-2`, '-q:v', '4', pathOf(at)));
    await runTool('ffmpeg', args, { signal: opts.signal, timeoutMs: 60_000 * run.length, allowFailure: true });
    // A time past the end gives no picture (and no file); the others are there.
    return Promise.all(run.map(async (at) => ((await stat(pathOf(at)).then((s) => s.size > 0, () => false)) ? { at, path: pathOf(at) } : null)));
  });
  return made.flat().filter((f): f is Frame => f !== null);
}

/** A frame time for a cited range: a third of the way in (past the cut, before the next). */
export function frameTimeFor(start: number, end: number): number {
  return Math.round((start + Math.max(0, end - start) / 3) * 1000) / 1000;
}
