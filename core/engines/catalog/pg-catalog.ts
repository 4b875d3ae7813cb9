import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import type { Migration } from '../postgres/migrate';
import { dbError } from '../postgres/pool';
import type { ContentType } from '../../foundation/types';
import { pathOf, runQuery, toQuery } from './query';
import type { CatalogStore, Collection, Cond, CounterName, CountQuery, ItemRecord, MessageLog, Patch, Query, Select, StoredChatMessage, WithId } from './types';

/**
 * The catalog in PostgreSQL (DATABASE_URL), shared by every server and
 * worker, read and written in PostgreSQL itself (nothing of it is held in
 * this process):
 * - one row per record in `catalog_rows` (collection, id, data jsonb), ids
 *   from one sequence; a write resolves after its COMMIT;
 * - `update` with a mutator reads the row FOR UPDATE and writes it in one
 *   transaction, an object patch is merged in one statement, so two
 *   processes changing one record both apply; a deadlock between
 *   transactions is refused with AppError('conflict') (HTTP 409), never
 *   half applied;
 * - `where` is asked in SQL (jsonb containment, GIN index), as are order,
 *   limit and offset when no in-process `filter` is given;
 * - `transaction(fn)` is one SQL transaction: calls made while `fn` runs
 *   (on `tx` or on this store) use its connection (AsyncLocalStorage);
 * - a change to jobs is announced with NOTIFY so idle workers look at once.
 */

export const catalogMigrations: Migration[] = [{
  name: 'catalog-001',
  sql: `
    CREATE TABLE catalog_rows (collection text NOT NULL, id bigint NOT NULL, data jsonb NOT NULL, PRIMARY KEY (collection, id));
    CREATE TABLE catalog_counters (name text PRIMARY KEY, value bigint NOT NULL);
    CREATE SEQUENCE catalog_ids INCREMENT BY 10000 START WITH 1;
    CREATE TABLE catalog_changes (seq bigserial PRIMARY KEY, origin text NOT NULL, ops jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now());`,
}, {
  // The store reads and writes PostgreSQL directly: ids one at a time, lists by field values through an index, no change feed.
  name: 'catalog-002',
  sql: `
    SELECT setval('catalog_ids', greatest((SELECT coalesce(max(id), 0) FROM catalog_rows), (SELECT last_value + 9999 FROM catalog_ids)));
    ALTER SEQUENCE catalog_ids INCREMENT BY 1;
    CREATE INDEX catalog_rows_data ON catalog_rows USING gin (data jsonb_path_ops);
    DROP TABLE catalog_changes;`,
}, {
  // The lists' condition (not a new version's draft: views.ts LISTED, as condSql writes it): pages and totals of a
  // 100,000-item collection read this index (a count is an index-only scan) instead of every row's data.
  name: 'catalog-003',
  sql: `CREATE INDEX catalog_rows_listed ON catalog_rows (collection, id) WHERE NOT coalesce(jsonb_typeof(data->'versionOf') <> 'null', false);`,
}, {
  // The items' languages (chat asks for them before every answer): `distinct('sourceLanguage')` steps through this index,
  // one lookup per language, instead of reading every item.
  name: 'catalog-004',
  sql: `CREATE INDEX catalog_rows_language ON catalog_rows (collection, (data->'sourceLanguage')) WHERE collection IN ('documents', 'presentations', 'videos');`,
}];

/** Fields with an index on (collection, value): `distinct` steps through it (a loose index scan) instead of reading every row. */
const DISTINCT_INDEXED = new Set(['sourceLanguage']);

const COLLECTIONS = {
  documents: 'Document', presentations: 'Presentation', videos: 'Video', contentItems: 'Content item', categories: 'Category',
  botImages: 'Image', presentationImages: 'Presentation image', jobs: 'Job', translations: 'Translation', ragTurns: 'Message', authSessions: 'Session',
  auditLog: 'Audit entry', users: 'User', apiTokens: 'API token', handoffRequests: 'Request',
  siteRuns: 'Site run',
} as const;
type Name = keyof typeof COLLECTIONS;
/** Kept by clearContent. */
const KEEP: string[] = ['authSessions', 'auditLog', 'users', 'apiTokens'];
const CHANNEL = 'catalog_change';

type Run = <R extends pg.QueryResultRow = any>(sql: string, params?: unknown[]) => Promise<pg.QueryResult<R>>;

/** A field name safe to put in SQL (top-level keys of records are identifiers). */
function field(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new AppError('internal', `Bad field name ${name}`);
  return name;
}

function driverError(e: unknown, what: string): AppError {
  const code = (e as { code?: string })?.code;
  if (code === '40P01' || code === '40001') {
    return new AppError('conflict', `Another change to the same record was being saved at the same moment (${what}); nothing was changed. Try again.`, { cause: e });
  }
  return dbError(e, what);
}

class Db {
  readonly tx = new AsyncLocalStorage<pg.PoolClient>();
  constructor(readonly pool: pg.Pool, readonly origin: string) {}

  /** Runs one statement in the current transaction, or on its own (committed when it returns). */
  run: Run = async (sql, params) => {
    const c = this.tx.getStore();
    try {
      return await (c ? c.query(sql, params) : this.pool.query(sql, params));
    } catch (e) {
      throw driverError(e, 'to save the catalog');
    }
  };

