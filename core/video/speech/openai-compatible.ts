/**
 * Speech to text through an OpenAI-compatible `/v1/audio/transcriptions`
 * endpoint (whisper.cpp's server, speaches, LocalAI, OpenAI): multipart
 * upload of the WAV, `response_format=verbose_json` for segment timestamps.
 */
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { AppError } from '../../errors';
import { mimeForExt } from '../../formats/mime';
import { abortError } from '../../tools/exec';
import type { TranslationLanguage } from '../../types';
import { languageFacts, languageFromCode } from '../languages';
import type { SpeechToText, Transcript, TranscribeOptions, TranscriptSegment } from './types';

export interface OpenAiCompatibleSttOptions {
  /** Base URL, e.g. http://127.0.0.1:8080 or https://api.openai.com (with or without /v1). */
  url: string;
  apiKey?: string | null;
  /** Default 'whisper-1'. */
  model?: string | null;
  /** Default 10 minutes. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface VerboseJson {
  text?: unknown;
  language?: unknown;
  duration?: unknown;
  segments?: Array<{ start?: unknown; end?: unknown; text?: unknown; avg_logprob?: unknown }>;
}

export function transcriptionsUrl(base: string): string {
  const u = base.replace(/\/+$/, '');
  if (/\/audio\/transcriptions$/.test(u)) return u;
  return /\/v1$/.test(u) ? `${u}/audio/transcriptions` : `${u}/v1/audio/transcriptions`;
}

export function createOpenAiCompatibleStt(opts: OpenAiCompatibleSttOptions): SpeechToText {
  const endpoint = transcriptionsUrl(opts.url);
  const model = opts.model || 'whisper-1';
  const doFetch = opts.fetch ?? fetch;
  const where = new URL(endpoint).host;
  return {
    id: `openai-compatible:${model}`,
    supports: () => true,
    async transcribe(wavPath: string, t: TranscribeOptions): Promise<Transcript> {
      const form = new FormData();
      form.set('file', await openAsBlob(wavPath, { type: mimeForExt('wav') }), basename(wavPath));
      form.set('model', model);
      form.set('response_format', 'verbose_json');
      form.set('timestamp_granularities[]', 'segment');
      form.set('language', languageFacts(t.language).iso1);
      const timeout = AbortSignal.timeout(opts.timeoutMs ?? 600_000);
      const signal = t.signal ? AbortSignal.any([t.signal, timeout]) : timeout;
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          body: form,
          headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
          signal,
        });
      } catch (e) {
        if (t.signal?.aborted) throw abortError(t.signal);
        const why = timeout.aborted ? 'did not answer in time' : `cannot be reached (${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message})`;
        throw new AppError('unavailable', `The speech-to-text service at ${where} ${why}.`, { cause: e, details: { reason: 'stt_down' } });
      }
      const body = await res.text().catch((e: unknown) => {
        if (t.signal?.aborted) throw abortError(t.signal);
        throw new AppError('unavailable', `The speech-to-text service at ${where} stopped answering mid-reply.`, { cause: e, details: { reason: 'stt_down' } });
      });
      if (!res.ok) {
        const hint = res.status === 401 || res.status === 403 ? ' (check STT_API_KEY)' : '';
        throw new AppError('unavailable', `The speech-to-text service at ${where} refused the audio: HTTP ${res.status}${hint}: ${body.slice(0, 200)}`, {
          details: { reason: 'stt_refused', status: res.status },
        });
      }
      const transcript = parseVerboseJson(body, t.language, `openai-compatible:${model}`);
      if (!transcript) {
        throw new AppError('unavailable', `The speech-to-text service at ${where} answered with something that is not a transcript: ${body.slice(0, 120)}`, {
          details: { reason: 'stt_garbage' },
        });
      }
      return transcript;
    },
  };
}

/** A transcript from a verbose_json body, or null when the body is not one. */
export function parseVerboseJson(body: string, requested: TranslationLanguage, provider: string): Transcript | null {
  let json: VerboseJson;
  try {
    json = JSON.parse(body) as VerboseJson;
  } catch {
    return null;
  }
  if (!json || typeof json !== 'object' || typeof json.text !== 'string') return null;
  const segments: TranscriptSegment[] = [];
  if (Array.isArray(json.segments)) {
    for (const s of json.segments) {
      const start = Number(s.start);
      const end = Number(s.end);
      if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || typeof s.text !== 'string') return null;
      const text = s.text.trim();
      if (!text) continue;
      const seg: TranscriptSegment = { start, end, text };
      if (typeof s.avg_logprob === 'number') seg.confidence = Math.round(Math.exp(s.avg_logprob) * 1000) / 1000;
      segments.push(seg);
    }
  } else if (json.text.trim()) {
    const d = Number(json.duration);
    segments.push({ start: 0, end: Number.isFinite(d) && d > 0 ? d : 0, text: json.text.trim() });
  }
  const language = languageFromCode(typeof json.language === 'string' ? json.language : null) ?? requested;
  return { language, segments, quality: 'normal', provider };
}
