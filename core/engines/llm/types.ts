/** One turn sent to the model. The system prompt is passed separately. */
export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface LlmCallOptions {
  system?: string;
  /** Token budget of this answer; the client's default when absent. */
  maxTokens?: number;
  /** 0..1; the provider's default when absent. */
  temperature?: number;
  signal?: AbortSignal;
}

/**
 * A chat model. Implementations: Anthropic (./anthropic) and the offline
 * stand-in (./offline), whose `configured` is false so callers use their
 * extractive fallbacks instead of calling it.
 *
 * Failures are AppErrors: 'rate_limited' (429), 'unavailable' (overloaded,
 * 5xx, timeout, network), 'llm_error' (rejected key, bad request, anything
 * else), 'not_configured' (no key).
 */
export interface LlmClient {
  readonly configured: boolean;
  /** Model id, or null when none is configured. */
  readonly model: string | null;
  /** The whole reply text. */
  complete(messages: LlmMessage[], options?: LlmCallOptions): Promise<string>;
  /** The reply as text deltas, in order. */
  stream(messages: LlmMessage[], options?: LlmCallOptions): AsyncIterable<string>;
}
