import type { Config } from '../config';
import { createAnthropicClient } from './anthropic';
import { createOfflineLlm } from './offline';
import type { LlmClient } from './types';

/** The composition root's choice: Anthropic when a key is configured, the offline stand-in otherwise. */
export function createLlm(llm: Config['llm']): LlmClient {
  if (!llm.apiKey) return createOfflineLlm();
  return createAnthropicClient({
    apiKey: llm.apiKey,
    baseUrl: llm.baseUrl,
    model: llm.model,
    timeoutMs: llm.timeoutMs,
    maxRetries: llm.maxRetries,
    maxTokens: llm.maxTokens,
  });
}
