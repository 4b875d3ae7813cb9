import type { Config } from '../../foundation/config';
import { createAnthropicClient } from './anthropic';
import { createOfflineLlm } from './offline';
import { createOpenAiClient } from './openai';
import type { LlmClient } from './types';

/**
 * The composition root's choice: the configured provider (Anthropic, or any
 * OpenAI-compatible server), the offline stand-in when it has no key (a local
 * OpenAI-compatible server needs only its URL).
 */
export function createLlm(llm: Config['llm']): LlmClient {
  const settings = {
    apiKey: llm.apiKey, baseUrl: llm.baseUrl, model: llm.model,
    timeoutMs: llm.timeoutMs, maxRetries: llm.maxRetries, maxTokens: llm.maxTokens,
  };
  switch (llm.provider) {
    case 'anthropic':
      return llm.apiKey ? createAnthropicClient(settings) : createOfflineLlm();
    case 'openai':
      return llm.apiKey || llm.baseUrl ? createOpenAiClient(settings) : createOfflineLlm();
    default: {
      const never: never = llm.provider;
      throw new Error(`Unknown LLM provider ${String(never)}`);
    }
  }
}
