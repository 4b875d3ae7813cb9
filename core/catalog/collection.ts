import { AppError } from '../errors';
import type { Collection, WithId } from './types';

/**
 * A typed view of one array in the lowdb catalog. Reads are from memory;
 * every write goes through `commit`, which writes the whole file
 * synchronously (temp file + rename) before returning, so an acknowledged
 * write survives a kill.
 */
export class LowdbCollection<T extends WithId> implements Collection<T> {
  constructor(
    private readonly rows: () => T[],
    private readonly nextId: () => number,
    private readonly commit: (mutate: () => void) => void,
    readonly label: string,
  ) {}

  list(filter?: (row: T) => boolean): T[] {
    const all = this.rows();
    return (filter ? all.filter(filter) : [...all]).sort((a, b) => a.id - b.id);
  }

  count(filter?: (row: T) => boolean): number {
    return filter ? this.rows().filter(filter).length : this.rows().length;
  }

  get(id: number): T | undefined {
    return this.rows().find((r) => r.id === id);
  }

  find(pred: (row: T) => boolean): T | undefined {
    return this.rows().find(pred);
  }

  require(id: number): T {
    const row = this.get(id);
    if (!row) throw new AppError('not_found', `${this.label} ${id} was not found`);
    return row;
  }

  insert(data: Omit<T, 'id'>): T {
    let row!: T;
    this.commit(() => {
      row = { ...(data as object), id: this.nextId() } as T;
      this.rows().push(row);
    });
    return structuredClone(row);
  }

  put(row: T): T {
    if (this.get(row.id)) throw new AppError('conflict', `${this.label} ${row.id} already exists`);
    const copy = structuredClone(row);
    this.commit(() => void this.rows().push(copy));
    return structuredClone(copy);
  }

  update(id: number, patch: Partial<T> | ((row: T) => void)): T {
    let out!: T;
    this.commit(() => {
      const row = this.require(id);
      if (typeof patch === 'function') patch(row);
      else Object.assign(row, patch, { id: row.id });
      out = structuredClone(row);
    });
    return out;
  }

  updateWhere(pred: (row: T) => boolean, mutate: (row: T) => void): number {
    let n = 0;
    this.commit(() => {
      for (const row of this.rows()) {
        if (!pred(row)) continue;
        mutate(row);
        n++;
      }
    });
    return n;
  }

  remove(id: number): T | undefined {
    let removed: T | undefined;
    this.commit(() => {
      const rows = this.rows();
      const i = rows.findIndex((r) => r.id === id);
      if (i >= 0) [removed] = rows.splice(i, 1);
    });
    return removed;
  }

  removeWhere(pred: (row: T) => boolean): T[] {
    const removed: T[] = [];
    this.commit(() => {
      const rows = this.rows();
      for (let i = rows.length - 1; i >= 0; i--) {
        if (pred(rows[i])) removed.unshift(...rows.splice(i, 1));
      }
    });
    return removed;
  }
}
