/**
 * Picks the transcriber for a language: the configured endpoint first (it
 * speaks every language), else the offline one if it knows the language, else
 * a plain reason to put on the record.
 */
import type { TranslationLanguage } from '../../../foundation/types';
import type { SpeechToText } from './types';

export type TranscriberChoice =
  | { transcriber: SpeechToText; reason?: undefined }
  | { transcriber: null; reason: string };

export function resolveTranscriber(providers: readonly (SpeechToText | null | undefined)[], language: TranslationLanguage | null): TranscriberChoice {
  for (const p of providers) if (p && p.supports(language)) return { transcriber: p };
  const configured = providers.filter(Boolean).map((p) => p!.id);
  const offline = configured.length ? ` (configured: ${configured.join(', ')})` : '';
  return {
    transcriber: null,
    reason: `No transcriber is configured for ${language}${offline}: set STT_URL to an OpenAI-compatible speech-to-text endpoint to transcribe it.`,
  };
}
