import type * as OpenAiSdk from 'openai';
import { AppError } from '../../foundation/errors';
import { abortFailure, llmError, type LlmFailure } from './errors';
import { LLM_PROVIDERS } from '../../foundation/shared/llm-providers';

/**
 * Translates whatever the `openai` SDK (or the fetch under it) threw into an
 * AppError with the same mapping as Anthropic's (see ./errors). AppErrors pass through.
 */
export function toOpenAiError(e: unknown, context: { timeoutMs: number; signal?: AbortSignal }, sdk?: typeof OpenAiSdk): AppError {
  if (e instanceof AppError) return e;
  return llmError(classify(e, context.signal, sdk), e, { provider: 'openai', keyVariable: LLM_PROVIDERS.openai.keyVariable, timeoutMs: context.timeoutMs });
}

/** Error objects some servers send inside a stream (`data: {"error": {...}}`) name their kind instead of an HTTP status. */
const STREAM_ERROR_STATUS: Record<string, number> = {
  rate_limit_exceeded: 429, rate_limit_error: 429, server_error: 500, api_error: 500, internal_error: 500,
  overloaded: 503, overloaded_error: 503, service_unavailable: 503, timeout: 504,
};

/** `sdk`: the SDK's module once imported (./openai.ts imports it at the first call); none, no SDK error exists. */
function classify(e: unknown, signal?: AbortSignal, sdk?: typeof OpenAiSdk): LlmFailure {
  const aborted = abortFailure(signal);
  if (aborted) return aborted;
  if (!sdk) return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
  if (e instanceof sdk.APIUserAbortError) return { kind: 'cancelled' };
  if (e instanceof sdk.APIConnectionTimeoutError) return { kind: 'timeout' };
  if (e instanceof sdk.APIConnectionError) return { kind: 'network' };
  if (e instanceof sdk.APIError) {
    if (typeof e.status === 'number') return { kind: 'status', status: e.status, message: e.message };
    const body = (e.error ?? {}) as { code?: unknown; type?: unknown; message?: unknown };
    const numeric = typeof body.code === 'number' ? body.code : Number.NaN;
    const named = [body.code, body.type].map((v) => STREAM_ERROR_STATUS[String(v)]).find((s) => s !== undefined);
    const status = Number.isInteger(numeric) && numeric >= 400 ? numeric : named;
    const message = typeof body.message === 'string' ? body.message : e.message;
    return status !== undefined ? { kind: 'status', status, message } : { kind: 'other', message };
  }
  if (e instanceof sdk.OpenAIError) return { kind: 'other', message: e.message };
  return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
}
