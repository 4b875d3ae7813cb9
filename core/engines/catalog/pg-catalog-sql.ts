import { AppError } from '../../foundation/errors';
import { pathOf } from './query';
import type { Cond, Query } from './types';

/** The PostgreSQL catalog's conditions, order and pages in SQL over `catalog_rows.data` (./pg-catalog.ts). */

/** A field name safe to put in SQL (top-level keys of records are identifiers). */
function field(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new AppError('internal', `Bad field name ${name}`);
  return name;
}

/** The SQL of the value at a condition's path (names checked by pathOf). */
export function atSql(path: string): string {
  const parts = pathOf(path);
  return parts.length === 1 ? `data->'${parts[0]}'` : `data #> '{${parts.join(',')}}'`;
}

/** A condition in SQL, true or false (never NULL), with the meaning of `meets` in ./query.ts. */
function condSql(c: Cond, params: unknown[]): string {
  if ('and' in c) return c.and.length ? `(${c.and.map((x) => condSql(x, params)).join(' AND ')})` : 'true';
  if ('or' in c) return c.or.length ? `(${c.or.map((x) => condSql(x, params)).join(' OR ')})` : 'false';
  if ('not' in c) return `NOT ${condSql(c.not, params)}`;
  const at = atSql(c.path);
  if ('set' in c) return `${c.set ? '' : 'NOT '}coalesce(jsonb_typeof(${at}) <> 'null', false)`;
  if ('in' in c) {
    const values = c.in.filter((v) => v !== undefined);
    if (!values.length) return 'false';
    if (c.path === 'id' && values.every((v) => Number.isSafeInteger(v))) {
      // A row's id is its key column too: looked up through the primary key.
      params.push(values);
      return `id = ANY($${params.length}::bigint[])`;
    }
    params.push(values.map((v) => JSON.stringify(v)));
    return `coalesce(${at} = ANY($${params.length}::jsonb[]), false)`;
  }
  if (c.eq === undefined) return 'false';
  params.push(JSON.stringify(c.eq));
  return `coalesce(${at} = $${params.length}::jsonb, false)`;
}

/** SQL for a query's `where` and `cond`, order and page (page only when no in-process filter follows). */
export function sqlOf<T>(q: Query<T>, params: unknown[]): { where: string; tail: string } {
  let where = '';
  const eq = Object.fromEntries(Object.entries(q.where ?? {}).filter(([, v]) => v !== undefined));
  if (Object.keys(eq).length) {
    params.push(JSON.stringify(eq));
    where = ` AND data @> $${params.length}::jsonb`;
  }
  if (q.cond) where += ` AND ${condSql(q.cond, params)}`;
  if (q.afterId !== undefined) {
    params.push(Math.floor(q.afterId));
    where += ` AND id > $${params.length}`;
  }
  if (q.filter) return { where, tail: ' ORDER BY id' };
  const dir = q.desc ? ' DESC' : '';
  const order = q.orderBy && q.orderBy !== 'id' ? ` ORDER BY data->'${field(q.orderBy)}'${dir}, id` : ` ORDER BY id${dir}`;
  let tail = order;
  if (q.limit !== undefined) tail += ` LIMIT ${Math.max(0, Math.floor(q.limit))}`;
  if (q.offset) tail += ` OFFSET ${Math.max(0, Math.floor(q.offset))}`;
  return { where, tail };
}

