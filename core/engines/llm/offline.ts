import { AppError } from '../../foundation/errors';
import type { LlmClient } from './types';

const notConfigured = () =>
  new AppError('not_configured', 'No language model is configured (set ANTHROPIC_API_KEY, or LLM_PROVIDER=openai with OPENAI_MODEL); answers are extractive.');

/**
 * The LlmClient used when no key is configured. `configured` is false, so
 * callers take their offline path (extractive answers, heuristic follow-ups)
 * and never call it; if they do, it fails with 'not_configured'.
 */
export function createOfflineLlm(): LlmClient {
  return {
    configured: false,
    model: null,
    async complete() {
      throw notConfigured();
    },
    // eslint-disable-next-line require-yield
    async *stream() {
      throw notConfigured();
    },
  };
}
