import { isAppError } from '../../foundation/errors';
import { isTransientFailure } from '../../engines/jobs/failure-class';

/**
 * A failed file's or page's entry in a sync report: the message, its error code and whether it may pass by
 * itself (a timeout, a service down: run the sync again later) or needs the file or setup changed (too large,
 * refused, damaged). For cron: `cms sync --json` carries both, as `cms import --json` does.
 */
export function failureOf(e: unknown): { error: string; errorCode: string; transient: boolean } {
  const errorCode = isAppError(e) ? e.code : 'internal';
  return { error: e instanceof Error ? e.message : String(e), errorCode, transient: isTransientFailure(errorCode) };
}
