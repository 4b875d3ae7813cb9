import type pg from 'pg';
import { AppError } from '../../foundation/errors';

/** One schema change, applied once per database in name order within its group. */
export interface Migration {
  /** Unique and stable, e.g. "conversations-001". */
  name: string;
  sql: string;
}

/** Serialises migrations across processes that start at the same time. */
const MIGRATION_LOCK = 781_202_611;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in
 * its own transaction, under an advisory lock so that several servers and
 * workers starting together apply each exactly once.
 */
export async function migrate(pool: pg.Pool, migrations: Migration[]): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      try {
        await client.query('BEGIN');
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw new AppError('internal', `Database migration ${m.name} failed: ${(e as Error).message}`, { cause: e });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return applied;
}
