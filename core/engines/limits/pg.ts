import type pg from 'pg';
import type { Migration } from '../postgres/migrate';
import { dbError } from '../postgres/pool';
import type { RateLimitStore } from './types';

/**
 * Rate-limit counts in PostgreSQL, so that every server counts against the
 * same budget: one row per key with the sliding-window counter of
 * ./window.ts, updated by `rate_take` in one call (the row lock serialises
 * servers hitting the same key).
 */
export const rateLimitMigrations: Migration[] = [{
  name: 'rate-limits-001',
  sql: `
    CREATE UNLOGGED TABLE rate_limits (key text PRIMARY KEY, start bigint NOT NULL, curr int NOT NULL, prev int NOT NULL);
    CREATE INDEX rate_limits_start ON rate_limits (start);
    CREATE FUNCTION rate_take(k text, lim int, win bigint, now_ms bigint) RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE s rate_limits; ws bigint := (now_ms / win) * win; el double precision; at double precision;
    BEGIN
      INSERT INTO rate_limits VALUES (k, ws, 0, 0) ON CONFLICT (key) DO NOTHING;
      SELECT * INTO s FROM rate_limits WHERE key = k FOR UPDATE;
      IF s.start <> ws THEN
        s.prev := CASE WHEN s.start = ws - win THEN s.curr ELSE 0 END;
        s.curr := 0;
        s.start := ws;
      END IF;
      el := now_ms - ws;
      IF s.prev * (1 - el / win) + s.curr + 1 <= lim THEN
        UPDATE rate_limits SET start = s.start, curr = s.curr + 1, prev = s.prev WHERE key = k;
        RETURN 0;
      END IF;
      UPDATE rate_limits SET start = s.start, curr = s.curr, prev = s.prev WHERE key = k;
      IF s.curr + 1 <= lim AND s.prev > 0 THEN
        at := win * (1 - (lim - 1 - s.curr)::double precision / s.prev);
        IF at < win THEN RETURN greatest(1, ceil(at - el)); END IF;
      END IF;
      RETURN greatest(1, ceil(win - el + win * greatest(0, 1 - (lim - 1)::double precision / greatest(1, s.curr))));
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
      // Now and then, forget keys whose windows have both passed.
      if (++calls % 1000 === 0) void q('DELETE FROM rate_limits WHERE start < $1', [t - 2 * windowMs]).catch(() => {});
      const waitMs = Number((r.rows[0] as { wait: string }).wait);
      return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
    },
    async undo(key) {
      await q('UPDATE rate_limits SET curr = greatest(0, curr - 1) WHERE key = $1', [key]);
    },
    async reset(key) {
      await q('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
  };
}
