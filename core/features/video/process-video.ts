/**
 * The whole video job over files: inspect, transcribe (or say why not),
 * chunk with time ranges, take a frame per chunk, and when a target language
 * is asked for, write the translated video. Reports the status it is in
 * (extracting, analyzing, converting) with a progress and a step label.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { message, type Message } from '../../foundation/messages';
import type { TranslationLanguage } from '../../foundation/types';
import { chunkTranscript, type TimedChunk } from './chunks';
import { extractFrames, frameGridFor, frameTimeFor, type Frame } from './frames';
import { planVideo, type PolicyRates, type VideoPlan } from './policy';
import { inspectVideo, type MediaInfo } from './probe';
import { resolveTranscriber } from './speech/resolver';
import type { SpeechToText, WarmTranscriber } from './speech/types';
import { transcribeVideo, type TranscriptOutcome } from './transcribe-video';
import type { TranslateCues } from './translate-cues';
import { translateVideo, type SubtitleMode, type TranslatedVideo } from './translate-video';
import { transcriptCues, writeVtt, type Cue } from './vtt';
import type { SpeechReport } from './speech-detect';
import type { MeasuredRate, RunKind } from './rates';

/** Cue frames read from the file again when the one-pass grid has none inside a cue (a long video's short cues). */
const MAX_CUE_FRAME_READS = 150;

export type VideoStage = 'extracting' | 'analyzing' | 'converting';

export interface ProcessVideoOptions {
  input: string;
  label: string;
  workDir: string;
  hasSpeech: boolean;
  /** Spoken language; null when unknown (the endpoint detects it; offline assumes English). */
  sourceLanguage: TranslationLanguage | null;
  transcribers: readonly (SpeechToText | null | undefined)[];
  target?: TranslationLanguage | null;
  translateCues?: TranslateCues;
  subtitles?: SubtitleMode;
  dub?: boolean;
  /** Where the translated MP4 goes (default workDir/translated.mp4). */
  translatedOut?: string;
  maxDurationSec?: number;
  /** What ffprobe already found in `input` (kept by the ingest): the file is not probed again. */
  probed?: MediaInfo | null;
  rates?: PolicyRates;
  /** This server's measured rates of transcription jobs (core/features/video/rates.ts), for the estimate. */
  measured?: Partial<Record<RunKind, MeasuredRate | null>>;
  signal?: AbortSignal;
  onStage?: (stage: VideoStage, progress: number, step: Message) => void;
  /** A transcript kept from an earlier, interrupted run: transcription is skipped. */
  previous?: { outcome?: TranscriptOutcome };
  /** Called with the length policy's plan (the estimate to show) once the video is probed. */
  onPlan?: (plan: VideoPlan) => void;
  /** Called as soon as the transcript (or the reason there is none) is known, to keep it before the rest. */
  onTranscript?: (outcome: TranscriptOutcome) => Promise<void>;
}

export interface ProcessedVideo {
  info: MediaInfo;
  warnings: string[];
  plan: VideoPlan;
  outcome: TranscriptOutcome;
  /** What speech detection found (absent when transcription was skipped or reused). */
  speech?: SpeechReport;
  /** Cues of the original transcript (ids '1', '2', ...). */
  cues: Cue[];
  vtt: string | null;
  chunks: TimedChunk[];
  frames: Frame[];
  translated: TranslatedVideo | null;
  translationNote: string | null;
  timingsMs: Record<string, number>;
}

export async function processVideo(o: ProcessVideoOptions): Promise<ProcessedVideo> {
  // The transcriber starts what it can before the file is even probed (pocketsphinx loads its models
  // meanwhile); released when the job does not use it (no sound, a refused length, a failure).
  const early = o.hasSpeech && !o.previous?.outcome
    ? resolveTranscriber(o.transcribers, o.sourceLanguage).transcriber?.warm?.({ signal: o.signal, seconds: o.probed?.durationSec ?? o.maxDurationSec ?? 3600 }) ?? null
    : null;
  try {
    return await processWith(o, early);
  } finally {
    early?.release();
  }
}

/** Runs a named stage, keeping how long it took (ms) in `timingsMs`. */
type Stage = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

