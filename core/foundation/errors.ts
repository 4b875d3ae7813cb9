/**
 * One error type for the whole product. Core code throws AppError with a
 * stable machine `code` and a human `message`; only the edges (HTTP error
 * handler, CLI runner, web toasts) turn it into output.
 */
export type ErrorCode =
  | 'validation'        // bad input from the caller (400)
  | 'unauthorized'      // no or bad session/token (401)
  | 'forbidden'         // authenticated but not allowed (403)
  | 'not_found'         // record or object missing (404)
  | 'conflict'          // duplicate content, state clash (409)
  | 'too_large'         // upload or body over a configured limit (413)
  | 'timeout'           // the client stopped sending a request (408)
  | 'bad_range'         // HTTP range outside the object (416)
  | 'unsupported_type'  // file content does not match an accepted type (415)
  | 'rate_limited'      // too many requests (429)
  | 'corrupt_file'      // file is damaged, encrypted or a zip bomb (422)
  | 'unavailable'       // a backing service (Chroma, S3, LLM) is down (503)
  | 'llm_error'         // the LLM provider failed (502)
  | 'not_configured'    // a feature needs a provider that is not configured (503)
  | 'internal';         // a bug (500)

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Turns anything thrown into an AppError, keeping AppErrors as they are. */
export function toAppError(e: unknown, fallback: ErrorCode = 'internal'): AppError {
  if (e instanceof AppError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new AppError(fallback, message, { cause: e });
}

/** HTTP status for each code: the one mapping the server uses. */
export const httpStatusFor: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  timeout: 408,
  bad_range: 416,
  unsupported_type: 415,
  rate_limited: 429,
  corrupt_file: 422,
  unavailable: 503,
  llm_error: 502,
  not_configured: 503,
  internal: 500,
};
