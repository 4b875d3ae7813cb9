import type pg from 'pg';
import { dbError } from '../postgres/pool';
import { ROW_COLLECTIONS } from './catalog-file';

/**
 * Copying a single-machine catalog (db.json) into the PostgreSQL catalog
 * (`cms migrate`): rows keep their ids and are written with an upsert, so
 * a second run changes nothing and adds nothing; the id sequence is raised
 * past the folder's high-water mark, so no id is ever given twice.
 */

/** The collections copied: every row collection, and the chat log of earlier versions (keyed by seq). */
export const COPIED_COLLECTIONS = [...ROW_COLLECTIONS, 'chatMessages'] as const;

/** Writes rows (an upsert by collection and id) in batches; returns how many were written. */
export async function upsertCatalogRows(pool: pg.Pool, collection: string, rows: Array<Record<string, unknown>>): Promise<number> {
  const keyed = collection === 'chatMessages' ? rows.map((r) => ({ key: Number(r.seq), row: r })) : rows.map((r) => ({ key: Number(r.id), row: r }));
  for (let i = 0; i < keyed.length; i += 500) {
    const batch = keyed.slice(i, i + 500);
    await pool.query(
      `INSERT INTO catalog_rows (collection, id, data) SELECT $1, u.id, u.data FROM unnest($2::bigint[], $3::jsonb[]) AS u(id, data)
       ON CONFLICT (collection, id) DO UPDATE SET data = EXCLUDED.data`,
      [collection, batch.map((b) => b.key), batch.map((b) => JSON.stringify(b.row))],
    ).catch((e) => {
      throw dbError(e, `to copy the ${collection} of the catalog`);
    });
  }
  return keyed.length;
}

/** Rows per collection in the PostgreSQL catalog. */
export async function countCatalogRows(pool: pg.Pool): Promise<Record<string, number>> {
  const r = await pool.query<{ collection: string; n: string }>('SELECT collection, count(*) AS n FROM catalog_rows GROUP BY collection').catch((e) => {
    throw dbError(e, 'to count the catalog');
  });
  return Object.fromEntries(r.rows.map((x) => [x.collection, Number(x.n)]));
}

/** Which of these ids of a collection are in PostgreSQL. */
export async function presentIds(pool: pg.Pool, collection: string, ids: number[]): Promise<Set<number>> {
  const r = await pool.query<{ id: string }>('SELECT id FROM catalog_rows WHERE collection = $1 AND id = ANY($2::bigint[])', [collection, ids]);
  return new Set(r.rows.map((x) => Number(x.id)));
}

/** Raises the id sequence past `highest` (never lowers it); returns the sequence's value. */
export async function raiseIdSequence(pool: pg.Pool, highest: number): Promise<number> {
  const r = await pool.query<{ v: string }>(
    `SELECT setval('catalog_ids', greatest($1::bigint, (SELECT coalesce(max(id), 0) FROM catalog_rows), (SELECT last_value FROM catalog_ids))) AS v`,
    [Math.max(1, highest)],
  );
  return Number(r.rows[0].v);
}

/** Sets a counter to at least `value` (a second run does not add it twice). */
export async function raiseCounter(pool: pg.Pool, name: string, value: number): Promise<void> {
  await pool.query(
    'INSERT INTO catalog_counters VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = greatest(catalog_counters.value, EXCLUDED.value)',
    [name, value],
  );
}

/** True when the PostgreSQL catalog holds no record at all. */
export async function pgCatalogIsEmpty(pool: pg.Pool): Promise<boolean> {
  const r = await pool.query('SELECT 1 FROM catalog_rows LIMIT 1').catch((e) => {
    throw dbError(e, 'to read the catalog');
  });
  return r.rowCount === 0;
}
