import { AppError } from '../../foundation/errors';

import type { LlmProvider } from '../../foundation/shared/llm-providers';

export type { LlmProvider };

/** Why a call failed, kept in AppError.details for logs and tests. */
export interface LlmErrorDetails extends Record<string, unknown> {
  provider: LlmProvider;
  status: number | null;
  /** True when trying again later may succeed (429, 529, 5xx, timeout, network). */
  retryable: boolean;
  aborted?: boolean;
}

/** What went wrong, once a provider adapter has read its SDK's error classes. */
export type LlmFailure =
  | { kind: 'cancelled' }
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'status'; status: number; message: string }
  | { kind: 'other'; message: string };

export interface LlmErrorContext {
  provider: LlmProvider;
  /** The variable holding the key, named in the "rejected key" message. */
  keyVariable: string;
  timeoutMs: number;
}

/**
 * The one mapping from a failed model call to an AppError with a message a
 * person can act on, the same for every provider: 429 -> rate_limited;
 * overloaded (503/529), 408/504, timeouts and network errors -> unavailable;
 * other 5xx, rejected keys and refused requests -> llm_error.
 */
export function llmError(failure: LlmFailure, cause: unknown, ctx: LlmErrorContext): AppError {
  const details = (status: number | null, retryable: boolean, extra: Partial<LlmErrorDetails> = {}): LlmErrorDetails =>
    ({ provider: ctx.provider, status, retryable, ...extra });
  const seconds = Math.round(ctx.timeoutMs / 100) / 10;
  switch (failure.kind) {
    case 'cancelled':
      return new AppError('unavailable', 'The request to the language model was cancelled.',
        { cause, details: details(null, false, { aborted: true }) });
    case 'timeout':
      return new AppError('unavailable', `The language model did not answer within ${seconds} s. Please try again.`,
        { cause, details: details(null, true) });
    case 'network':
      return new AppError('unavailable', 'The language model service cannot be reached right now (network error). Please try again.',
        { cause, details: details(null, true) });
    case 'other':
      return new AppError('llm_error', `The language model call failed: ${failure.message}`, { cause, details: details(null, false) });
    case 'status': {
      const s = failure.status;
      if (s === 429) {
        return new AppError('rate_limited', 'The language model is receiving too many requests right now. Please try again in a minute.',
          { cause, details: details(s, true) });
      }
      if (s === 529 || s === 503) {
        return new AppError('unavailable', 'The language model is overloaded right now. Please try again in a moment.',
          { cause, details: details(s, true) });
      }
      if (s === 401 || s === 403) {
        return new AppError('llm_error', `The language model rejected the API key (HTTP ${s}). Check ${ctx.keyVariable}.`,
          { cause, details: details(s, false) });
      }
      if (s === 408 || s === 504) {
        return new AppError('unavailable', `The language model did not answer in time (HTTP ${s}). Please try again.`,
          { cause, details: details(s, true) });
      }
      if (s >= 500) {
        return new AppError('llm_error', `The language model service failed (HTTP ${s}). Please try again.`,
          { cause, details: details(s, true) });
      }
      return new AppError('llm_error', `The language model refused the request (HTTP ${s}): ${failure.message}`,
        { cause, details: details(s, false) });
    }
    default: {
      const never: never = failure;
      throw new Error(`Unknown failure ${JSON.stringify(never)}`);
    }
  }
}

/** Our own idle timer aborts with a TimeoutError reason; any other abort is the caller's cancellation. */
export function abortFailure(signal: AbortSignal | undefined): LlmFailure | null {
  if (!signal?.aborted) return null;
  const reason = signal.reason;
  return reason instanceof Error && reason.name === 'TimeoutError' ? { kind: 'timeout' } : { kind: 'cancelled' };
}
