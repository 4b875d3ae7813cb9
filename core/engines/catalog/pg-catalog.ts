import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Migration } from '../postgres/migrate';
import type { ContentType } from '../../foundation/types';
import { Db } from './pg-catalog-db';
import { CatalogListener } from './pg-catalog-listener';
import { pgChatMessages } from './pg-chat-messages';
import { PgCollection } from './pg-collection';
import type { CatalogStore, Collection, CounterName, ItemRecord } from './types';

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

const COLLECTIONS = {
  documents: 'Document', presentations: 'Presentation', videos: 'Video', contentItems: 'Content item', categories: 'Category',
  botImages: 'Image', presentationImages: 'Presentation image', jobs: 'Job', translations: 'Translation', ragTurns: 'Message', authSessions: 'Session',
  auditLog: 'Audit entry', users: 'User', apiTokens: 'API token', handoffRequests: 'Request',
  siteRuns: 'Site run',
} as const;
type Name = keyof typeof COLLECTIONS;
/** Kept by clearContent. */
const KEEP: string[] = ['authSessions', 'auditLog', 'users', 'apiTokens'];

export interface PgCatalog extends CatalogStore {
  /** Calls `fn` when another process changed jobs (NOTIFY); returns the unsubscribe. */
  onRemoteChange(fn: () => void): () => void;
  close(): Promise<void>;
}

export async function openPgCatalog(options: { pool: pg.Pool; location: string; log?: (msg: string) => void }): Promise<PgCatalog> {
  const log = options.log ?? (() => {});
  const db = new Db(options.pool, randomUUID());
  const cols = Object.fromEntries((Object.keys(COLLECTIONS) as Name[]).map((n) => [n, new PgCollection<any>(db, n, COLLECTIONS[n])])) as Record<Name, PgCollection<any>>;
  const chatMessages = pgChatMessages(db);
  const listener = new CatalogListener(options.pool, db.origin, log);
  await listener.listen();

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
    onRemoteChange: (fn) => listener.subscribe(fn),
    close: () => listener.close(),
  };
  return store;
}
