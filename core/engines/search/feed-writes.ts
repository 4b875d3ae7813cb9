import type pg from 'pg';
import { dbError } from '../postgres/pool';
import type { ContentType } from '../../foundation/types';
import type { Chunk } from './types';

/**
 * The writes of the shared search index (./feed.ts): each stores or removes
 * chunks in `search_chunks` and appends its change to `search_changes` in
 * one transaction, under one advisory lock so that feed rows become visible
 * in their order. Each returns its change's position in the feed.
 */

const FEED_LOCK = 781_202_612;

/** Writes one change in the feed's order; returns its position in the feed. */
async function writeChange(pool: pg.Pool, what: string, fn: (c: pg.PoolClient) => Promise<{ rows: Array<{ seq: string }> }>): Promise<number> {
  const c = await pool.connect().catch((e) => {
    throw dbError(e, what);
  });
  try {
    await c.query('BEGIN');
    await c.query('SELECT pg_advisory_xact_lock($1)', [FEED_LOCK]);
    const r = await fn(c);
    await c.query('COMMIT');
    return Number(r.rows[0].seq);
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw dbError(e, what);
  } finally {
    c.release();
  }
}

export function recordUpsert(pool: pg.Pool, chunks: Chunk[]): Promise<number> {
  return writeChange(pool, 'to record indexed chunks', async (c) => {
    await c.query(
      `INSERT INTO search_chunks (id, item_type, item_id, chunk) SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::jsonb[])
       ON CONFLICT (id) DO UPDATE SET chunk = EXCLUDED.chunk, item_type = EXCLUDED.item_type, item_id = EXCLUDED.item_id`,
      [chunks.map((x) => x.id), chunks.map((x) => x.itemType), chunks.map((x) => x.itemId), chunks.map((x) => JSON.stringify(x))],
    );
    return c.query<{ seq: string }>(`INSERT INTO search_changes (op, chunk_ids) VALUES ('upsert', $1) RETURNING seq`, [chunks.map((x) => x.id)]);
  });
}

export function recordDelete(pool: pg.Pool, itemType: ContentType, itemId: number): Promise<number> {
  return writeChange(pool, 'to remove indexed chunks', async (c) => {
    await c.query('DELETE FROM search_chunks WHERE item_type = $1 AND item_id = $2', [itemType, itemId]);
    return c.query<{ seq: string }>(`INSERT INTO search_changes (op, item_type, item_id) VALUES ('delete', $1, $2) RETURNING seq`, [itemType, itemId]);
  });
}

export function recordClear(pool: pg.Pool): Promise<number> {
  return writeChange(pool, 'to empty the search index', async (c) => {
    await c.query('TRUNCATE search_chunks');
    return c.query<{ seq: string }>(`INSERT INTO search_changes (op) VALUES ('clear') RETURNING seq`);
  });
}
