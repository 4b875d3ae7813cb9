/**
 * From a video file to a transcript, or to a plain reason why there is none
 * (no speech declared, no sound track, silence, no transcriber for the
 * language). Only a failing transcriber throws.
 */
import { NOTE_MESSAGES } from '../messages';
import { join } from 'node:path';
import { detectSilence, extractWav } from './audio';
import type { MediaInfo } from './probe';
import { resolveTranscriber } from './speech/resolver';
import type { SpeechToText, Transcript } from './speech/types';
import type { TranslationLanguage } from '../types';

export type TranscriptOutcome =
  | { transcript: Transcript; note: string | null }
  | { transcript: null; note: string };

export interface TranscribeVideoOptions {
  input: string;
  info: MediaInfo;
  label: string;
  workDir: string;
  hasSpeech: boolean;
  language: TranslationLanguage;
  transcribers: readonly (SpeechToText | null | undefined)[];
  signal?: AbortSignal;
  /** 'audio' after the WAV is out, 'silence' after the check, then seconds recognised. */
  onProgress?: (what: 'audio' | 'silence' | 'recognising', doneSec?: number) => void;
}

export const LOW_QUALITY_NOTE: string = NOTE_MESSAGES['note.transcript_low_confidence'];

export async function transcribeVideo(o: TranscribeVideoOptions): Promise<TranscriptOutcome> {
  if (!o.hasSpeech) return { transcript: null, note: 'No transcript: the upload says the video has no speech.' };
  if (!o.info.hasAudio) return { transcript: null, note: 'No transcript: the video has no sound track it can decode.' };
  const choice = resolveTranscriber(o.transcribers, o.language);
  if (!choice.transcriber) return { transcript: null, note: `No transcript: ${choice.reason}` };
  const wav = join(o.workDir, 'audio-16k.wav');
  await extractWav(o.input, wav, o.label, { signal: o.signal });
  o.onProgress?.('audio');
  const silence = await detectSilence(wav, o.info.durationSec ?? 0, { signal: o.signal });
  o.onProgress?.('silence');
  if (silence.silent) {
    return { transcript: null, note: `No transcript: the sound track is silent (loudest ${silence.maxVolumeDb} dB).` };
  }
  const transcript = await choice.transcriber.transcribe(wav, {
    language: o.language, signal: o.signal, onProgress: (s) => o.onProgress?.('recognising', s),
  });
  if (!transcript.segments.length) return { transcript: null, note: `No transcript: ${transcript.provider} recognised no words in the sound track.` };
  return { transcript, note: transcript.quality === 'low' ? LOW_QUALITY_NOTE : null };
}