  /** Runs `fn` in one SQL transaction (joining the current one). */
  async atomic<R>(fn: () => Promise<R>): Promise<R> {
    if (this.tx.getStore()) return fn();
    let c: pg.PoolClient;
    try {
      c = await this.pool.connect();
    } catch (e) {
      throw dbError(e, 'to open a connection for the catalog');
    }
    try {
      await c.query('BEGIN');
      const out = await this.tx.run(c, fn);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e instanceof AppError ? e : driverError(e, 'to save the catalog');
    } finally {
      c.release();
    }
  }

  notify(collection: string) {
    return this.run('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin: this.origin, collection })]);
  }
}

/** The SQL of the value at a condition's path (names checked by pathOf). */
function atSql(path: string): string {
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
function sqlOf<T>(q: Query<T>, params: unknown[]): { where: string; tail: string } {
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

class PgCollection<T extends WithId> implements Collection<T> {
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

export interface PgCatalog extends CatalogStore {
  /** Calls `fn` when another process changed jobs (NOTIFY); returns the unsubscribe. */
  onRemoteChange(fn: () => void): () => void;
  close(): Promise<void>;
}

export async function openPgCatalog(options: { pool: pg.Pool; location: string; log?: (msg: string) => void }): Promise<PgCatalog> {
  const log = options.log ?? (() => {});
  const db = new Db(options.pool, randomUUID());
  const cols = Object.fromEntries((Object.keys(COLLECTIONS) as Name[]).map((n) => [n, new PgCollection<any>(db, n, COLLECTIONS[n])])) as Record<Name, PgCollection<any>>;

  // Chat messages of earlier versions (moved to the conversation store at start); kept by seq.
  const messages = new PgCollection<StoredChatMessage & { id: any }>(db, 'chatMessages', 'Message');
  const bySeq = (rows: StoredChatMessage[]) => rows.sort((a, b) => a.seq - b.seq);
  const chatMessages: MessageLog = {
    list: async (filter) => bySeq(await messages.list(filter ? { filter } : undefined)),
    count: () => messages.count(),
    append: (rows) => db.atomic(async () => {
      const out: StoredChatMessage[] = [];
      for (const row of rows) {
        const r = await db.run<{ data: StoredChatMessage }>(
          `WITH n AS (SELECT nextval('catalog_ids') AS seq)
           INSERT INTO catalog_rows (collection, id, data) SELECT 'chatMessages', n.seq, $1::jsonb || jsonb_build_object('id', 'm' || n.seq, 'seq', n.seq) FROM n RETURNING data`,
          [JSON.stringify(row)],
        );
        out.push(r.rows[0].data);
      }
      return out;
    }),
    removeWhere: (pred) => db.atomic(async () => {
      const gone = (await messages.list({ filter: pred })).map((m) => m.seq);
      if (gone.length) await db.run("DELETE FROM catalog_rows WHERE collection = 'chatMessages' AND id = ANY($1::bigint[])", [gone]);
      return gone.length;
    }),
  };

  const listeners = new Set<() => void>();
  let listener: pg.PoolClient | null = null;
  let closed = false;
  const listen = async () => {
    try {
      const c = await options.pool.connect();
      c.on('notification', (n) => {
        try {
          if (JSON.parse(n.payload ?? '{}').origin === db.origin) return;
        } catch { /* not ours */ }
        for (const f of listeners) f();
      });
      c.on('error', () => {
        listener = null;
        c.release(true);
        if (!closed) setTimeout(() => void listen(), 1000).unref();
      });
      await c.query(`LISTEN ${CHANNEL}`);
      listener = c;
    } catch (e) {
      log(`Listening for catalog changes failed: ${(e as Error).message}; workers still look for work on their timer`);
    }
  };
  await listen();

  const store: PgCatalog = {
    location: options.location,
    ...cols,
    chatMessages,
    counters: {
      get: async (name: CounterName) => Number((await db.run<{ value: string }>('SELECT value FROM catalog_counters WHERE name = $1', [name])).rows[0]?.value ?? 0),
      increment: async (name: CounterName, by = 1) => Number((await db.run<{ value: string }>(
        'INSERT INTO catalog_counters VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = catalog_counters.value + $2 RETURNING value', [name, by],
      )).rows[0].value),
    },
    items(type: ContentType): Collection<ItemRecord> {
      const by = { document: cols.documents, presentation: cols.presentations, video: cols.videos } as const;
      return by[type] as unknown as Collection<ItemRecord>;
    },
    reserveId: async () => Number((await db.run<{ v: string }>("SELECT nextval('catalog_ids') AS v")).rows[0].v),
    transaction: <R>(fn: (tx: CatalogStore) => Promise<R> | R) => db.atomic(async () => fn(store)),
    clearContent: () => db.atomic(async () => {
      await db.run('DELETE FROM catalog_rows WHERE NOT (collection = ANY($1::text[]))', [KEEP]);
      await db.run("INSERT INTO catalog_counters VALUES ('botResponses', 0) ON CONFLICT (name) DO UPDATE SET value = 0");
      await db.notify('jobs');
    }),
    onRemoteChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async close() {
      closed = true;
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        listener.release();
        listener = null;
      }
    },
  };
  return store;
}

