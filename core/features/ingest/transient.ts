/**
 * Failures that pass by themselves (the index's database locked by another
 * writer, a timeout of a backing service) are not the file's failure: the
 * step that hit one runs again after a short wait, a few times, before the
 * job gives up (issue 39: three valid PDFs failed with "database is locked"
 * during a bulk import, all fine on retry).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isAppError } from '../../foundation/errors';

/** A lock of SQLite (SQLITE_BUSY, SQLITE_LOCKED, "database is locked") or a timeout, anywhere in the error's causes. */
export function isPassingFailure(e: unknown): boolean {
  for (let x = e, depth = 0; x && depth < 6; x = (x as { cause?: unknown }).cause, depth++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
    if (isAppError(x) && x.code === 'timeout') return true;
    if (x instanceof Error && /database (table )?is locked|SQLITE_BUSY/i.test(x.message)) return true;
  }
  return false;
}

export interface PassingOptions {
  signal?: AbortSignal;
  /** Runs in all (default 4). */
  tries?: number;
  /** Wait before the second run; doubled for each next one (default 1 s). */
  waitMs?: number;
  /** Told of each failure that is tried again. */
  onRetry?: (e: unknown, nextTry: number) => void;
}

/** Runs `fn`; when it fails for a passing reason, waits and runs it again (at most `tries` runs in all). */
export async function retryPassing<T>(fn: () => Promise<T>, o: PassingOptions = {}): Promise<T> {
  const tries = o.tries ?? 4;
  for (let n = 1; ; n++) {
    try {
      return await fn();
    } catch (e) {
      if (n >= tries || o.signal?.aborted || !isPassingFailure(e)) throw e;
      o.onRetry?.(e, n + 1);
      await sleep((o.waitMs ?? 1000) * 2 ** (n - 1), undefined, { signal: o.signal });
    }
  }
}
