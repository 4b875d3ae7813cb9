/**
 * Speech to text through an OpenAI-compatible `/v1/audio/transcriptions`
 * endpoint (whisper.cpp's server, speaches, LocalAI, OpenAI). The sound goes
 * as compressed mono (Opus in Ogg, or MP3), only its speech, in parts under
 * a size limit cut at the silences between speech, and the parts' times are
 * stitched back. The language is sent only when known (else the endpoint's
 * detection is kept); word and segment timestamps are asked for; a reply
 * with text only is split into sentences whose times are spread over the
 * speech (marked approximate). 429 and 5xx answers are retried with back-off.
 */
import { openAsBlob } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../../../foundation/errors';
import { mimeForExt } from '../../../formats/mime';
import { abortError, runTool } from '../../../foundation/tools/exec';
import type { TranslationLanguage } from '../../../foundation/types';
import { languageFacts, languageFromCode } from '../languages';
import { parseReply, spreadText, type ParsedReply } from './reply';
import type { SpeechToText, Transcript, TranscribeOptions, TranscriptSegment } from './types';

export interface OpenAiCompatibleSttOptions {
  /** Base URL, e.g. http://127.0.0.1:8080 or https://api.openai.com (with or without /v1). */
  url: string;
  apiKey?: string | null;
  /** Default 'whisper-1'. */
  model?: string | null;
  /** Per request. Default 10 minutes. */
  timeoutMs?: number;
  /** Largest part sent (bytes). Default 24 MB (under OpenAI's 25 MB). */
  maxPartBytes?: number;
  /** 'opus' (Ogg, 32 kbit/s, default) or 'mp3' (48 kbit/s) for endpoints without Opus. */
  format?: 'opus' | 'mp3';
  /** Attempts after the first on 429 and 5xx. Default 3. */
  retries?: number;
  /** First back-off (doubled each time; a Retry-After header wins, up to 30 s). Default 1000 ms. */
  backoffMs?: number;
  fetch?: typeof fetch;
}

const FORMATS = {
  opus: { ext: 'ogg', type: mimeForExt('ogg'), args: ['-c:a', 'libopus', '-b:a', '32k', '-application', 'voip', '-f', 'ogg'], bytesPerSec: 4000 },
  mp3: { ext: 'mp3', type: mimeForExt('mp3'), args: ['-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3'], bytesPerSec: 6000 },
} as const;

export function transcriptionsUrl(base: string): string {
  const u = base.replace(/\/+$/, '');
  if (/\/audio\/transcriptions$/.test(u)) return u;
  return /\/v1$/.test(u) ? `${u}/audio/transcriptions` : `${u}/v1/audio/transcriptions`;
}

interface Part {
  start: number;
  end: number;
  /** Speech inside the part, relative to the part's start. */
  regions: Array<{ start: number; end: number }>;
}

