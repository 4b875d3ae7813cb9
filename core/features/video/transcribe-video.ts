/**
 * From a video file to a transcript, or to a plain reason why there is none
 * (no speech declared, no sound track, no speech found, no transcriber for
 * the language). Speech is detected first (./speech-detect.ts): stretches
 * without speech are silenced so no recognizer turns music into words, and
 * a video without speech says so. Offline cues below a confidence floor are
 * dropped. Cues are made to fit subtitles (./cue-fit.ts). Only a failing
 * transcriber throws.
 */
import { message, NOTE_MESSAGES, type Coded, type MessageParams } from '../../foundation/messages';
import { join } from 'node:path';
import { extractWav, type FrameGrid } from './audio';
import type { Frame } from './frames';
import { fitSegments } from './cue-fit';
import type { MediaInfo } from './probe';
import { detectSpeech, silenceOutside, type SpeechReport } from './speech-detect';
import { resolveTranscriber } from './speech/resolver';
import type { SpeechToText, Transcript, WarmTranscriber } from './speech/types';
import type { TranslationLanguage } from '../../foundation/types';

/** Milliseconds per part of the transcription (for the bench and the cost figures). */
export type TranscribeTimings = Partial<Record<'audio' | 'speech' | 'recognise', number>>;

export type TranscriptOutcome =
  | { transcript: Transcript; note: string | null; noteCode?: Coded | null; speech?: SpeechReport; timingsMs?: TranscribeTimings; gridFrames?: Frame[] }
  | { transcript: null; note: string; noteCode?: Coded | null; speech?: SpeechReport; timingsMs?: TranscribeTimings; gridFrames?: Frame[] };

export interface TranscribeVideoOptions {
  input: string;
  info: MediaInfo;
  label: string;
  workDir: string;
  hasSpeech: boolean;
  /** The spoken language when known; null lets the endpoint detect it (offline assumes English). */
  language: TranslationLanguage | null;
  transcribers: readonly (SpeechToText | null | undefined)[];
  signal?: AbortSignal;
  /** Offline cues (confidence known) below this are dropped. Default 0.25. */
  minConfidence?: number;
  /** A WAV already extracted (16 kHz mono). */
  wav?: string;
  /** Take still frames on this grid in the same pass as the sound (the picture is not decoded again for them). */
  frameGrid?: FrameGrid;
  /** The chosen transcriber, already started by the caller (SpeechToText.warm); released here when not used. */
  warm?: WarmTranscriber | null;
  /** 'audio' after the WAV is out, 'silence' after speech detection, then seconds recognised. */
  onProgress?: (what: 'audio' | 'silence' | 'recognising', doneSec?: number) => void;
}

export const LOW_QUALITY_NOTE: string = NOTE_MESSAGES['note.transcript_low_confidence'];
export const NO_SPEECH_NOTE: string = NOTE_MESSAGES['note.no_speech'];

/** A note as its English text and its code with parameters (core/foundation/messages.ts), for every console's language. */
function noted(code: keyof typeof NOTE_MESSAGES, params: MessageParams = {}): { note: string; noteCode: Coded } {
  const m = message(code, params);
  return { note: m.text, noteCode: { code: m.code, params: m.params } };
}
export const DEFAULT_MIN_CONFIDENCE = 0.25;

export async function transcribeVideo(o: TranscribeVideoOptions): Promise<TranscriptOutcome> {
  try {
    return await transcribeWith(o);
  } finally {
    o.warm?.release();
  }
}

async function transcribeWith(o: TranscribeVideoOptions): Promise<TranscriptOutcome> {
  if (!o.hasSpeech) return { transcript: null, ...noted('note.no_speech_declared') };
  if (!o.info.hasAudio) return { transcript: null, ...noted('note.no_sound_track') };
  const choice = resolveTranscriber(o.transcribers, o.language);
  if (!choice.transcriber) {
    const configured = o.transcribers.filter(Boolean).map((p) => p!.id).join(', ');
    const language = o.language ?? 'unknown';
    return { transcript: null, ...(configured ? noted('note.no_transcriber', { language, configured }) : noted('note.no_transcriber_at_all', { language })) };
  }
  const timingsMs: TranscribeTimings = {};
  let t0 = performance.now();
  const lap = (k: keyof TranscribeTimings) => { const t = performance.now(); timingsMs[k] = Math.round(t - t0); t0 = t; };
  const wav = o.wav ?? join(o.workDir, 'audio-16k.wav');
  // What the transcriber can start without the sound (pocketsphinx's models load while ffmpeg extracts it).
  const warm = o.warm ?? choice.transcriber.warm?.({ signal: o.signal, seconds: o.info.durationSec ?? 0 }) ?? null;
  let raw: Transcript;
  let speech: SpeechReport;
  let gridFrames: Frame[];
  try {
    gridFrames = o.wav ? [] : await extractWav(o.input, wav, o.label, {
      signal: o.signal, grid: o.frameGrid, timeoutMs: Math.max(300_000, (o.info.durationSec ?? 0) * 1000),
    });
    lap('audio');
    o.onProgress?.('audio');
    speech = await detectSpeech(wav);
    if (speech.regions.length && speech.speechSec < speech.durationSec) await silenceOutside(wav, speech.regions);
    lap('speech');
    o.onProgress?.('silence');
    if (!speech.regions.length) return { transcript: null, ...noted('note.no_speech'), speech, timingsMs, gridFrames };
    raw = await (warm ?? choice.transcriber).transcribe(wav, {
      language: o.language, signal: o.signal, regions: speech.regions, onProgress: (s) => o.onProgress?.('recognising', s),
    });
  } finally {
    warm?.release();
  }
  lap('recognise');
  const floor = o.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const inSpeech = (s: { start: number; end: number }) => speech.regions.some((r) => s.end > r.start && s.start < r.end);
  const kept = raw.segments.filter((s) => inSpeech(s) && !(raw.quality === 'low' && s.confidence !== undefined && s.confidence < floor));
  const transcript: Transcript = { ...raw, segments: fitSegments(kept) };
  if (!transcript.segments.length) {
    const why = raw.segments.length ? noted('note.unsure_words', { provider: raw.provider, floor }) : noted('note.no_words', { provider: raw.provider });
    return { transcript: null, ...why, speech, timingsMs, gridFrames };
  }
  return { transcript, ...(transcript.quality === 'low' ? noted('note.transcript_low_confidence') : { note: null, noteCode: null }), speech, timingsMs, gridFrames };
}
