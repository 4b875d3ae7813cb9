/** The chat model: LLM_PROVIDER, and key, URL and model from that provider's variables. */
import { isLlmProvider, LLM_PROVIDER_IDS, LLM_PROVIDERS, type LlmProvider } from '../shared/llm-providers';
import type { EnvReader } from './read';
import type { Config } from './types';

export function llmConfig({ str, int, url, problems }: EnvReader): Config['llm'] {
  const providerName = str('LLM_PROVIDER', 'anthropic')!;
  if (!isLlmProvider(providerName)) problems.push(`LLM_PROVIDER must be ${LLM_PROVIDER_IDS.join(' or ')} (got "${providerName}")`);
  const provider: LlmProvider = isLlmProvider(providerName) ? providerName : 'anthropic';
  const llmVars = LLM_PROVIDERS[provider];
  const openai = provider === 'openai';
  if (openai && !str('OPENAI_MODEL')) problems.push('OPENAI_MODEL is required when LLM_PROVIDER=openai (e.g. gpt-4o-mini, or llama3.1 on Ollama)');
  if (openai && !str('OPENAI_API_KEY') && !str('OPENAI_BASE_URL')) {
    problems.push('LLM_PROVIDER=openai needs OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (a local server such as Ollama, vLLM, LM Studio)');
  }
  return {
    provider,
    apiKey: str(llmVars.keyVariable),
    baseUrl: url(llmVars.urlVariable),
    model: str(llmVars.modelVariable, llmVars.defaultModel ?? '')!,
    timeoutMs: int('LLM_TIMEOUT_MS', 60_000, 1000, 600_000),
    maxRetries: int('LLM_MAX_RETRIES', 2, 0, 10),
    maxTokens: int('LLM_MAX_TOKENS', 1024, 64, 32_000),
  };
}
