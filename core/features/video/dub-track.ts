/**
 * A dubbed sound track: each cue spoken by espeak-ng in the target language,
 * sped up (atempo, at most 2x) when it would run into the next cue, and
 * placed at its start time with adelay; all placed voices mixed with amix
 * (in groups, so a long video does not need hundreds of ffmpeg inputs).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../foundation/errors';
import { mapLimit, runTool } from '../../foundation/tools/exec';
import type { TranslationLanguage } from '../../foundation/types';
import { languageFacts } from './languages';
import type { Cue } from './vtt';

export interface DubOptions {
  cues: readonly Cue[];
  language: TranslationLanguage;
  /** Length of the video: the track is padded or cut to it. */
  durationSec: number;
  workDir: string;
  signal?: AbortSignal;
  /** espeak-ng words per minute. Default 165. */
  wordsPerMinute?: number;
}

interface Placed { wav: string; at: number; tempo: number }

const GROUP = 32;
const RATE = 22050; // espeak-ng's output rate

/** Seconds in a mono 16-bit WAV at 22.05 kHz (espeak-ng's format). */
async function espeakSeconds(wav: string): Promise<number> {
  const { size } = await stat(wav);
  return Math.max(0, (size - 44) / (RATE * 2));
}

/** Writes `dub.wav` (48 kHz mono) in `workDir` and returns its path. */
export async function synthesizeDubTrack(opts: DubOptions): Promise<string> {
  const voice = languageFacts(opts.language).voice;
  const cues = [...opts.cues].sort((a, b) => a.start - b.start);
  if (!cues.length) throw new AppError('validation', 'There is nothing to dub: the transcript has no cues.');
  const placed = await mapLimit(cues, 2, async (cue, i): Promise<Placed> => {
    const wav = join(opts.workDir, `dub-${i}.wav`);
    await runTool('espeak-ng', ['-v', voice, '-s', String(opts.wordsPerMinute ?? 165), '-w', wav, '--', cue.text], {
      signal: opts.signal, timeoutMs: 60_000,
    }).catch((e: unknown) => {
      throw new AppError('unavailable', `espeak-ng could not speak ${opts.language} (voice ${voice}): ${(e as Error).message}`, { cause: e });
    });
    const spoken = await espeakSeconds(wav);
    const next = cues[i + 1];
    const slot = Math.max(0.5, (next ? next.start : opts.durationSec) - cue.start);
    const tempo = spoken > slot ? Math.min(2, spoken / slot) : 1;
    return { wav, at: cue.start, tempo };
  });
  const groups: string[] = [];
  for (let g = 0; g * GROUP < placed.length; g++) {
    const part = placed.slice(g * GROUP, (g + 1) * GROUP);
    const out = join(opts.workDir, `dub-group-${g}.wav`);
    await mix(part.map((p) => ({ input: p.wav, at: p.at, tempo: p.tempo })), opts.durationSec, out, opts.signal);
    groups.push(out);
  }
  if (groups.length === 1) return groups[0]!;
  const out = join(opts.workDir, 'dub.wav');
  await mix(groups.map((input) => ({ input, at: 0, tempo: 1 })), opts.durationSec, out, opts.signal);
  return out;
}

async function mix(parts: Array<{ input: string; at: number; tempo: number }>, durationSec: number, out: string, signal?: AbortSignal): Promise<void> {
  const inputs = parts.flatMap((p) => ['-i', p.input]);
  const chains = parts.map((p, i) => {
    const tempo = p.tempo > 1.001 ? `atempo=${p.tempo.toFixed(3)},` : '';
    return `[${i}:a]aresample=48000,${tempo}adelay=${Math.round(p.at * 1000)}:all=1[a${i}]`;
  });
  const labels = parts.map((_, i) => `[a${i}]`).join('');
  const graph = `${chains.join(';')};${labels}amix=inputs=${parts.length}:normalize=0:dropout_transition=0,apad,atrim=0:${durationSec.toFixed(3)}[out]`;
  await runTool('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[out]', '-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le', out], {
    signal, timeoutMs: 300_000,
  });
}
