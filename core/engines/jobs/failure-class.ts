import type { ErrorCode } from '../../foundation/errors';

/**
 * Whether a failure may pass by itself (a timeout, a service or the disk
 * unavailable, a lock, an internal error: run it again later) or needs the
 * file or the setup changed first (damaged, encrypted, empty, wrong type,
 * too large, a missing tool...). For cron: `cms import --json` and `cms
 * status --json` give each failure's code and this.
 */
const TRANSIENT_FAILURES = new Set(['failure.timeout', 'failure.unavailable', 'failure.cancelled', 'failure.internal']);
const TRANSIENT_ERRORS = new Set<string>(['unavailable', 'timeout', 'rate_limited', 'internal', 'llm_error'] satisfies ErrorCode[]);

/** A failure's code: an item's failure reason (`failure.*`) or an error code (`too_large`, `unavailable`...). */
export const isTransientFailure = (code: string | null | undefined): boolean =>
  !!code && (code.startsWith('failure.') ? TRANSIENT_FAILURES.has(code) : TRANSIENT_ERRORS.has(code));
