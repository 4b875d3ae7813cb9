/**
 * Translation by a language model through the product's LlmClient (Anthropic, or any
 * OpenAI-compatible chat model behind the same seam).
 * Many segments go in one request, each with its id, up to a token budget;
 * the reply is a JSON object of id -> translation. Every id must come back
 * with its inline tags intact: the missing or mangled ones are asked again
 * once, then the job fails naming them. 429/529/5xx/timeouts back off and
 * retry; the caller's AbortSignal stops everything.
 */
import { AppError } from '../../foundation/errors';
import type { LlmClient } from '../../engines/llm/types';
import type { TranslationLanguage } from '../../foundation/types';
import { tagProblem } from '../../foundation/tools/inline-tags';
import type { Segment, TranslateInput, Translator } from './types';

export interface ModelTranslatorOptions {
  llm: LlmClient;
  /** The provider recorded on translations: 'anthropic' (default), or 'openai' for an OpenAI-compatible model behind the same LlmClient. */
  id?: string;
  /** Estimated input tokens per request (segments are packed up to this). Default 1500. */
  maxInputTokens?: number;
  /** Attempts per request when the API is busy (429, 529, 5xx, timeout). Default 5. */
  maxAttempts?: number;
  /** First back-off delay; doubles each attempt (with jitter). Default 2000 ms. */
  backoffMs?: number;
}

/** A rough token estimate that errs high for every script (CJK is about one token per character). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 3) + 4;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function systemPrompt(source: TranslationLanguage, target: TranslationLanguage): string {
  return [
    `You translate the documents of a smart-home brand from ${cap(source)} into ${cap(target)}.`,
    'You receive a JSON object mapping segment ids to segment texts. Translate every segment completely and faithfully, in the register of product documentation.',
    'Segments contain inline tags: <1>...</1> marks formatted words, <2/> marks an object such as a field or a line break, <g1/> stands for a product name, <l3c313e/> for literal text such as a key name or code. Keep every tag exactly as written and exactly once, around the words it belongs to; tags may move to where those words go in the translation. Never translate, drop or add tags.',
    'Keep numbers, units, model numbers, URLs and e-mail addresses as they are.',
    'Reply with only a JSON object mapping each id to its translation, with no other text: {"1": "...", "2": "..."}.',
  ].join('\n');
}

/** Parses the model's reply; null when it is not a JSON object of strings. */
export function parseReply(text: string): Record<string, string> | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const o = JSON.parse(text.slice(start, end + 1)) as unknown;
    if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return null;
  }
}

/** Packs segments into batches of at most `budget` estimated tokens (a longer segment goes alone). */
export function batchSegments(segments: Segment[], budget: number): Segment[][] {
  const batches: Segment[][] = [];
  let cur: Segment[] = [];
  let used = 0;
  for (const s of segments) {
    const t = estimateTokens(s.text) + 6;
    if (cur.length && used + t > budget) { batches.push(cur); cur = []; used = 0; }
    cur.push(s);
    used += t;
  }
  if (cur.length) batches.push(cur);
  return batches;
}

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  if (signal?.aborted) return reject(signal.reason);
  const t = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
  const onAbort = () => { clearTimeout(t); reject(signal?.reason); };
  signal?.addEventListener('abort', onAbort, { once: true });
});

export function createModelTranslator(options: ModelTranslatorOptions): Translator {
  const { llm } = options;
  const budget = options.maxInputTokens ?? 1500;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 2000;

  /** One request with back-off on busy answers. */
  const call = async (batch: Segment[], input: TranslateInput): Promise<Record<string, string> | null> => {
    const body = JSON.stringify(Object.fromEntries(batch.map((s) => [s.id, s.text])));
    const outTokens = Math.min(16_000, batch.reduce((n, s) => n + estimateTokens(s.text), 0) * 2 + 256);
    for (let attempt = 1; ; attempt++) {
      input.signal?.throwIfAborted();
      try {
        input.onRequest?.();
        const text = await llm.complete([{ role: 'user', content: body }], {
          system: systemPrompt(input.source, input.target), maxTokens: outTokens, temperature: 0, signal: input.signal,
        });
        return parseReply(text);
      } catch (e) {
        const retryable = e instanceof AppError && e.details?.retryable === true && !input.signal?.aborted;
        if (!retryable || attempt >= maxAttempts) throw e;
        const delay = backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
        await sleep(delay, input.signal);
      }
    }
  };

  /** Checks a reply: good translations, and the segments to ask again with why. */
  const check = (batch: Segment[], reply: Record<string, string> | null) => {
    const good = new Map<string, string>();
    const bad: Array<{ segment: Segment; why: string }> = [];
    for (const s of batch) {
      const t = reply?.[s.id];
      if (t === undefined) { bad.push({ segment: s, why: reply ? 'missing from the reply' : 'the reply was not valid JSON' }); continue; }
      if (s.text.trim() && !t.trim()) { bad.push({ segment: s, why: 'empty translation' }); continue; }
      const problem = tagProblem(s.text, t);
      if (problem) { bad.push({ segment: s, why: `inline tags changed (${problem})` }); continue; }
      good.set(s.id, t);
    }
    return { good, bad };
  };

  return {
    id: options.id ?? 'anthropic',
    quality: 'llm',
    model: () => llm.model ?? options.id ?? 'anthropic',
    supports: (source, target) => llm.configured && source !== target,
    async translate(input) {
      const out = new Map<string, string>();
      for (const batch of batchSegments(input.segments, budget)) {
        const first = check(batch, await call(batch, input));
        let good = first.good;
        if (first.bad.length) {
          // Asked again once, in smaller requests (a reply cut off by its token budget is the usual cause of garbage).
          const again = { good: new Map<string, string>(), bad: [] as Array<{ segment: Segment; why: string }> };
          for (const part of batchSegments(first.bad.map((b) => b.segment), Math.max(200, Math.floor(budget / 2)))) {
            const r = check(part, await call(part, input));
            for (const [k, v] of r.good) again.good.set(k, v);
            again.bad.push(...r.bad);
          }
          good = new Map([...good, ...again.good]);
          if (good.size) { for (const [k, v] of good) out.set(k, v); input.onResult?.(good); }
          if (again.bad.length) {
            const list = again.bad.slice(0, 5).map((b) => `${b.segment.id} (${b.why}): "${b.segment.text.slice(0, 60)}"`).join('; ');
            throw new AppError('llm_error',
              `The translation model did not return ${again.bad.length} segment(s) correctly after asking twice: ${list}${again.bad.length > 5 ? ' …' : ''}.`,
              { details: { segments: again.bad.map((b) => b.segment.id), retryable: true } });
          }
          continue;
        }
        for (const [k, v] of good) out.set(k, v);
        input.onResult?.(good);
      }
      return out;
    },
  };
}
