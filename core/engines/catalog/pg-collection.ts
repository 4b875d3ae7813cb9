import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import type { Db } from './pg-catalog-db';
import { atSql, sqlOf } from './pg-catalog-sql';
import { runQuery, toQuery } from './query';
import type { Collection, CountQuery, Patch, Select, WithId } from './types';

/** Fields with an index on (collection, value): `distinct` steps through it (a loose index scan) instead of reading every row. */
const DISTINCT_INDEXED = new Set(['sourceLanguage']);

/** One collection of the PostgreSQL catalog: its rows of `catalog_rows`, read and written in PostgreSQL (./pg-catalog.ts). */
export class PgCollection<T extends WithId> implements Collection<T> {
  constructor(private readonly db: Db, private readonly name: string, readonly label: string) {}

  private async select(query: Select<T> | undefined, lock = false): Promise<T[]> {
    const q = toQuery(query);
    const params: unknown[] = [this.name];
    const { where, tail } = sqlOf(q, params);
    const r = await this.db.run<{ data: T }>(`SELECT data FROM catalog_rows WHERE collection = $1${where}${tail}${lock ? ' FOR UPDATE' : ''}`, params);
    const rows = r.rows.map((x) => x.data);
    return q.filter ? runQuery(rows, q) : rows;
  }

  private async changed() {
    if (this.name === 'jobs') await this.db.notify(this.name);
  }

  list(query?: Select<T>): Promise<T[]> {
    return this.select(query);
  }

  async count(query?: Select<T>): Promise<number> {
    const q = toQuery(query);
    if (q.filter) return (await this.select({ where: q.where, cond: q.cond, filter: q.filter })).length;
    const params: unknown[] = [this.name];
    const { where } = sqlOf({ where: q.where, cond: q.cond }, params);
    const r = await this.db.run<{ n: string }>(`SELECT count(*) AS n FROM catalog_rows WHERE collection = $1${where}`, params);
    return Number(r.rows[0].n);
  }

  async counts<K extends string>(queries: Record<K, CountQuery<T>>): Promise<Record<K, number>> {
    const keys = Object.keys(queries) as K[];
    if (!keys.length) return {} as Record<K, number>;
    const params: unknown[] = [this.name];
    // One pass over the collection: count(*) FILTER per query.
    const cols = keys.map((k, i) => {
      const { where } = sqlOf({ where: queries[k].where, cond: queries[k].cond }, params);
      return `count(*) FILTER (WHERE true${where}) AS c${i}`;
    });
    const r = await this.db.run<Record<string, string>>(`SELECT ${cols.join(', ')} FROM catalog_rows WHERE collection = $1`, params);
    return Object.fromEntries(keys.map((k, i) => [k, Number(r.rows[0][`c${i}`])])) as Record<K, number>;
  }

  async distinct(path: string, query: CountQuery<T> = {}): Promise<unknown[]> {
    const params: unknown[] = [this.name];
    const { where } = sqlOf({ where: query.where, cond: query.cond }, params);
    const at = atSql(path);
    // With an index: the smallest value, then the smallest one above it, and so on (each step one index lookup).
    const sql = DISTINCT_INDEXED.has(path)
      ? `WITH RECURSIVE d(v) AS (
           (SELECT ${at} FROM catalog_rows WHERE collection = $1${where} AND ${at} > 'null'::jsonb ORDER BY ${at} LIMIT 1)
           UNION ALL
           SELECT (SELECT ${at} FROM catalog_rows WHERE collection = $1${where} AND ${at} > d.v ORDER BY ${at} LIMIT 1) FROM d WHERE d.v IS NOT NULL
         ) SELECT v FROM d WHERE v IS NOT NULL`
      : `SELECT DISTINCT ${at} AS v FROM catalog_rows WHERE collection = $1${where} AND coalesce(jsonb_typeof(${at}) <> 'null', false)`;
    const r = await this.db.run<{ v: unknown }>(sql, params);
    return r.rows.map((x) => x.v);
  }

  async get(id: number): Promise<T | undefined> {
    const r = await this.db.run<{ data: T }>('SELECT data FROM catalog_rows WHERE collection = $1 AND id = $2', [this.name, id]);
    return r.rows[0]?.data;
  }

  async find(query: Select<T>): Promise<T | undefined> {
    const q = toQuery(query);
    return (await this.select(q.filter ? q : { ...q, limit: 1 }))[0];
  }