/** Speech regions grouped into parts no longer than `maxSec`; a longer region is cut in even pieces. */
export function planParts(regions: ReadonlyArray<{ start: number; end: number }>, maxSec: number): Part[] {
  const pieces: Array<{ start: number; end: number }> = [];
  for (const r of regions) {
    const n = Math.max(1, Math.ceil((r.end - r.start) / maxSec));
    for (let k = 0; k < n; k++) pieces.push({ start: r.start + ((r.end - r.start) * k) / n, end: r.start + ((r.end - r.start) * (k + 1)) / n });
  }
  const parts: Part[] = [];
  for (const p of pieces) {
    const last = parts.at(-1);
    if (last && p.end - last.start <= maxSec) {
      last.end = p.end;
      last.regions.push({ start: p.start - last.start, end: p.end - last.start });
    } else parts.push({ start: p.start, end: p.end, regions: [{ start: 0, end: p.end - p.start }] });
  }
  return parts.map((p) => ({ start: r3(p.start), end: r3(p.end), regions: p.regions.map((x) => ({ start: r3(x.start), end: r3(x.end) })) }));
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

async function wavSeconds(path: string): Promise<number> {
  const { size } = await stat(path);
  return Math.max(0, (size - 44) / (16_000 * 2));
}

export function createOpenAiCompatibleStt(opts: OpenAiCompatibleSttOptions): SpeechToText {
  const endpoint = endpointOf(opts);
  return {
    id: endpoint.provider,
    supports: () => true,
    transcribe: (wavPath: string, t: TranscribeOptions): Promise<Transcript> => transcribeWav(endpoint, wavPath, t),
  };
}

/** The endpoint and how it is called, resolved once from the options. */
interface Endpoint {
  opts: OpenAiCompatibleSttOptions;
  url: string;
  model: string;
  doFetch: typeof fetch;
  /** The host named in messages. */
  where: string;
  format: (typeof FORMATS)[keyof typeof FORMATS];
  maxBytes: number;
  retries: number;
  backoff: number;
  provider: string;
}

function endpointOf(opts: OpenAiCompatibleSttOptions): Endpoint {
  const url = transcriptionsUrl(opts.url);
  const model = opts.model || 'whisper-1';
  return {
    opts, url, model, doFetch: opts.fetch ?? fetch, where: new URL(url).host, format: FORMATS[opts.format ?? 'opus'],
    maxBytes: opts.maxPartBytes ?? 24 * 1024 * 1024, retries: opts.retries ?? 3, backoff: opts.backoffMs ?? 1000, provider: `openai-compatible:${model}`,
  };
}

/** The WAV's speech sent in parts; the language the endpoint found for the first part is sent with the rest. */
async function transcribeWav(e: Endpoint, wavPath: string, t: TranscribeOptions): Promise<Transcript> {
  const seconds = await wavSeconds(wavPath);
  const regions = t.regions?.length ? t.regions : [{ start: 0, end: seconds }];
  const maxSec = Math.max(10, Math.floor((e.maxBytes * 0.9) / e.format.bytesPerSec));
  const parts = planParts(regions, maxSec);
  let language = t.language;
  let detected: TranslationLanguage | null = null;
  let approximate = false;
  const segments: TranscriptSegment[] = [];
  let done = 0;
  for (const [i, part] of parts.entries()) {
    const file = `${wavPath}.part${i}.${e.format.ext}`;
    try {
      await runTool('ffmpeg', ['-v', 'error', '-y', '-ss', part.start.toFixed(3), '-to', part.end.toFixed(3), '-i', wavPath, '-ac', '1', ...e.format.args, file], {
        signal: t.signal, timeoutMs: 300_000,
      });
      const reply = parsedReply(e, await post(e, file, language, t.signal));
      // The language the endpoint found for the first part is sent with the rest, so every part is heard as one language.
      const found = languageFromCode(reply.language);
      if (!language && found) {
        detected = found;
        language = found;
      }
      const segs = reply.segments ?? spreadText(reply.text, part.regions);
      if (!reply.segments && segs.length) approximate = true;
      segments.push(...segs.map((s) => shifted(s, part.start)));
    } finally {
      await rm(file, { force: true });
    }
    done += part.end - part.start;
    t.onProgress?.(done);
  }
  const out: Transcript = { language: t.language ?? detected ?? 'english', segments, quality: 'normal', provider: e.provider };
  if (approximate) out.approximate = true;
  return out;
}

function parsedReply(e: Endpoint, body: string): ParsedReply {
  const reply: ParsedReply | null = parseReply(body);
  if (!reply) {
    throw new AppError('unavailable', `The speech-to-text service at ${e.where} answered with something that is not a transcript: ${body.slice(0, 120)}`, {
      details: { reason: 'stt_garbage' },
    });
  }
  return reply;
}

/** A part's segment placed at its time in the whole sound. */
function shifted(s: TranscriptSegment, offset: number): TranscriptSegment {
  const seg: TranscriptSegment = { ...s, start: r3(s.start + offset), end: r3(s.end + offset) };
  if (s.words) seg.words = s.words.map((w) => ({ word: w.word, start: r3(w.start + offset), end: r3(w.end + offset) }));
  return seg;
}

/** Sends one part; 429 and 5xx answers (and a connection that fails) are retried with back-off. Returns the reply's body. */
async function post(e: Endpoint, file: string, language: TranslationLanguage | null, signal: AbortSignal | undefined): Promise<string> {
  const { opts, where, retries, backoff } = e;
  for (let attempt = 0; ; attempt++) {
    const form = new FormData();
    form.set('file', await openAsBlob(file, { type: e.format.type }), basename(file));
    form.set('model', e.model);
    form.set('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('timestamp_granularities[]', 'segment');
    if (language) form.set('language', languageFacts(language).iso1);
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? 600_000);
    const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Response;
    let body: string;
    try {
      res = await e.doFetch(e.url, { method: 'POST', body: form, headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}, signal: both });
      body = await res.text();
    } catch (err) {
      if (signal?.aborted) throw abortError(signal);
      if (timeout.aborted) throw new AppError('unavailable', `The speech-to-text service at ${where} did not answer in time.`, { cause: err, details: { reason: 'stt_timeout' } });
      if (attempt < retries) {
        await wait(backoff * 2 ** attempt, signal);
        continue;
      }
      const why = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
      throw new AppError('unavailable', `The speech-to-text service at ${where} cannot be reached (${why}).`, { cause: err, details: { reason: 'stt_down' } });
    }
    if (res.ok) return body;
    if ((res.status === 429 || res.status >= 500) && attempt < retries) {
      const after = Number(res.headers.get('retry-after'));
      await wait(Number.isFinite(after) && after > 0 ? Math.min(30_000, after * 1000) : backoff * 2 ** attempt, signal);
      continue;
    }
    const hint = res.status === 401 || res.status === 403 ? ' (check STT_API_KEY)' : '';
    const tries = attempt ? ` after ${attempt + 1} attempts` : '';
    throw new AppError('unavailable', `The speech-to-text service at ${where} refused the audio${tries}: HTTP ${res.status}${hint}: ${body.slice(0, 200)}`, {
      details: { reason: 'stt_refused', status: res.status },
    });
  }
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(timer); reject(abortError(signal!)); };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A transcript from a verbose_json body, or null when the body is not one (kept for callers of the old name). */
export function parseVerboseJson(body: string, requested: TranslationLanguage, providerId: string): Transcript | null {
  const r = parseReply(body);
  if (!r) return null;
  const segments = r.segments ?? (r.text ? spreadText(r.text, [{ start: 0, end: r.duration ?? 0 }]) : []);
  const t: Transcript = { language: languageFromCode(r.language) ?? requested, segments, quality: 'normal', provider: providerId };
  if (!r.segments && segments.length) t.approximate = true;
  return t;
}
