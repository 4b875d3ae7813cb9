import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { AppError } from '../../foundation/errors';
import { toOpenAiError } from './openai-errors';
import { keyedSdk, lazyModule, readApiKey, type ApiKeySetting } from './keyed-sdk';
import type { LlmCallOptions, LlmClient, LlmMessage } from './types';
import { silenceGuard } from './silence-guard';

/** The `openai` SDK, imported at the first call. */
export const openAiSdk = lazyModule(() => import('openai'));

export interface OpenAiClientOptions {
  /**
   * The key, or a function read at every call. Local servers (Ollama, vLLM,
   * LM Studio) need none: with a `baseUrl` and no key, a placeholder is sent.
   */
  apiKey: ApiKeySetting;
  /** The server's OpenAI-compatible root, e.g. http://127.0.0.1:11434/v1; OpenAI's own when absent. */
  baseUrl?: string | null;
  model: string;
  /** Per request (and, when streaming, the longest silence between two chunks). */
  timeoutMs: number;
  /** Retries on 429/5xx/timeouts done by the SDK (with its backoff). Use 0 in tests. */
  maxRetries: number;
  /** Default token budget of one answer. */
  maxTokens: number;
  /** Injectable fetch (tests, proxies). */
  fetch?: typeof fetch;
}

/** Sent as the key to servers that need none (the SDK insists on one). */
const NO_KEY = 'no-key';

/**
 * Any OpenAI-compatible chat completions API (OpenAI, Ollama, vLLM, LM
 * Studio) as an LlmClient, through the official `openai` SDK. Errors become
 * AppErrors with the same mapping as Anthropic's; the stream is aborted when
 * the caller's signal fires, when the consumer stops iterating, or after
 * `timeoutMs` without a chunk.
 */
export function createOpenAiClient(options: OpenAiClientOptions): LlmClient {
  const readKey = () => readApiKey(options.apiKey) ?? (options.baseUrl ? NO_KEY : null);
  const sdk = keyedSdk(
    readKey,
    (apiKey) => new (openAiSdk.loaded()!.default)({
      apiKey, baseURL: options.baseUrl ?? undefined, timeout: options.timeoutMs, maxRetries: options.maxRetries,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
    'No OpenAI API key is configured (OPENAI_API_KEY, or OPENAI_BASE_URL for a local server); the assistant answers offline.',
  );

  // Newer OpenAI models refuse `max_tokens` and want `max_completion_tokens`; local servers know the former.
  let tokenParam: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';
  const params = (messages: LlmMessage[], o: LlmCallOptions): ChatCompletionCreateParamsBase => ({
    model: options.model,
    [tokenParam]: Math.max(1, Math.min(o.maxTokens ?? options.maxTokens, options.maxTokens * 4)),
    ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
    messages: [
      ...(o.system ? [{ role: 'system' as const, content: o.system }] : []),
      ...messages.map((m) => ({ role: m.role, content: m.content })),
    ],
  });
  /** Runs a request; once, when the server names `max_completion_tokens`, switches to it and tries again. */
  const withTokenParam = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      const APIError = openAiSdk.loaded()?.APIError;
      if (tokenParam === 'max_tokens' && APIError && e instanceof APIError && e.status === 400 && /max_completion_tokens/.test(e.message)) {
        tokenParam = 'max_completion_tokens';
        return run();
      }
      throw e;
    }
  };

  return {
    get configured() {
      return readKey() !== null;
    },
    model: options.model,

    async complete(messages, o = {}) {
      await openAiSdk.load();
      const client = sdk();
      try {
        const completion = await withTokenParam(() =>
          client.chat.completions.create({ ...params(messages, o), stream: false }, { signal: o.signal }));
        return completion.choices[0]?.message?.content ?? '';
      } catch (e) {
        throw toOpenAiError(e, { timeoutMs: options.timeoutMs, signal: o.signal }, openAiSdk.loaded());
      }
    },

    async *stream(messages, o = {}) {
      await openAiSdk.load();
      const client = sdk();
      const guard = silenceGuard(o.signal, options.timeoutMs);
      try {
        guard.heard();
        const chunks = await withTokenParam(() =>
          client.chat.completions.create({ ...params(messages, o), stream: true }, { signal: guard.signal }));
        let finished = false;
        for await (const chunk of chunks) {
          guard.heard();
          const choice = chunk.choices[0];
          if (choice?.delta?.content) yield choice.delta.content;
          if (choice?.finish_reason) finished = true;
        }
        guard.throwIfCut();
        if (!finished) throw new AppError('llm_error', 'The language model stream ended before the answer was complete.');
      } catch (e) {
        throw toOpenAiError(e, { timeoutMs: options.timeoutMs, signal: guard.signal }, openAiSdk.loaded());
      } finally {
        guard.release();
      }
    },
  };
}
