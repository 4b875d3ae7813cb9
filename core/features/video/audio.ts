/**
 * The sound track as a 16 kHz mono 16-bit WAV (what speech recognisers
 * want), and how much of it is speech-level sound (ffmpeg silencedetect).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../foundation/errors';
import { lastLines, runTool } from '../../foundation/tools/exec';

export interface AudioOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Frames taken in the same pass as the sound: one every `everySec`, from
 * key frames only (the picture is not decoded in full), or with `allFrames`
 * from every picture (decoded in full: a grid at exact times, for a picture
 * small enough that decoding it all costs less than reading frames again).
 */
export interface FrameGrid {
  dir: string;
  everySec: number;
  allFrames?: boolean;
  /** Picture width at most (px). Default 640. */
  width?: number;
}

/** Writes the first audio stream of `input` to `out` (16 kHz mono s16 WAV), and with `grid` still frames in the same ffmpeg run. */
export async function extractWav(input: string, out: string, label: string, opts: AudioOptions & { grid?: FrameGrid } = {}): Promise<Array<{ at: number; path: string }>> {
  const g = opts.grid;
  // At most one frame every `everySec` (of key frames only unless `allFrames`); showinfo logs each one's time.
  const frameArgs = g ? [
    '-map', '0:v:0', '-an', '-sn', '-dn', '-fps_mode', 'passthrough',
    '-vf', `select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${g.everySec})',scale='min(${g.width ?? 640},iw)':-2,showinfo`,
    '-q:v', '4', join(g.dir, 'grid-%05d.jpg'),
  ] : [];
  const r = await runTool('ffmpeg', [
    '-v', g ? 'info' : 'error', '-nostats', '-hide_banner', '-y', ...(g && !g.allFrames ? ['-skip_frame:v', 'nokey'] : []), '-i', input, '-map', '0:a:0', '-vn', '-sn', '-dn',
    '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', '-bitexact', out, ...frameArgs,
  ], { signal: opts.signal, timeoutMs: opts.timeoutMs ?? 300_000, allowFailure: true, maxStderrBytes: 8 * 1024 * 1024 });
  if (r.exitCode !== 0) throw soundFailure(label, r.stderr);
  if (!g) return [];
  const times = [...r.stderr.matchAll(/Parsed_showinfo[^\n]*? n: *(\d+) [^\n]*?pts_time:([\d.]+)/g)].map((m) => ({ n: Number(m[1]), at: Number(m[2]) }));
  const names = new Set((await readdir(g.dir)).filter((n) => /^grid-\d+\.jpg$/.test(n)));
  return times.map(({ n, at }) => ({ at: Math.round(at * 1000) / 1000, path: join(g.dir, `grid-${String(n + 1).padStart(5, '0')}.jpg`) }))
    .filter((f) => names.has(f.path.slice(g.dir.length + 1)));
}

/**
 * Why ffmpeg could not give the sound, as one plain sentence (its own words stay in the details, for the logs):
 * no sound track, encrypted (DRM), a codec this ffmpeg cannot decode, no media samples, or damaged data.
 */
export function soundFailure(label: string, stderr: string): AppError {
  const details = { stderr: lastLines(stderr, 5) };
  if (/matches no streams|does not contain any stream|Output file #?\d* does not contain/i.test(stderr)) {
    return new AppError('corrupt_file', `${label} has no sound track that can be read.`, { details: { ...details, reason: 'no_sound' } });
  }
  if (/encrypt|decrypt|cenc|\bsinf\b|\bpssh\b/i.test(stderr)) {
    return new AppError('corrupt_file', `${label} is encrypted (DRM-protected): its picture and sound cannot be read without the key.`, { details: { ...details, reason: 'drm' } });
  }
  if (/Decoder \(codec \w+\) not found|Audio object type \d+|not implemented|is not supported|Unsupported codec|no decoder|Could not find codec parameters/i.test(stderr)) {
    return new AppError('unsupported_type', `${label} has sound in a format this server cannot decode: convert it to MP4 with AAC sound and upload it again.`, { details: { ...details, reason: 'codec' } });
  }
  if (/moov atom not found/i.test(stderr)) {
    return new AppError('corrupt_file', `${label} is incomplete: its index is missing, so the upload may have been cut off.`, { details: { ...details, reason: 'truncated' } });
  }
  return new AppError('corrupt_file', `${label} has a sound track that cannot be decoded: the file is damaged or cut short.`, { details: { ...details, reason: 'audio_decode' } });
}

export interface SilenceReport {
  durationSec: number;
  /** Seconds louder than the threshold. */
  soundSec: number;
  /** Silent stretches [start, end] in seconds. */
  silences: Array<[number, number]>;
  /** Loudest sample, dBFS (-91 for digital silence). */
  maxVolumeDb: number;
  /** True when there is less than `minSoundSec` of sound: no speech to transcribe. */
  silent: boolean;
}

export interface SilenceOptions extends AudioOptions {
  /** Quieter than this counts as silence. Default -45 dB. */
  noiseDb?: number;
  /** Shortest silence counted (s). Default 0.5. */
  minSilenceSec?: number;
  /** Less sound than this (s) means the track is silent. Default 0.3. */
  minSoundSec?: number;
}

/** Runs silencedetect + volumedetect over a WAV (or any audio). */
export async function detectSilence(wav: string, durationSec: number, opts: SilenceOptions = {}): Promise<SilenceReport> {
  const noise = opts.noiseDb ?? -45;
  const r = await runTool('ffmpeg', [
    '-hide_banner', '-nostats', '-i', wav,
    '-af', `silencedetect=noise=${noise}dB:d=${opts.minSilenceSec ?? 0.5},volumedetect`, '-f', 'null', '-',
  ], { signal: opts.signal, timeoutMs: opts.timeoutMs ?? 120_000, maxStderrBytes: 4 * 1024 * 1024 });
  return parseSilence(r.stderr, durationSec, opts.minSoundSec ?? 0.3);
}

export function parseSilence(stderr: string, durationSec: number, minSoundSec = 0.3): SilenceReport {
  const silences: Array<[number, number]> = [];
  let open: number | null = null;
  for (const line of stderr.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line);
    if (s) open = Math.max(0, Number(s[1]));
    const e = /silence_end: ([\d.]+)/.exec(line);
    if (e && open !== null) { silences.push([open, Number(e[1])]); open = null; }
  }
  if (open !== null) silences.push([open, durationSec]);
  const silentSec = silences.reduce((n, [a, b]) => n + Math.max(0, b - a), 0);
  const max = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  const maxVolumeDb = max && max[1] !== '-inf' ? Number(max[1]) : -91;
  const soundSec = Math.max(0, Math.round((durationSec - silentSec) * 1000) / 1000);
  return { durationSec, soundSec, silences, maxVolumeDb, silent: soundSec < minSoundSec || maxVolumeDb <= -60 };
}
