import type pg from 'pg';
import type { Migration } from '../postgres/migrate';
import { dbError } from '../postgres/pool';
import type { RateLimitStore } from './types';

/**
 * Rate-limit hits in PostgreSQL, so that every server counts against the
 * same budget. One row per key with its hit times; `rate_take` drops the
 * expired ones and adds the new hit in one statement (the row lock
 * serialises servers hitting the same key).
 */
export const rateLimitMigrations: Migration[] = [{
  name: 'rate-limits-001',
  sql: `
    CREATE UNLOGGED TABLE rate_limits (key text PRIMARY KEY, hits bigint[] NOT NULL, expires_at bigint NOT NULL);
    CREATE INDEX rate_limits_expires ON rate_limits (expires_at);
    CREATE FUNCTION rate_take(k text, lim int, win bigint, now_ms bigint) RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE kept bigint[]; cur bigint[];
    BEGIN
      INSERT INTO rate_limits (key, hits, expires_at) VALUES (k, '{}', 0) ON CONFLICT (key) DO NOTHING;
      SELECT hits INTO cur FROM rate_limits WHERE key = k FOR UPDATE;
      SELECT coalesce(array_agg(h ORDER BY h), '{}') INTO kept FROM unnest(cur) h WHERE h > now_ms - win;
      IF cardinality(kept) >= lim THEN
        UPDATE rate_limits SET hits = kept WHERE key = k;
        RETURN kept[1] + win - now_ms;
      END IF;
      UPDATE rate_limits SET hits = kept || now_ms, expires_at = now_ms + win WHERE key = k;
      RETURN 0;
    END $$;`,
}];

export function createPgRateLimitStore(options: { pool: pg.Pool; now?: () => number }): RateLimitStore {
  const { pool } = options;
  const now = options.now ?? Date.now;
  let calls = 0;
  const q = (sql: string, params: unknown[]) => pool.query(sql, params).catch((e) => {
    throw dbError(e, 'to check a rate limit');
  });

  return {
    async take(key, limit, windowMs) {
      const t = now();
      const r = await q('SELECT rate_take($1, $2, $3, $4) AS wait', [key, limit, windowMs, t]);
      // Now and then, forget keys whose window has passed.
      if (++calls % 1000 === 0) void q('DELETE FROM rate_limits WHERE expires_at < $1', [t]).catch(() => {});
      const waitMs = Number((r.rows[0] as { wait: string }).wait);
      return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
    },
    async undo(key) {
      await q('UPDATE rate_limits SET hits = hits[1:cardinality(hits) - 1] WHERE key = $1', [key]);
    },
    async reset(key) {
      await q('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
  };
}
