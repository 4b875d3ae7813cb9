import type pg from 'pg';
import { dbError } from './pool';

/**
 * Changes one JSON value of the `app_settings` table in a transaction that
 * locks its row (created with `initial` when missing), so two servers
 * changing it at once never lose a change. Returns what `change` made.
 */
export async function editAppSetting<T>(pool: pg.Pool, name: string, initial: T, change: (current: T) => T, what: string): Promise<T> {
  let c: pg.PoolClient;
  try {
    c = await pool.connect();
  } catch (e) {
    throw dbError(e, what);
  }
  try {
    await c.query('BEGIN');
    await c.query('INSERT INTO app_settings (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING', [name, JSON.stringify(initial)]);
    const r = await c.query<{ value: T }>('SELECT value FROM app_settings WHERE name = $1 FOR UPDATE', [name]);
    const next = change(r.rows[0].value);
    await c.query('UPDATE app_settings SET value = $2::jsonb, updated_at = now() WHERE name = $1', [name, JSON.stringify(next)]);
    await c.query('COMMIT');
    return next;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw dbError(e, what);
  } finally {
    c.release();
  }
}
