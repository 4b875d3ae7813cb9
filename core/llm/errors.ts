import {
  APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, AnthropicError,
} from '@anthropic-ai/sdk';
import { AppError } from '../errors';

/** Why a call failed, kept in AppError.details for logs and tests. */
export interface LlmErrorDetails extends Record<string, unknown> {
  provider: 'anthropic';
  status: number | null;
  /** True when trying again later may succeed (429, 529, 5xx, timeout, network). */
  retryable: boolean;
  aborted?: boolean;
}

const details = (status: number | null, retryable: boolean, extra: Partial<LlmErrorDetails> = {}): LlmErrorDetails =>
  ({ provider: 'anthropic', status, retryable, ...extra });

/**
 * Translates whatever the Anthropic SDK (or the fetch under it) threw into
 * an AppError with a message a person can act on. AppErrors pass through.
 */
export function toLlmError(e: unknown, context: { timeoutMs: number; signal?: AbortSignal }): AppError {
  if (e instanceof AppError) return e;
  const seconds = Math.round(context.timeoutMs / 100) / 10;
  if (context.signal?.aborted || e instanceof APIUserAbortError) {
    // Our own idle timer aborts with a TimeoutError reason; a caller's abort is a cancellation.
    const reason = context.signal?.reason;
    if (reason instanceof Error && reason.name === 'TimeoutError') {
      return new AppError('unavailable', `The language model did not answer within ${seconds} s. Please try again.`,
        { cause: e, details: details(null, true) });
    }
    return new AppError('unavailable', 'The request to the language model was cancelled.',
      { cause: e, details: details(null, false, { aborted: true }) });
  }
  if (e instanceof APIConnectionTimeoutError) {
    return new AppError('unavailable', `The language model did not answer within ${seconds} s. Please try again.`,
      { cause: e, details: details(null, true) });
  }
  if (e instanceof APIConnectionError) {
    return new AppError('unavailable', 'The language model service cannot be reached right now (network error). Please try again.',
      { cause: e, details: details(null, true) });
  }
  if (e instanceof APIError && typeof e.status === 'number') {
    const s = e.status;
    if (s === 429) {
      return new AppError('rate_limited', 'The language model is receiving too many requests right now. Please try again in a minute.',
        { cause: e, details: details(s, true) });
    }
    if (s === 529 || s === 503) {
      return new AppError('unavailable', 'The language model is overloaded right now. Please try again in a moment.',
        { cause: e, details: details(s, true) });
    }
    if (s === 401 || s === 403) {
      return new AppError('llm_error', `The language model rejected the API key (HTTP ${s}). Check ANTHROPIC_API_KEY.`,
        { cause: e, details: details(s, false) });
    }
    if (s === 408 || s === 504) {
      return new AppError('unavailable', `The language model did not answer in time (HTTP ${s}). Please try again.`,
        { cause: e, details: details(s, true) });
    }
    if (s >= 500) {
      return new AppError('llm_error', `The language model service failed (HTTP ${s}). Please try again.`,
        { cause: e, details: details(s, true) });
    }
    return new AppError('llm_error', `The language model refused the request (HTTP ${s}): ${e.message}`,
      { cause: e, details: details(s, false) });
  }
  if (e instanceof AnthropicError) {
    return new AppError('llm_error', `The language model call failed: ${e.message}`, { cause: e, details: details(null, false) });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new AppError('llm_error', `The language model call failed: ${message}`, { cause: e, details: details(null, false) });
}
