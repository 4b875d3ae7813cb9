/**
 * The speech-to-text seam: a transcriber turns a 16 kHz mono WAV into timed
 * segments. Providers: Debian pocketsphinx (offline, English, weak) and any
 * OpenAI-compatible `/v1/audio/transcriptions` endpoint.
 */
import type { TranslationLanguage } from '../../types';

export interface TranscriptSegment {
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  text: string;
  /** 0..1 when the provider reports it (pocketsphinx word posteriors, averaged). */
  confidence?: number;
}

export interface Transcript {
  language: TranslationLanguage;
  segments: TranscriptSegment[];
  /** 'low' when the provider is known to be weak (pocketsphinx): say so wherever it is shown or quoted. */
  quality: 'low' | 'normal';
  /** 'pocketsphinx', 'openai-compatible:whisper-1' */
  provider: string;
}

export interface TranscribeOptions {
  language: TranslationLanguage;
  signal?: AbortSignal;
  /** Called with seconds of audio recognised so far. */
  onProgress?: (doneSec: number) => void;
}

export interface SpeechToText {
  readonly id: string;
  supports(language: TranslationLanguage): boolean;
  transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript>;
}
