/**
 * The chat model providers, listed once: config reads each one's variables
 * from here, create.ts builds its client, errors name its key variable.
 */
export const LLM_PROVIDERS = {
  anthropic: { name: 'Anthropic', keyVariable: 'ANTHROPIC_API_KEY', urlVariable: 'ANTHROPIC_BASE_URL', modelVariable: 'ANTHROPIC_MODEL', defaultModel: 'claude-sonnet-5-5' },
  /** Any OpenAI-compatible server (OpenAI, Ollama, vLLM, LM Studio): a local one needs only its URL. */
  openai: { name: 'OpenAI-compatible', keyVariable: 'OPENAI_API_KEY', urlVariable: 'OPENAI_BASE_URL', modelVariable: 'OPENAI_MODEL', defaultModel: null },
} as const;

export type LlmProvider = keyof typeof LLM_PROVIDERS;

export const LLM_PROVIDER_IDS = Object.keys(LLM_PROVIDERS) as LlmProvider[];

export const isLlmProvider = (s: string): s is LlmProvider => (LLM_PROVIDER_IDS as string[]).includes(s);
