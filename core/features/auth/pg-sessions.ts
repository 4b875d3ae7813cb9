import type pg from 'pg';
import type { Migration } from '../../engines/postgres/migrate';
import { dbError } from '../../engines/postgres/pool';
import type { SessionStore } from './sessions';

export const sessionMigrations: Migration[] = [{
  name: 'sessions-001',
  sql: `CREATE TABLE auth_sessions (token_hash text PRIMARY KEY, created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL);
        CREATE INDEX auth_sessions_expires ON auth_sessions (expires_at);`,
}];

/** Sign-in sessions in PostgreSQL: a session made on one server is valid on every other. */
export function createPgSessionStore(pool: pg.Pool): SessionStore {
  const q = (sql: string, params: unknown[]) => pool.query(sql, params).catch((e) => {
    throw dbError(e, 'to check the sign-in session');
  });
  return {
    async create(tokenHash, createdAt, expiresAt) {
      await q('DELETE FROM auth_sessions WHERE expires_at <= $1', [createdAt]);
      await q('INSERT INTO auth_sessions (token_hash, created_at, expires_at) VALUES ($1, $2, $3)', [tokenHash, createdAt, expiresAt]);
    },
    async isValid(tokenHash, now) {
      return ((await q('SELECT 1 FROM auth_sessions WHERE token_hash = $1 AND expires_at > $2', [tokenHash, now])).rowCount ?? 0) > 0;
    },
    async remove(tokenHash) {
      await q('DELETE FROM auth_sessions WHERE token_hash = $1', [tokenHash]);
    },
  };
}
