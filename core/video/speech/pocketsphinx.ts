/**
 * Offline English speech to text with Debian's pocketsphinx
 * (`pocketsphinx_continuous` 5prealpha + pocketsphinx-en-us). Word timings
 * come from `-time yes`; words are grouped into segments. Accuracy is weak
 * (tens of percent of words wrong on clean speech), so every transcript is
 * labelled quality 'low'.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../errors';
import { runTool } from '../../ingest/exec';
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
    supports: (language: TranslationLanguage) => language === 'english',
    async transcribe(wavPath: string, t: TranscribeOptions): Promise<Transcript> {
      if (t.language !== 'english') {
        throw new AppError('not_configured', `pocketsphinx only knows English; no transcriber is configured for ${t.language}.`);
      }
      const hmm = join(modelDir, 'en-us');
      if (!existsSync(hmm)) {
        throw new AppError('not_configured', `The pocketsphinx English model is missing (${hmm}); install pocketsphinx-en-us (scripts/setup-system.sh).`);
      }
      const seconds = await wavSeconds(wavPath);
      const lines: string[] = [];
      await runTool('stdbuf', [
        '-oL', 'pocketsphinx_continuous',
        '-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null',
        '-hmm', hmm, '-lm', join(modelDir, 'en-us.lm.bin'), '-dict', join(modelDir, 'cmudict-en-us.dict'),
      ], {
        signal: t.signal,
        timeoutMs: 60_000 + Math.ceil(seconds * timeFactor * 1000),
        onLine: (line) => {
          lines.push(line);
          const m = /^<\/s> \d+\.\d+ (\d+\.\d+)/.exec(line);
          if (m) t.onProgress?.(Number(m[1]));
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
      const segments = groupWords(parsePocketsphinxWords(lines.join('\n')), opts.grouping);
      return { language: 'english', segments, quality: 'low', provider: 'pocketsphinx' };
    },
  };
}
