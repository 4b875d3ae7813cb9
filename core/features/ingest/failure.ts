import { AppError, toAppError } from '../../foundation/errors';

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/** The errno code anywhere in an error's cause chain. */
function errnoOf(e: unknown): string | undefined {
  for (let cur = e, depth = 0; cur && depth < 8; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    if (cur instanceof Error && /\bENOSPC\b|No space left on device/i.test(cur.message)) return 'ENOSPC';
  }
  return undefined;
}

/**
 * A job's failure as an admin reads it: it names the file, says in plain
 * words what was wrong and what to do. Raw system errors (a full disk) are
 * put into words; a reason that does not name the file gets its name.
 */
export function explainFailure(e: unknown, fileName: string): AppError {
  const code = errnoOf(e);
  // Below MIN_FREE_MB (core/foundation/disk.ts) is worded like a full disk, with how much is free.
  const low = e instanceof AppError && e.details?.reason === 'disk_full' && typeof e.details.freeBytes === 'number' ? e.details : null;
  if ((code && DISK_FULL.has(code)) || low) {
    const detail = low ? ` (${Math.floor(Number(low.freeBytes) / 1024 ** 2)} MB free in ${String(low.folder)}; ${Math.floor(Number(low.minFreeBytes) / 1024 ** 2)} MB must stay free, MIN_FREE_MB)` : '';
    return new AppError('unavailable', `"${fileName}" could not be processed: the server's disk is full. Free some space on the server (or move DATA_DIR to a larger disk), then retry this upload${detail}.`, { cause: e, details: { reason: 'disk_full' } });
  }
  const err = toAppError(e);
  if (err.message.includes(fileName)) return err;
  return new AppError(err.code, `"${fileName}": ${err.message}`, { cause: err.cause ?? e, details: err.details });
}
