import { AppError } from '../../foundation/errors';
import { toLlmError } from './anthropic-errors';
import { keyedSdk, lazyModule, readApiKey, type ApiKeySetting } from './keyed-sdk';
import type { LlmCallOptions, LlmClient, LlmMessage } from './types';
import { silenceGuard } from './silence-guard';

/** The Anthropic SDK, imported at the first call. */
export const anthropicSdk = lazyModule(() => import('@anthropic-ai/sdk'));

export interface AnthropicClientOptions {
  /** The key, or a function read at every call (rotation; a missing key fails at call time, not at start). */
  apiKey: ApiKeySetting;
  /** e.g. a proxy or the local fake Messages API in tests; Anthropic's own when absent. */
  baseUrl?: string | null;
  model: string;
  /** Per request (and, when streaming, the longest silence between two events). */
  timeoutMs: number;
  /** Retries on 429/5xx/timeouts done by the SDK (with its backoff). Use 0 in tests. */
  maxRetries: number;
  /** Default token budget of one answer. */
  maxTokens: number;
  /** Injectable fetch (tests, proxies). */
  fetch?: typeof fetch;
}

/**
 * The Anthropic Messages API as an LlmClient. Errors become AppErrors
 * (see ./errors); the stream is aborted when the caller's signal fires,
 * when the consumer stops iterating, or after `timeoutMs` without an event.
 */
export function createAnthropicClient(options: AnthropicClientOptions): LlmClient {
  const readKey = () => readApiKey(options.apiKey);
  const sdk = keyedSdk(
    readKey,
    (apiKey) => new (anthropicSdk.loaded()!.default)({
      apiKey, baseURL: options.baseUrl ?? undefined, timeout: options.timeoutMs, maxRetries: options.maxRetries,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
    'No Anthropic API key is configured (ANTHROPIC_API_KEY); the assistant answers offline.',
  );

  const params = (messages: LlmMessage[], o: LlmCallOptions) => ({
    model: options.model,
    max_tokens: Math.max(1, Math.min(o.maxTokens ?? options.maxTokens, options.maxTokens * 4)),
    ...(o.system ? { system: o.system } : {}),
    ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
  });

  return {
    get configured() {
      return readKey() !== null;
    },
    model: options.model,

    async complete(messages, o = {}) {
      await anthropicSdk.load();
      const client = sdk();
      try {
        const message = await client.messages.create(params(messages, o), { signal: o.signal });
        return message.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      } catch (e) {
        throw mapError(e, options.timeoutMs, o.signal);
      }
    },

    async *stream(messages, o = {}) {
      await anthropicSdk.load();
      const client = sdk();
      const guard = silenceGuard(o.signal, options.timeoutMs);
      try {
        guard.heard();
        const events = await client.messages.create({ ...params(messages, o), stream: true }, { signal: guard.signal });
        let stopped = false;
        for await (const event of events) {
          guard.heard();
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') yield event.delta.text;
          else if (event.type === 'message_stop') stopped = true;
        }
        guard.throwIfCut();
        if (!stopped) throw new AppError('llm_error', 'The language model stream ended before the answer was complete.');
      } catch (e) {
        throw mapError(e, options.timeoutMs, guard.signal);
      } finally {
        guard.release();
      }
    },
  };
}

/** Stream `event: error` frames carry the error type instead of an HTTP status. */
function mapError(e: unknown, timeoutMs: number, signal?: AbortSignal): AppError {
  const APIError = anthropicSdk.loaded()?.APIError;
  if (APIError && e instanceof APIError && e.status === undefined) {
    const type = (e as { type?: string | null }).type ?? (e.error as { error?: { type?: string } } | undefined)?.error?.type;
    const status = type === 'overloaded_error' ? 529 : type === 'rate_limit_error' ? 429 : type === 'api_error' ? 500 : undefined;
    if (status !== undefined) {
      return toLlmError(APIError.generate(status, e.error as object | undefined, e.message, undefined), { timeoutMs, signal }, anthropicSdk.loaded());
    }
  }
  return toLlmError(e, { timeoutMs, signal }, anthropicSdk.loaded());
}
