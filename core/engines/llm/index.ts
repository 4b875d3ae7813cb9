export type { LlmCallOptions, LlmClient, LlmMessage } from './types';
export { createAnthropicClient, type AnthropicClientOptions } from './anthropic';
export { createOfflineLlm } from './offline';
export { createLlm } from './create';
export { createOpenAiClient, type OpenAiClientOptions } from './openai';