  async require(id: number): Promise<T> {
    const row = await this.get(id);
    if (!row) throw refusal('not_found', 'refusal.not_found', { id }, `${this.label} ${id} was not found`);
    return row;
  }

  async insert(data: Omit<T, 'id'>): Promise<T> {
    const r = await this.db.run<{ data: T }>(
      `WITH n AS (SELECT nextval('catalog_ids') AS id)
       INSERT INTO catalog_rows (collection, id, data) SELECT $1, n.id, $2::jsonb || jsonb_build_object('id', n.id) FROM n RETURNING data`,
      [this.name, JSON.stringify(data)],
    );
    await this.changed();
    return r.rows[0].data;
  }

  async put(row: T): Promise<T> {
    const r = await this.db.run<{ data: T }>(
      'INSERT INTO catalog_rows (collection, id, data) VALUES ($1, $2, $3::jsonb) ON CONFLICT (collection, id) DO NOTHING RETURNING data',
      [this.name, row.id, JSON.stringify(row)],
    );
    if (!r.rows.length) throw new AppError('conflict', `${this.label} ${row.id} already exists`);
    await this.changed();
    return r.rows[0].data;
  }

  async update(id: number, patch: Patch<T>): Promise<T> {
    if (typeof patch !== 'function') {
      // One statement: the patch is merged into the row as it is at that moment.
      const r = await this.db.run<{ data: T }>(
        `UPDATE catalog_rows SET data = data || $3::jsonb || jsonb_build_object('id', id) WHERE collection = $1 AND id = $2 RETURNING data`,
        [this.name, id, JSON.stringify(patch)],
      );
      if (!r.rows.length) throw refusal('not_found', 'refusal.not_found', { id }, `${this.label} ${id} was not found`);
      await this.changed();
      return r.rows[0].data;
    }
    return this.db.atomic(async () => {
      const r = await this.db.run<{ data: T }>('SELECT data FROM catalog_rows WHERE collection = $1 AND id = $2 FOR UPDATE', [this.name, id]);
      const row = r.rows[0]?.data;
      if (!row) throw refusal('not_found', 'refusal.not_found', { id }, `${this.label} ${id} was not found`);
      patch(row);
      row.id = id;
      await this.db.run('UPDATE catalog_rows SET data = $3::jsonb WHERE collection = $1 AND id = $2', [this.name, id, JSON.stringify(row)]);
      await this.changed();
      return row;
    });
  }

  async updateWhere(query: Select<T>, mutate: (row: T) => void): Promise<number> {
    return this.db.atomic(async () => {
      const rows = await this.select(query, true);
      if (!rows.length) return 0;
      for (const row of rows) {
        const id = row.id;
        mutate(row);
        row.id = id;
      }
      await this.db.run(
        `UPDATE catalog_rows r SET data = u.data FROM unnest($2::bigint[], $3::jsonb[]) AS u(id, data) WHERE r.collection = $1 AND r.id = u.id`,
        [this.name, rows.map((x) => x.id), rows.map((x) => JSON.stringify(x))],
      );
      await this.changed();
      return rows.length;
    });
  }

  async remove(id: number): Promise<T | undefined> {
    const r = await this.db.run<{ data: T }>('DELETE FROM catalog_rows WHERE collection = $1 AND id = $2 RETURNING data', [this.name, id]);
    if (r.rows.length) await this.changed();
    return r.rows[0]?.data;
  }

  async removeWhere(query: Select<T>): Promise<T[]> {
    const q = toQuery(query);
    if (!q.filter) {
      const params: unknown[] = [this.name];
      const { where } = sqlOf({ where: q.where, cond: q.cond }, params);
      const r = await this.db.run<{ data: T }>(`DELETE FROM catalog_rows WHERE collection = $1${where} RETURNING data`, params);
      if (r.rows.length) await this.changed();
      return r.rows.map((x) => x.data).sort((a, b) => a.id - b.id);
    }
    return this.db.atomic(async () => {
      const rows = await this.select(q, true);
      if (!rows.length) return [];
      await this.db.run('DELETE FROM catalog_rows WHERE collection = $1 AND id = ANY($2::bigint[])', [this.name, rows.map((x) => x.id)]);
      await this.changed();
      return rows;
    });
  }
}
