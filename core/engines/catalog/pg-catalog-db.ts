import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { AppError } from '../../foundation/errors';
import { dbError } from '../postgres/pool';

/**
 * The PostgreSQL catalog's connection (./pg-catalog.ts): statements run in
 * the current transaction when one is open (AsyncLocalStorage), on the pool
 * otherwise; changes announced on one channel, tagged with this process's origin.
 */

/** The channel changes to jobs are announced on (NOTIFY). */
export const CHANNEL = 'catalog_change';

export type Run = <R extends pg.QueryResultRow = any>(sql: string, params?: unknown[]) => Promise<pg.QueryResult<R>>;

function driverError(e: unknown, what: string): AppError {
  const code = (e as { code?: string })?.code;
  if (code === '40P01' || code === '40001') {
    return new AppError('conflict', `Another change to the same record was being saved at the same moment (${what}); nothing was changed. Try again.`, { cause: e });
  }
  return dbError(e, what);
}

export class Db {
  readonly tx = new AsyncLocalStorage<pg.PoolClient>();
  constructor(readonly pool: pg.Pool, readonly origin: string) {}

  /** Runs one statement in the current transaction, or on its own (committed when it returns). */
  run: Run = async (sql, params) => {
    const c = this.tx.getStore();
    try {
      return await (c ? c.query(sql, params) : this.pool.query(sql, params));
    } catch (e) {
      throw driverError(e, 'to save the catalog');
    }
  };

  /** Runs `fn` in one SQL transaction (joining the current one). */
  async atomic<R>(fn: () => Promise<R>): Promise<R> {
    if (this.tx.getStore()) return fn();
    let c: pg.PoolClient;
    try {
      c = await this.pool.connect();
    } catch (e) {
      throw dbError(e, 'to open a connection for the catalog');
    }
    try {
      await c.query('BEGIN');
      const out = await this.tx.run(c, fn);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e instanceof AppError ? e : driverError(e, 'to save the catalog');
    } finally {
      c.release();
    }
  }

  notify(collection: string) {
    return this.run('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin: this.origin, collection })]);
  }
}

