/**
 * The transcribers the product uses, from config: the STT endpoint when
 * STT_URL is set (every language), then offline pocketsphinx (English).
 */
import type { Config } from '../../../foundation/config';
import { createOpenAiCompatibleStt } from './openai-compatible';
import { createPocketsphinx } from './pocketsphinx';
import type { SpeechToText } from './types';

export function createTranscribers(stt: Config['stt'], opts: { fetch?: typeof fetch; cacheDir?: string } = {}): SpeechToText[] {
  const list: SpeechToText[] = [];
  if (stt.url) list.push(createOpenAiCompatibleStt({ url: stt.url, apiKey: stt.apiKey, model: stt.model, timeoutMs: stt.timeoutMs, maxPartBytes: stt.maxUploadMb * 1024 * 1024, retries: stt.retries, fetch: opts.fetch }));
  list.push(createPocketsphinx({ cacheDir: opts.cacheDir }));
  return list;
}
