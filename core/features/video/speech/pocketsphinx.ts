/**
 * Offline English speech to text with Debian's pocketsphinx
 * (`pocketsphinx_continuous` 5prealpha + pocketsphinx-en-us). Word timings
 * come from `-time yes`; words are grouped into segments. Accuracy is weak
 * (tens of percent of words wrong on clean speech), so every transcript is
 * labelled quality 'low'.
 *
 * A run's fixed start (about a third of a 6-second clip's recognition) is
 * loading the models; two things cut or hide it: the dictionary handed to
 * it holds only the words the language model knows (the search never uses
 * the others, so the words heard are the same: a third of the start), and a
 * run can start before its sound exists (`warm`: it reads the samples from
 * its standard input), so the models load while ffmpeg extracts the sound.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../../foundation/errors';
import { mapLimit, runTool } from '../../../foundation/tools/exec';
import { quietStretches, wavSamples, writeWavPart } from '../speech-detect';
import type { TranslationLanguage } from '../../../foundation/types';
import { groupWords, type GroupOptions, type TimedWord } from './segments';
import type { SpeechToText, Transcript, TranscribeOptions, WarmTranscriber } from './types';
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
  /** Where the dictionary trimmed to the language model's words is kept (made on first use). Default the system's temporary folder. */
  cacheDir?: string;
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
  const hmm = join(modelDir, 'en-us');
  const cacheDir = opts.cacheDir ?? join(tmpdir(), 'pocketsphinx-cache');
  const start = (seconds: number, signal: AbortSignal | undefined) => startRecognition({ modelDir, hmm, dict: lmDictionary(modelDir, cacheDir), seconds, timeFactor, signal });

  async function transcribe(wavPath: string, t: TranscribeOptions, warm?: Recognition): Promise<Transcript> {
    const started: Recognition[] = warm ? [warm] : [];
    try {
      if (t.language !== null && t.language !== 'english') {
        throw new AppError('not_configured', `pocketsphinx only knows English; no transcriber is configured for ${t.language}.`);
      }
      if (!existsSync(hmm)) {
        throw new AppError('not_configured', `The pocketsphinx English model is missing (${hmm}); install pocketsphinx-en-us (scripts/setup-system.sh).`);
      }
      const seconds = await wavSeconds(wavPath);
      const parts = await splitAtPauses(wavPath, seconds, opts.parallel ?? 2, opts.minPartSec ?? 3, t.signal);
      const done = new Array<number>(parts.length).fill(0);
      const words = await mapLimit(parts, parts.length, async (part, i) => {
        // The first part goes to the run started early (its models are loaded by now); the others start here.
        const run = i === 0 && warm ? warm : start(part.end - part.start, t.signal);
        if (run !== warm) started.push(run);
        run.onSeconds = (sec) => {
          done[i] = sec;
          t.onProgress?.(done.reduce((a, b) => a + b, 0));
        };
        const found = await run.feed(await pcmOf(part.path));
        return found.map((w) => ({ ...w, start: round3(w.start + part.start), end: round3(w.end + part.start) }));
      }).finally(() => Promise.all(parts.filter((p) => p.path !== wavPath).map((p) => rm(p.path, { force: true }))));
      const segments = groupWords(words.flat(), opts.grouping);
      return { language: 'english', segments, quality: 'low', provider: 'pocketsphinx' };
    } finally {
      // A run left waiting (a failed part, a refused language) is ended; a finished one is not touched.
      for (const run of started) run.cancel();
    }
  }

  return {
    id: 'pocketsphinx',
    // Without a known language it assumes English (the only one it knows).
    supports: (language: TranslationLanguage | null) => language === null || language === 'english',
    transcribe: (wavPath, t) => transcribe(wavPath, t),
    warm({ signal, seconds }): WarmTranscriber | null {
      if (!existsSync(hmm) || signal?.aborted) return null;
      const run = start(seconds, signal);
      return { transcribe: (wavPath, t) => transcribe(wavPath, t, run), release: () => run.cancel() };
    },
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The 16-bit samples of a WAV file (what pocketsphinx reads from its standard input). */
async function pcmOf(wav: string): Promise<Buffer> {
  const buf = await readFile(wav);
  return buf.subarray(wavSamples(buf).dataOffset);
}

/** One pocketsphinx run, started before its sound is known. */
interface Recognition {
  /** Gives the run its samples (16-bit, 16 kHz mono) and resolves with the words heard. */
  feed(pcm: Uint8Array): Promise<TimedWord[]>;
  /** Ends the run if it was not fed or is still running (a finished run is not touched). */
  cancel(): void;
  /** Told the seconds recognised so far. */
  onSeconds: (sec: number) => void;
}

function startRecognition(o: { modelDir: string; hmm: string; dict: string | Promise<string>; seconds: number; timeFactor: number; signal?: AbortSignal }): Recognition {
  const stop = new AbortController();
  const onAbort = () => stop.abort(o.signal?.reason);
  o.signal?.addEventListener('abort', onAbort, { once: true });
  let give!: (pcm: Uint8Array) => void;
  const input = new Promise<Uint8Array>((resolve) => { give = resolve; });
  const lines: string[] = [];
  let finished = false;
  const rec: Recognition = {
    onSeconds: () => {},
    feed: (pcm) => { give(pcm); return words; },
    cancel: () => { if (!finished) stop.abort(new Error('not needed')); },
  };
  const spawn = (dict: string) => runTool('stdbuf', [
    // Node hands a child a socket for its standard input, which /dev/stdin cannot open: `cat` makes it a pipe.
    '-oL', 'sh', '-c', 'cat | exec "$@"', 'sh', 'pocketsphinx_continuous',
    // Not a .wav name: the samples come without a header.
    '-infile', '/dev/stdin', '-time', 'yes', '-logfn', '/dev/null',
    '-hmm', o.hmm, '-lm', join(o.modelDir, 'en-us.lm.bin'), '-dict', dict,
  ], {
    signal: stop.signal,
    input,
    // The wait for the sound counts too: the budget is the whole recording's.
    timeoutMs: 60_000 + Math.ceil(o.seconds * o.timeFactor * 1000),
    onLine: (line) => {
      lines.push(line);
      const m = /^<\/s> \d+\.\d+ (\d+\.\d+)/.exec(line);
      if (m) rec.onSeconds(Number(m[1]));
    },
  });
  // Started at once when the dictionary is ready (the usual case), else when it is made (a model's first run).
  const run = (typeof o.dict === 'string' ? spawn(o.dict) : o.dict.then(spawn)).finally(() => {
    finished = true;
    o.signal?.removeEventListener('abort', onAbort);
  });
  const words = run.then(() => parsePocketsphinxWords(lines.join('\n')), (e: unknown) => {
    if (e instanceof AppError && e.details?.reason === 'missing_tool') {
      throw new AppError('not_configured', 'pocketsphinx is not installed; run scripts/setup-system.sh.', { cause: e });
    }
    if (e instanceof AppError && e.details?.reason === 'exit') {
      throw new AppError('internal', `pocketsphinx could not read the audio: ${e.message}`, { cause: e });
    }
    // A run ended because the job was cancelled rejects with the job's AbortError; one never needed, quietly.
    throw e;
  });
  words.catch(() => { /* seen by whoever feeds it; a released run's end is nobody's error */ });
  return rec;
}

/**
 * The words a pocketsphinx trie language model (`.lm.bin`) knows: its
 * unigrams, stored at the end of the file as NUL-terminated strings after
 * their total length (sphinxbase ngram_model_trie.c). Throws when the file
 * is not one.
 */
export function lmVocabulary(lm: Buffer): string[] {
  const magic = 'Trie Language Model';
  if (lm.toString('latin1', 0, magic.length) !== magic) throw new Error('not a trie language model');
  const unigrams = lm.readUInt32LE(magic.length + 1);
  const words: string[] = [];
  let end = lm.length - 1;
  while (words.length < unigrams) {
    const from = lm.lastIndexOf(0, end - 1) + 1;
    if (from <= 0) throw new Error('language model word list cut short');
    words.push(lm.toString('utf8', from, end));
    end = from - 1;
  }
  if (end < 4 || lm.readInt32LE(end - 3) !== lm.length - end - 1) throw new Error('language model word list does not match its length');
  return words.reverse();
}

/** The dictionary's lines whose word (alternates `word(2)` included) the language model knows, in the dictionary's order. */
export function trimDictionary(dict: string, vocabulary: Iterable<string>): string {
  const known = new Set(vocabulary);
  return dict.split('\n').filter((line) => {
    const word = /^(\S+?)(?:\(\d+\))?\s/.exec(line)?.[1];
    return word !== undefined && known.has(word);
  }).join('\n') + '\n';
}

const trimmed = new Map<string, string | Promise<string>>();
/**
 * The path of cmudict trimmed to the words of en-us.lm.bin, made once per
 * model (named by the sizes and times of both files) in `cacheDir`; the
 * whole dictionary when it cannot be made. A path at once when the file is
 * there (a run then starts without waiting a turn), else the promise of one.
 */
export function lmDictionary(modelDir: string, cacheDir: string): string | Promise<string> {
  const dict = join(modelDir, 'cmudict-en-us.dict');
  const lm = join(modelDir, 'en-us.lm.bin');
  let key: string;
  try {
    key = createHash('sha256').update([dict, lm].map((f) => { const s = statSync(f); return `${f}:${s.size}:${s.mtimeMs}`; }).join('|')).digest('hex').slice(0, 16);
  } catch {
    return dict;
  }
  const out = join(cacheDir, `cmudict-lm-${key}.dict`);
  const known = trimmed.get(out);
  if (known !== undefined) return known;
  if (existsSync(out)) {
    trimmed.set(out, out);
    return out;
  }
  const made = (async () => {
    await mkdir(cacheDir, { recursive: true });
    const text = trimDictionary(await readFile(dict, 'utf8'), lmVocabulary(await readFile(lm)));
    const tmp = `${out}.${process.pid}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, out);
    return out;
  })().catch(() => dict).then((path) => { trimmed.set(out, path); return path; });
  trimmed.set(out, made);
  return made;
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