async function processWith(o: ProcessVideoOptions, early: WarmTranscriber | null): Promise<ProcessedVideo> {
  const timingsMs: Record<string, number> = {};
  const stage: Stage = async (name, fn) => {
    const t = performance.now();
    try { return await fn(); } finally { timingsMs[name] = Math.round(performance.now() - t); }
  };
  const given = o.sourceLanguage;

  o.onStage?.('extracting', 5, message('video_reading'));
  const { info, warnings } = await stage('probe', () => inspectVideo(o.input, o.label, { signal: o.signal, probed: o.probed }));
  const endpoint = (resolveTranscriber(o.transcribers, given).transcriber?.id ?? 'pocketsphinx') !== 'pocketsphinx';
  const plan = planVideo(info.durationSec, {
    transcribe: o.hasSpeech && info.hasAudio, endpoint,
    translate: !!o.target && o.target !== given, burn: o.subtitles === 'burned', dub: !!o.dub,
  }, { maxSec: o.maxDurationSec, rates: o.rates, measured: o.measured?.[endpoint ? 'endpoint' : 'offline'] });
  o.onPlan?.(plan);

  let outcome = o.previous?.outcome;
  const fresh = !outcome;
  const framesDir = join(o.workDir, 'frames');
  await mkdir(framesDir, { recursive: true });
  if (!outcome) {
    o.onStage?.('extracting', 10, message('video_sound'));
    outcome = await stage('transcribe', () => transcribeWith(o, info, framesDir, early));
  }
  if (fresh) await o.onTranscript?.(outcome);
  for (const [k, ms] of Object.entries(outcome.timingsMs ?? {})) timingsMs[`transcribe.${k}`] = ms;
  const language: TranslationLanguage = outcome.transcript?.language ?? given ?? 'english';
  const target = o.target && o.target !== language ? o.target : null;
  const segments = outcome.transcript?.segments ?? [];
  const cues: Cue[] = transcriptCues({ segments });
  const vtt = cues.length ? writeVtt(cues, { language }) : null;
  const chunks = chunkTranscript(segments);

  o.onStage?.('analyzing', 72, message('video_frames'));
  const grid = outcome.gridFrames ?? [];
  const frames = info.hasVideo && chunks.length ? await stage('frames', () => pickFrames(o, grid, segments, chunks, framesDir)) : [];

  let translated: TranslatedVideo | null = null;
  let translationNote: string | null = null;
  if (target && !cues.length) translationNote = `No ${target} version: there is no transcript to translate (${outcome.note}).`;
  else if (target && !o.translateCues) translationNote = `No ${target} version: no translator is configured.`;
  else if (target && o.translateCues) translated = await translateWith(o, info, cues, language, target, stage);
  return { info, warnings, plan, outcome, speech: outcome.speech, cues, vtt, chunks, frames, translated, translationNote, timingsMs };
}

/** The transcript (or the reason there is none), with the one-pass frame grid taken from the same decoding. */
function transcribeWith(o: ProcessVideoOptions, info: MediaInfo, framesDir: string, early: WarmTranscriber | null): Promise<TranscriptOutcome> {
  const dur = info.durationSec ?? 0;
  return transcribeVideo({
    input: o.input, info, label: o.label, workDir: o.workDir, hasSpeech: o.hasSpeech, language: o.sourceLanguage,
    // Frames come out of the same pass as the sound (every second or so when decoding the whole picture is cheap).
    frameGrid: frameGridFor(info, framesDir),
    transcribers: o.transcribers, signal: o.signal, warm: early,
    onProgress: (what, done) => {
      if (what === 'silence') o.onStage?.('analyzing', 20, message('video_transcribing'));
      if (what === 'recognising' && dur > 0) {
        const p = Math.min(1, (done ?? 0) / dur);
        o.onStage?.('analyzing', 20 + Math.round(p * 50), message('video_transcribing_progress', { percent: Math.round(p * 100) }));
      }
    },
  });
}

/**
 * A frame of the one-pass grid inside each chunk and each cue (a citation shows the frame of the quoted
 * sentence: core/features/video/cue-citation.ts); only spans without one are read from the file again, cues up to a cap.
 */
async function pickFrames(o: ProcessVideoOptions, grid: Frame[], cues: Array<{ start: number; end: number }>, chunks: TimedChunk[], framesDir: string): Promise<Frame[]> {
  const picked: Frame[] = [];
  const missing: number[] = [];
  let cueReads = 0;
  // Cues first; a chunk then shows one of its cues' frames (the same picture whether the chunk or a sentence of it is cited).
  const spans = [...cues.map((c) => ({ ...c, cue: true })), ...chunks.map((c) => ({ ...c, cue: false }))];
  for (const c of spans) {
    const want = frameTimeFor(c.start, c.end);
    const near = (fs: Frame[]) => fs.filter((f) => f.at >= c.start && f.at <= c.end).sort((a, b) => Math.abs(a.at - want) - Math.abs(b.at - want))[0];
    const best = c.cue ? near([...grid, ...picked]) : near(picked) ?? near(grid);
    if (best) picked.push(best);
    else if (missing.some((t) => t >= c.start && t <= c.end)) continue;
    else if (!c.cue || cueReads++ < MAX_CUE_FRAME_READS) missing.push(want);
  }
  const more = missing.length ? await extractFrames(o.input, missing, framesDir, { signal: o.signal }) : [];
  return [...new Map([...picked, ...more].map((f) => [f.path, f])).values()].sort((a, b) => a.at - b.at);
}

/** The translated video (subtitles, and a dubbed track when asked for). */
function translateWith(o: ProcessVideoOptions, info: MediaInfo, cues: Cue[], language: TranslationLanguage, target: TranslationLanguage, stage: Stage): Promise<TranslatedVideo> {
  o.onStage?.('converting', 75, message('video_translating', { language: target }));
  return stage('translate', () => translateVideo({
    input: o.input, info, cues, source: language, target, translateCues: o.translateCues!,
    subtitles: o.subtitles ?? 'soft', dub: !!o.dub, workDir: o.workDir,
    out: o.translatedOut ?? join(o.workDir, 'translated.mp4'), signal: o.signal,
    onStep: (s) => {
      if (s === 'dubbing') o.onStage?.('converting', 85, message('video_dubbing', { language: target }));
      if (s === 'writing') o.onStage?.('converting', 90, message(o.subtitles === 'burned' ? 'video_burning' : 'video_writing', { language: target }));
    },
  }));
}
