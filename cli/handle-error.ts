import { CommanderError } from 'commander';
import { AppError, toAppError } from '../core/foundation/errors';
import type { Logger } from './logger';
import { isUsageError } from './usage';

export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/**
 * The one place an error becomes output and an exit code: the AppError's
 * message once (as JSON with --json), the stack only with --debug.
 * Bad usage, a bad value or an unknown id exits 2, everything else 1 (and Ctrl-C 130, decided in main).
 */
export function handleError(e: unknown, logger: Logger, options: { debug: boolean }): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return EXIT.ok;
    // `cms` alone prints the help as an error; `cms help` does not.
    if (e.code === 'commander.help') return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    const message = e.message.replace(/^error:\s*/i, '');
    report(logger, new AppError('validation', message), 'Run `cms --help` (or `cms <command> --help`) for usage.');
    return EXIT.usage;
  }
  const err = toAppError(e);
  report(logger, err);
  if (options.debug) logger.rawErr(`${(e instanceof Error && e.stack) || String(e)}\n${err.cause instanceof Error && err.cause.stack ? `cause: ${err.cause.stack}\n` : ''}`);
  // A value the product refused as invalid came from the command line (an unknown language, a bad date), or an id or
  // file it does not know (`cms rm 99999`): usage too. Per-file failures of an import are counted by the command (1).
  return isUsageError(err) || err.code === 'validation' || err.code === 'not_found' ? EXIT.usage : EXIT.failed;
}

function report(logger: Logger, err: AppError, hint?: string) {
  if (logger.mode === 'json') {
    logger.json({ error: err.code, message: err.message });
    return;
  }
  const message = err.code === 'internal' && !err.message ? 'Unexpected error' : err.message;
  logger.error(hint ? `${message}\n${hint}` : message);
}
