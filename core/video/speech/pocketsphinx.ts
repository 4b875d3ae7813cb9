/**
 * Offline English speech to text with Debian's pocketsphinx
 * (`pocketsphinx_continuous` 5prealpha + pocketsphinx-en-us). Word timings
 * come from `-time yes`; words are grouped into segments. Accuracy is weak
 * (tens of percent of words wrong on clean speech), so every transcript is
 * labelled quality 'low'.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../errors';
import { mapLimit, runTool } from '../../tools/exec';
import { quietStretches, wavSamples, writeWavPart } from '../speech-detect';
import type { TranslationLanguage } from '../../types';
import { groupWords, type GroupOptions, type TimedWord } from './segments';
import type { SpeechToText, Transcript, TranscribeOptions } from './types';

export interface PocketsphinxOptions {
  /** Folder with en-us/ (acoustic model), en-us.lm.bin, cmudict-en-us.dict. */
  modelDir?: string;
  /** Seconds of wall time allowed per second of audio, plus one minute. Default 6. */
  timeFactor?: number;
  /** How words are grouped into segments. */
  grouping?: GroupOptions;
  /** Recognise this many parts of a long recording at once, cut at pauses. Default 2 (the machine's cores). */
  parallel?: number;
  /** Only cut when every part is at least this long (s). Default 3 (a 6-second clip runs as two halves on two cores). */
  minPartSec?: number;
}

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** Parses `pocketsphinx_continuous -time yes` output into timed words (fillers and silences dropped). */
export function parsePocketsphinxWords(stdout: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+\.\d+) (\d+\.\d+) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const word = m[1]!.replace(/\(\d+\)$/, '');
    if (/^<.*>$|^\[.*\]$|^\+\+.*\+\+$/.test(word)) continue;
    words.push({ word, start: Number(m[2]), end: Number(m[3]), confidence: Number(m[4]) });
  }
  return words;
}

/** Seconds of audio in a 16-bit PCM WAV, from its size (header is 44 bytes for ffmpeg's output). */
async function wavSeconds(path: string): Promise<number> {
  const { stat } = await import('node:fs/promises');
  const { size } = await stat(path);
  return Math.max(0, (size - 44) / (16_000 * 2));
}

export function createPocketsphinx(opts: PocketsphinxOptions = {}): SpeechToText {
  const modelDir = opts.modelDir ?? DEFAULT_MODEL_DIR;
  const timeFactor = opts.timeFactor ?? 6;
  return {
    id: 'pocketsphinx',
    // Without a known language it assumes English (the only one it knows).
    supports: (language: TranslationLanguage | null) => language === null || language === 'english',
    async transcribe(wavPath: string, t: TranscribeOptions): Promise<Transcript> {
      if (t.language !== null && t.language !== 'english') {
        throw new AppError('not_configured', `pocketsphinx only knows English; no transcriber is configured for ${t.language}.`);
      }
      const hmm = join(modelDir, 'en-us');
      if (!existsSync(hmm)) {
        throw new AppError('not_configured', `The pocketsphinx English model is missing (${hmm}); install pocketsphinx-en-us (scripts/setup-system.sh).`);
      }
      const seconds = await wavSeconds(wavPath);
      const parts = await splitAtPauses(wavPath, seconds, opts.parallel ?? 2, opts.minPartSec ?? 3, t.signal);
      const done = new Array<number>(parts.length).fill(0);
      const words = await mapLimit(parts, parts.length, async (part, i) => {
        const found = await recognise(part.path, modelDir, hmm, part.end - part.start, timeFactor, t.signal, (sec) => {
          done[i] = sec;
          t.onProgress?.(done.reduce((a, b) => a + b, 0));
        });
        return found.map((w) => ({ ...w, start: round3(w.start + part.start), end: round3(w.end + part.start) }));
      }).finally(() => Promise.all(parts.filter((p) => p.path !== wavPath).map((p) => rm(p.path, { force: true }))));
      const segments = groupWords(words.flat(), opts.grouping);
      return { language: 'english', segments, quality: 'low', provider: 'pocketsphinx' };
    },
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

async function recognise(wav: string, modelDir: string, hmm: string, seconds: number, timeFactor: number, signal: AbortSignal | undefined, onDone: (sec: number) => void): Promise<TimedWord[]> {
  const lines: string[] = [];
  await runTool('stdbuf', [
    '-oL', 'pocketsphinx_continuous',
    '-infile', wav, '-time', 'yes', '-logfn', '/dev/null',
    '-hmm', hmm, '-lm', join(modelDir, 'en-us.lm.bin'), '-dict', join(modelDir, 'cmudict-en-us.dict'),
  ], {
    signal,
    timeoutMs: 60_000 + Math.ceil(seconds * timeFactor * 1000),
    onLine: (line) => {
      lines.push(line);
      const m = /^<\/s> \d+\.\d+ (\d+\.\d+)/.exec(line);
      if (m) onDone(Number(m[1]));
    },
  }).catch((e: unknown) => {
    if (e instanceof AppError && e.details?.reason === 'missing_tool') {
      throw new AppError('not_configured', 'pocketsphinx is not installed; run scripts/setup-system.sh.', { cause: e });
    }
    if (e instanceof AppError && e.details?.reason === 'exit') {
      throw new AppError('internal', `pocketsphinx could not read the audio: ${e.message}`, { cause: e });
    }
    throw e;
  });
  return parsePocketsphinxWords(lines.join('\n'));
}

/**
 * Cuts a long WAV into `parallel` parts at the pause nearest each even split
 * (no word is cut), so the parts can be recognised at once. Short audio, or
 * audio without a usable pause, stays whole. Pauses are found and parts
 * written here, from the samples (no ffmpeg run).
 */
export async function splitAtPauses(wav: string, seconds: number, parallel: number, minPartSec: number, signal?: AbortSignal): Promise<Array<{ path: string; start: number; end: number }>> {
  const n = Math.min(parallel, Math.floor(seconds / minPartSec));
  if (n < 2) return [{ path: wav, start: 0, end: seconds }];
  signal?.throwIfAborted();
  const { samples, sampleRate } = wavSamples(await readFile(wav));
  const silences = quietStretches(samples, sampleRate, -40, 0.25);
  const mids = silences.filter(([a, b]) => a > 0 && b < seconds).map(([a, b]) => (a + b) / 2);
  const cuts: number[] = [];
  for (let k = 1; k < n; k++) {
    const target = (k * seconds) / n;
    const best = mids.reduce<number | null>((m, x) => (m === null || Math.abs(x - target) < Math.abs(m - target) ? x : m), null);
    if (best !== null && Math.abs(best - target) < seconds / n / 2 && (cuts.at(-1) ?? 0) < best) cuts.push(round3(best));
  }
  if (!cuts.length) return [{ path: wav, start: 0, end: seconds }];
  const bounds = [0, ...cuts, seconds];
  return Promise.all(bounds.slice(0, -1).map(async (start, i) => {
    const end = bounds[i + 1]!;
    const path = `${wav}.part${i}.wav`;
    await writeWavPart(path, samples, sampleRate, start, end);
    return { path, start, end };
  }));
}
