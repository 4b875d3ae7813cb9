/**
 * The speech-to-text seam: a transcriber turns a 16 kHz mono WAV into timed
 * segments. Providers: Debian pocketsphinx (offline, English, weak) and any
 * OpenAI-compatible `/v1/audio/transcriptions` endpoint.
 */
import type { TranslationLanguage } from '../../../foundation/types';

export interface TranscriptSegment {
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  text: string;
  /** 0..1 when the provider reports it (pocketsphinx word posteriors, averaged). */
  confidence?: number;
  /** Word times when the provider gave them (cue splitting uses them). */
  words?: Array<{ word: string; start: number; end: number }>;
}

export interface Transcript {
  language: TranslationLanguage;
  segments: TranscriptSegment[];
  /** 'low' when the provider is known to be weak (pocketsphinx): say so wherever it is shown or quoted. */
  quality: 'low' | 'normal';
  /** 'pocketsphinx', 'openai-compatible:whisper-1' */
  provider: string;
  /** True when the provider gave text without times and the times were spread over the sound. */
  approximate?: boolean;
}

export interface TranscribeOptions {
  /** The spoken language; null lets a provider that can detect it do so (the transcript says what it found). */
  language: TranslationLanguage | null;
  signal?: AbortSignal;
  /** Where speech was found (s); the rest of the audio is silence. Endpoints send only these stretches. */
  regions?: ReadonlyArray<{ start: number; end: number }>;
  /** Called with seconds of audio recognised so far. */
  onProgress?: (doneSec: number) => void;
}

export interface SpeechToText {
  readonly id: string;
  /** Whether it can transcribe `language`; null: without being told the language (it detects it, or assumes its one language). */
  supports(language: TranslationLanguage | null): boolean;
  transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript>;
  /**
   * Starts what can start before the sound exists (pocketsphinx loads its models while the sound is being
   * extracted); the caller then transcribes through the handle, or releases it. Null when nothing can start.
   */
  warm?(opts: { signal?: AbortSignal; seconds: number }): WarmTranscriber | null;
}

/** A transcriber already started (see SpeechToText.warm): transcribe once, or release. */
export interface WarmTranscriber {
  transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript>;
  /** Ends what was started if `transcribe` was not called (harmless after it). */
  release(): void;
}
