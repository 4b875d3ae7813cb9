import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import { distinctValues, matcher, runQuery, toQuery, valueAt } from './query';
import type { Collection, CountQuery, Patch, Select, WithId } from './types';

/**
 * A typed view of one array in the lowdb catalog. Reads are from memory
 * (rows as held, not copies: change them only through the write methods);
 * every write goes through `write`, which applies the change and writes the
 * whole file (temp file + rename) before it resolves, so an acknowledged
 * write survives a kill.
 */
export class LowdbCollection<T extends WithId> implements Collection<T> {
  constructor(
    private readonly rows: () => T[],
    private readonly nextId: () => number,
    private readonly write: <R>(mutate: () => R) => Promise<R>,
    readonly label: string,
    /** Changes when any data of the catalog changed (distinct's answers are kept until then). */
    private readonly generation: () => number = () => NaN,
  ) {}

  /** distinct's answers by path and query, for the generation they were read in. */
  private readonly kept = new Map<string, { generation: number; values: unknown[] }>();

  private getNow(id: number): T | undefined {
    return this.rows().find((r) => r.id === id);
  }

  private requireNow(id: number): T {
    const row = this.getNow(id);
    if (!row) throw refusal('not_found', 'refusal.not_found', { id }, `${this.label} ${id} was not found`);
    return row;
  }

  async list(query?: Select<T>): Promise<T[]> {
    return runQuery(this.rows(), toQuery(query));
  }

  async count(query?: Select<T>): Promise<number> {
    if (!query) return this.rows().length;
    const test = matcher(toQuery(query));
    let n = 0;
    for (const row of this.rows()) if (test(row)) n++;
    return n;
  }

  async counts<K extends string>(queries: Record<K, CountQuery<T>>): Promise<Record<K, number>> {
    const keys = Object.keys(queries) as K[];
    const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
    const tests = keys.map((k) => [k, matcher(queries[k])] as const);
    for (const row of this.rows()) for (const [k, test] of tests) if (test(row)) out[k]++;
    return out;
  }

  /** Kept until the catalog's data changes: chat asks for the languages before every answer. */
  async distinct(path: string, query: CountQuery<T> = {}): Promise<unknown[]> {
    const key = JSON.stringify([path, query.where ?? null, query.cond ?? null]);
    const generation = this.generation();
    let kept = this.kept.get(key);
    if (!kept || kept.generation !== generation) {
      const values: unknown[] = [];
      const test = matcher(query);
      for (const row of this.rows()) if (test(row)) values.push(valueAt(row, path));
      kept = { generation, values: distinctValues(values) };
      if (this.kept.size >= 100) this.kept.clear();
      this.kept.set(key, kept);
    }
    return structuredClone(kept.values);
  }

  async get(id: number): Promise<T | undefined> {
    return this.getNow(id);
  }

  async find(query: Select<T>): Promise<T | undefined> {
    const q = toQuery(query);
    if (q.orderBy || q.desc || q.offset) return runQuery(this.rows(), { ...q, limit: 1 })[0];
    return this.rows().find(matcher(q));
  }

  async require(id: number): Promise<T> {
    return this.requireNow(id);
  }

  insert(data: Omit<T, 'id'>): Promise<T> {
    return this.write(() => {
      const row = { ...structuredClone(data as object), id: this.nextId() } as T;
      this.rows().push(row);
      return structuredClone(row);
    });
  }

  put(row: T): Promise<T> {
    return this.write(() => {
      if (this.getNow(row.id)) throw new AppError('conflict', `${this.label} ${row.id} already exists`);
      const copy = structuredClone(row);
      this.rows().push(copy);
      return structuredClone(copy);
    });
  }

  update(id: number, patch: Patch<T>): Promise<T> {
    return this.write(() => {
      const row = this.requireNow(id);
      if (typeof patch === 'function') patch(row);
      else Object.assign(row, patch, { id: row.id });
      return structuredClone(row);
    });
  }

  updateWhere(query: Select<T>, mutate: (row: T) => void): Promise<number> {
    const test = matcher(toQuery(query));
    return this.write(() => {
      let n = 0;
      for (const row of this.rows()) {
        if (!test(row)) continue;
        mutate(row);
        n++;
      }
      return n;
    });
  }

  remove(id: number): Promise<T | undefined> {
    return this.write(() => {
      const rows = this.rows();
      const i = rows.findIndex((r) => r.id === id);
      return i >= 0 ? rows.splice(i, 1)[0] : undefined;
    });
  }

  removeWhere(query: Select<T>): Promise<T[]> {
    const test = matcher(toQuery(query));
    return this.write(() => {
      const removed: T[] = [];
      const rows = this.rows();
      for (let i = rows.length - 1; i >= 0; i--) {
        if (test(rows[i])) removed.unshift(...rows.splice(i, 1));
      }
      return removed;
    });
  }
}
