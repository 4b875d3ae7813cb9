import { AppError } from '../core/foundation/errors';

/** A mistake in how the command was called (exit code 2), as opposed to a failure doing the work (1). */
export function usageError(message: string): AppError {
  return new AppError('validation', message, { details: { usage: true } });
}

export const isUsageError = (e: unknown) => e instanceof AppError && e.details?.usage === true;

/** Parses a whole number option, or throws a usage error naming the option. */
export function parseCount(value: string, option: string, min = 1, max = 1000): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw usageError(`${option} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return n;
}

/** Parses an id argument (positive whole number). */
export function parseId(value: string, what = 'id'): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw usageError(`${what} must be a positive whole number (got "${value}")`);
  return Number(value);
}
