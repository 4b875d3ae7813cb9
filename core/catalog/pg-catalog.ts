import type pg from 'pg';
import { AppError } from '../errors';
import type { ContentType } from '../types';
import { openReplica, type Replica } from './pg-replica';
import type { CatalogStore, Collection, CounterName, ItemRecord, MessageLog, StoredChatMessage, WithId } from './types';

/**
 * The catalog in PostgreSQL (DATABASE_URL), shared by every server and
 * worker: the CatalogStore contract over a replica in this process's memory
 * (./pg-replica.ts). Passes the same contract suite as the lowdb store.
 */

const COLLECTIONS = {
  documents: 'Document', presentations: 'Presentation', videos: 'Video', contentItems: 'Content item', categories: 'Category',
  botImages: 'Image', presentationImages: 'Presentation image', jobs: 'Job', translations: 'Translation', handoffRequests: 'Request', ragTurns: 'Message', authSessions: 'Session',
  auditLog: 'Audit entry', users: 'User', apiTokens: 'API token',
} as const;
type Name = keyof typeof COLLECTIONS;
/** Kept by clearContent. */
const KEEP: Name[] = ['authSessions', 'auditLog', 'users', 'apiTokens'];

class PgCollection<T extends WithId> implements Collection<T> {
  constructor(private readonly r: Replica, private readonly name: string, readonly label: string) {}

  private get rows(): Map<number, T> {
    return this.r.table(this.name) as Map<number, T>;
  }

  list(filter?: (row: T) => boolean): T[] {
    const all = [...this.rows.values()];
    return (filter ? all.filter(filter) : all).sort((a, b) => a.id - b.id);
  }

  count(filter?: (row: T) => boolean): number {
    if (!filter) return this.rows.size;
    let n = 0;
    for (const row of this.rows.values()) if (filter(row)) n++;
    return n;
  }

  get(id: number): T | undefined {
    return this.rows.get(id);
  }

  find(pred: (row: T) => boolean): T | undefined {
    return this.list().find(pred);
  }

  require(id: number): T {
    const row = this.get(id);
    if (!row) throw new AppError('not_found', `${this.label} ${id} was not found`);
    return row;
  }

  private set(row: T) {
    this.rows.set(row.id, row);
    this.r.touch(this.name, row.id);
  }

  insert(data: Omit<T, 'id'>): T {
    return this.r.commit(() => {
      const row = { ...structuredClone(data as object), id: this.r.nextId() } as T;
      this.set(row);
      return structuredClone(row);
    });
  }

  put(row: T): T {
    if (this.get(row.id)) throw new AppError('conflict', `${this.label} ${row.id} already exists`);
    return this.r.commit(() => {
      const copy = structuredClone(row);
      this.set(copy);
      return structuredClone(copy);
    });
  }

  update(id: number, patch: Partial<T> | ((row: T) => void)): T {
    return this.r.commit(() => {
      const row = this.require(id);
      if (typeof patch === 'function') patch(row);
      else Object.assign(row, patch, { id: row.id });
      this.r.touch(this.name, id);
      return structuredClone(row);
    });
  }

  updateWhere(pred: (row: T) => boolean, mutate: (row: T) => void): number {
    return this.r.commit(() => {
      let n = 0;
      for (const row of this.list()) {
        if (!pred(row)) continue;
        mutate(row);
        this.r.touch(this.name, row.id);
        n++;
      }
      return n;
    });
  }

  remove(id: number): T | undefined {
    return this.r.commit(() => {
      const row = this.rows.get(id);
      if (!row) return undefined;
      this.rows.delete(id);
      this.r.touch(this.name, id);
      return row;
    });
  }

  removeWhere(pred: (row: T) => boolean): T[] {
    return this.r.commit(() => this.list().filter(pred).map((row) => this.remove(row.id)!));
  }
}

export interface PgCatalog extends CatalogStore {
  /** Resolves when every write made so far is in PostgreSQL. */
  flush(): Promise<void>;
  /** Applies every change other processes committed so far. */
  catchUp(): Promise<void>;
  /** Calls `fn` after changes from other processes arrived (e.g. a job queued elsewhere). */
  onRemoteChange(fn: () => void): () => void;
  close(): Promise<void>;
}

export async function openPgCatalog(options: { pool: pg.Pool; location: string; pollMs?: number; log?: (msg: string) => void }): Promise<PgCatalog> {
  const r = await openReplica({ pool: options.pool, collections: [...Object.keys(COLLECTIONS), 'chatMessages'], pollMs: options.pollMs, log: options.log });
  const col = <T extends WithId>(name: Name) => new PgCollection<T>(r, name, COLLECTIONS[name]);
  const cols = Object.fromEntries((Object.keys(COLLECTIONS) as Name[]).map((n) => [n, col(n)])) as Record<Name, PgCollection<any>>;

  // Chat messages of earlier versions (moved to the conversation store at start); kept by seq.
  const log = () => r.table('chatMessages') as Map<number, StoredChatMessage>;
  const chatMessages: MessageLog = {
    list: (filter) => [...log().values()].filter((m) => !filter || filter(m)).sort((a, b) => a.seq - b.seq),
    count: () => log().size,
    append: (rows) => r.commit(() => rows.map((row) => {
      const seq = r.nextId();
      const m = { ...structuredClone(row), id: `m${seq}`, seq } as StoredChatMessage;
      log().set(seq, m);
      r.touch('chatMessages', seq);
      return structuredClone(m);
    })),
    removeWhere: (pred) => r.commit(() => {
      let n = 0;
      for (const m of [...log().values()]) {
        if (!pred(m)) continue;
        log().delete(m.seq);
        r.touch('chatMessages', m.seq);
        n++;
      }
      return n;
    }),
  };

  const store: PgCatalog = {
    location: options.location,
    ...cols,
    chatMessages,
    counters: {
      get: (name: CounterName) => r.counter(name),
      increment: (name: CounterName, by = 1) => r.incrementCounter(name, by),
    },
    items(type: ContentType): Collection<ItemRecord> {
      const by = { document: cols.documents, presentation: cols.presentations, video: cols.videos } as const;
      return by[type] as unknown as Collection<ItemRecord>;
    },
    reserveId: () => r.nextId(),
    transaction: <R>(fn: () => R) => r.commit(fn),
    clearContent() {
      r.commit(() => {
        for (const n of [...Object.keys(COLLECTIONS), 'chatMessages'] as Name[]) {
          if (KEEP.includes(n)) continue;
          for (const id of [...r.table(n).keys()]) {
            r.table(n).delete(id);
            r.touch(n, id);
          }
        }
        r.setCounter('botResponses', 0);
      });
    },
    flush: () => r.flush(),
    catchUp: () => r.catchUp(),
    onRemoteChange: (fn) => r.onRemoteChange(fn),
    close: () => r.close(),
  };
  return store;
}
