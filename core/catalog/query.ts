import { AppError } from '../errors';
import type { Cond, Query, Select } from './types';

/** A predicate or a query, as a query. */
export function toQuery<T>(q: Select<T> | undefined): Query<T> {
  if (!q) return {};
  return typeof q === 'function' ? { filter: q } : q;
}

/** Whether a row has every `where` value (compared as JSON for arrays and objects). */
export function matchesWhere<T>(row: T, where: Query<T>['where']): boolean {
  if (!where) return true;
  for (const [k, v] of Object.entries(where)) {
    if (v === undefined) continue;
    const have = (row as Record<string, unknown>)[k];
    if (have === v) continue;
    if (v === null || typeof v !== 'object' || JSON.stringify(have) !== JSON.stringify(v)) return false;
  }
  return true;
}

/** The field names of a condition's path (`a.b` -> ['a', 'b']), each a plain identifier (they go into SQL). */
export function pathOf(path: string): string[] {
  let parts = paths.get(path);
  if (parts) return parts;
  parts = path.split('.');
  for (const p of parts) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(p)) throw new AppError('internal', `Bad field name ${path}`);
  if (paths.size < 1000) paths.set(path, parts);
  return parts;
}
/** Paths already checked (conditions are constants of the code: a few dozen). */
const paths = new Map<string, string[]>();

const sameJson = (a: unknown, b: unknown) => a === b || (a !== undefined && b !== null && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

type Test = (row: unknown) => boolean;

function reader(path: string): (row: unknown) => unknown {
  const parts = pathOf(path);
  if (parts.length === 1) {
    const k = parts[0];
    return (row) => (row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[k] : undefined);
  }
  return (row) => {
    let v: unknown = row;
    for (const p of parts) {
      if (v === null || typeof v !== 'object') return undefined;
      v = (v as Record<string, unknown>)[p];
    }
    return v;
  };
}

function compile(c: Cond): Test {
  if ('and' in c) {
    const all = c.and.map(compiled);
    return (row) => all.every((t) => t(row));
  }
  if ('or' in c) {
    const any = c.or.map(compiled);
    return (row) => any.some((t) => t(row));
  }
  if ('not' in c) {
    const t = compiled(c.not);
    return (row) => !t(row);
  }
  const at = reader(c.path);
  if ('set' in c) {
    const want = c.set;
    return (row) => {
      const v = at(row);
      return (v !== undefined && v !== null) === want;
    };
  }
  if ('in' in c) {
    const values = c.in;
    return (row) => {
      const v = at(row);
      return v !== undefined && values.some((x) => sameJson(v, x));
    };
  }
  const eq = c.eq;
  return (row) => {
    const v = at(row);
    return v !== undefined && sameJson(v, eq);
  };
}

/** Conditions compiled once to a function (they are mostly constants of the code), so the file store keeps its speed. */
const tests = new WeakMap<Cond, Test>();
function compiled(c: Cond): Test {
  let t = tests.get(c);
  if (!t) {
    t = compile(c);
    tests.set(c, t);
  }
  return t;
}

/** Whether a row meets a condition (the in-memory meaning of what the PostgreSQL store asks in SQL). */
export function meets(row: unknown, c: Cond): boolean {
  return compiled(c)(row);
}

export function matches<T>(row: T, q: Query<T>): boolean {
  return matchesWhere(row, q.where) && (!q.cond || meets(row, q.cond)) && (!q.filter || q.filter(row));
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Filters, sorts (by `orderBy`, then id) and pages rows held in memory. */
export function runQuery<T extends { id: number }>(rows: Iterable<T>, q: Query<T>): T[] {
  const out: T[] = [];
  for (const row of rows) if (matches(row, q)) out.push(row);
  const dir = q.desc ? -1 : 1;
  const key = q.orderBy;
  out.sort((a, b) => dir * ((key && key !== 'id' ? compare(a[key], b[key]) : 0) || a.id - b.id));
  const start = q.offset ?? 0;
  return start || q.limit !== undefined ? out.slice(start, q.limit !== undefined ? start + q.limit : undefined) : out;
}
