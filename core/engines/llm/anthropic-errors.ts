import type * as AnthropicSdk from '@anthropic-ai/sdk';
import { AppError } from '../../foundation/errors';
import { abortFailure, llmError, type LlmFailure } from './errors';
import { LLM_PROVIDERS } from '../../foundation/shared/llm-providers';

/**
 * Translates whatever the Anthropic SDK (or the fetch under it) threw into
 * an AppError (see ./errors for the mapping). AppErrors pass through.
 */
export function toLlmError(e: unknown, context: { timeoutMs: number; signal?: AbortSignal }, sdk?: typeof AnthropicSdk): AppError {
  if (e instanceof AppError) return e;
  return llmError(classify(e, context.signal, sdk), e, { provider: 'anthropic', keyVariable: LLM_PROVIDERS.anthropic.keyVariable, timeoutMs: context.timeoutMs });
}

/** `sdk`: the SDK's module once imported (./anthropic.ts imports it at the first call); none, no SDK error exists. */
function classify(e: unknown, signal?: AbortSignal, sdk?: typeof AnthropicSdk): LlmFailure {
  const aborted = abortFailure(signal);
  if (aborted) return aborted;
  if (!sdk) return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
  if (e instanceof sdk.APIUserAbortError) return { kind: 'cancelled' };
  if (e instanceof sdk.APIConnectionTimeoutError) return { kind: 'timeout' };
  if (e instanceof sdk.APIConnectionError) return { kind: 'network' };
  if (e instanceof sdk.APIError && typeof e.status === 'number') return { kind: 'status', status: e.status, message: e.message };
  if (e instanceof sdk.AnthropicError) return { kind: 'other', message: e.message };
  return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
}
