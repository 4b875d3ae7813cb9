import { AppError } from './errors';

/**
 * Waits for `work` at most `ms`: past it, AppError('unavailable') saying what
 * did not answer (details.reason 'deadline'). The work itself is left to end
 * or fail on its own (its result is then ignored): a hung service (a stopped
 * Chroma, a stalled S3) holds a socket, never a caller.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  if (!(ms > 0) || !Number.isFinite(ms)) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('unavailable', `${what} did not answer within ${+(ms / 1000).toFixed(1)} s`, {
      details: { reason: 'deadline', deadlineMs: ms },
    })), ms);
    timer.unref?.();
  });
  work.catch(() => {}); // a late failure after the deadline is not an unhandled rejection
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
