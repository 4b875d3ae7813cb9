import {
  APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, AnthropicError,
} from '@anthropic-ai/sdk';
import { AppError } from '../../foundation/errors';
import { abortFailure, llmError, type LlmFailure } from './errors';
import { LLM_PROVIDERS } from '../../foundation/shared/llm-providers';

/**
 * Translates whatever the Anthropic SDK (or the fetch under it) threw into
 * an AppError (see ./errors for the mapping). AppErrors pass through.
 */
export function toLlmError(e: unknown, context: { timeoutMs: number; signal?: AbortSignal }): AppError {
  if (e instanceof AppError) return e;
  return llmError(classify(e, context.signal), e, { provider: 'anthropic', keyVariable: LLM_PROVIDERS.anthropic.keyVariable, timeoutMs: context.timeoutMs });
}

function classify(e: unknown, signal?: AbortSignal): LlmFailure {
  const aborted = abortFailure(signal);
  if (aborted) return aborted;
  if (e instanceof APIUserAbortError) return { kind: 'cancelled' };
  if (e instanceof APIConnectionTimeoutError) return { kind: 'timeout' };
  if (e instanceof APIConnectionError) return { kind: 'network' };
  if (e instanceof APIError && typeof e.status === 'number') return { kind: 'status', status: e.status, message: e.message };
  if (e instanceof AnthropicError) return { kind: 'other', message: e.message };
  return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
}
