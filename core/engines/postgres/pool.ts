import type pg from 'pg';
import { AppError } from '../../foundation/errors';

export interface PoolOptions {
  url: string;
  /** Connections at most. Default 10. */
  max?: number;
}

/** A connection pool; a database that cannot be reached fails here with AppError('unavailable'). */
export async function openPool(options: PoolOptions): Promise<pg.Pool> {
  // Loaded here: a process without DATABASE_URL never loads the driver.
  const { default: driver } = await import('pg');
  const pool = new driver.Pool({ connectionString: options.url, max: options.max ?? 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle connection that drops (database restart) must not crash the process: the next query reconnects.
  pool.on('error', () => {});
  try {
    const c = await pool.connect();
    c.release();
  } catch (e) {
    await pool.end().catch(() => {});
    throw new AppError('unavailable', `PostgreSQL at ${redact(options.url)} is not reachable: ${(e as Error).message}`, { cause: e });
  }
  return pool;
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/** Turns a driver error into AppError('unavailable'), keeping AppErrors. */
export function dbError(e: unknown, what: string): AppError {
  if (e instanceof AppError) return e;
  return new AppError('unavailable', `PostgreSQL failed ${what}: ${(e as Error).message}`, { cause: e });
}
