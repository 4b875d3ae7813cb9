import type pg from 'pg';
import { AppError } from '../errors';
import type { ContentType } from '../types';
import { openReplica, type Replica } from './pg-replica';
import { matches, runQuery, toQuery } from './query';
import type { CatalogStore, Collection, CounterName, ItemRecord, MessageLog, Patch, Select, StoredChatMessage, WithId } from './types';

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

  private listNow(query?: Select<T>): T[] {
    return runQuery(this.rows.values(), toQuery(query));
  }

  async list(query?: Select<T>): Promise<T[]> {
    return this.listNow(query);
  }

  async count(query?: Select<T>): Promise<number> {
    if (!query) return this.rows.size;
    const q = toQuery(query);
    let n = 0;
    for (const row of this.rows.values()) if (matches(row, q)) n++;
    return n;
  }

  async get(id: number): Promise<T | undefined> {
    return this.rows.get(id);
  }

  async find(query: Select<T>): Promise<T | undefined> {
    return runQuery(this.rows.values(), toQuery(query))[0];
  }

  private requireNow(id: number): T {
    const row = this.rows.get(id);
    if (!row) throw new AppError('not_found', `${this.label} ${id} was not found`);
    return row;
  }

  async require(id: number): Promise<T> {
    return this.requireNow(id);
  }

  private set(row: T) {
    this.rows.set(row.id, row);
    this.r.touch(this.name, row.id);
  }

  async insert(data: Omit<T, 'id'>): Promise<T> {
    return this.r.commit(() => {
      const row = { ...structuredClone(data as object), id: this.r.nextId() } as T;
      this.set(row);
      return structuredClone(row);
    });
  }

  async put(row: T): Promise<T> {
    if (this.rows.get(row.id)) throw new AppError('conflict', `${this.label} ${row.id} already exists`);
    return this.r.commit(() => {
      const copy = structuredClone(row);
      this.set(copy);
      return structuredClone(copy);
    });
  }

  async update(id: number, patch: Patch<T>): Promise<T> {
    return this.r.commit(() => {
      const row = this.requireNow(id);
      if (typeof patch === 'function') patch(row);
      else Object.assign(row, patch, { id: row.id });
      this.r.touch(this.name, id);
      return structuredClone(row);
    });
  }

  async updateWhere(query: Select<T>, mutate: (row: T) => void): Promise<number> {
    return this.r.commit(() => {
      let n = 0;
      for (const row of this.listNow(query)) {
        mutate(row);
        this.r.touch(this.name, row.id);
        n++;
      }
      return n;
    });
  }

  async remove(id: number): Promise<T | undefined> {
    return this.removeNow(id);
  }

  private removeNow(id: number): T | undefined {
    return this.r.commit(() => {
      const row = this.rows.get(id);
      if (!row) return undefined;
      this.rows.delete(id);
      this.r.touch(this.name, id);
      return row;
    });
  }

  async removeWhere(query: Select<T>): Promise<T[]> {
    return this.r.commit(() => this.listNow(query).map((row) => this.removeNow(row.id)!));
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
    list: async (filter) => [...log().values()].filter((m) => !filter || filter(m)).sort((a, b) => a.seq - b.seq),
    count: async () => log().size,
    append: async (rows) => r.commit(() => rows.map((row) => {
      const seq = r.nextId();
      const m = { ...structuredClone(row), id: `m${seq}`, seq } as StoredChatMessage;
      log().set(seq, m);
      r.touch('chatMessages', seq);
      return structuredClone(m);
    })),
    removeWhere: async (pred) => r.commit(() => {
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
      get: async (name: CounterName) => r.counter(name),
      increment: async (name: CounterName, by = 1) => r.incrementCounter(name, by),
    },
    items(type: ContentType): Collection<ItemRecord> {
      const by = { document: cols.documents, presentation: cols.presentations, video: cols.videos } as const;
      return by[type] as unknown as Collection<ItemRecord>;
    },
    reserveId: async () => r.nextId(),
    transaction: <R>(fn: (tx: CatalogStore) => Promise<R> | R) => r.commitAsync(() => fn(store)),
    async clearContent() {
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
