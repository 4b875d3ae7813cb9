import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createPgSessionStore, sessionMigrations } from '../features/auth/pg-sessions';
import { createCatalogSessionStore, type SessionStore } from '../features/auth/sessions';
import { openCatalog } from '../engines/catalog/catalog';
import { existsSync } from 'node:fs';
import { ROW_COLLECTIONS, readCatalogFile } from '../engines/catalog/catalog-file';
import { catalogMigrations, openPgCatalog } from '../engines/catalog/pg-catalog';
import { pgCatalogIsEmpty } from '../engines/catalog/pg-import';
import { AppError } from '../foundation/errors';
import type { Catalog } from '../engines/catalog/types';
import type { Config } from '../foundation/config';
import { openFileConversationStore } from '../engines/conversations/file-store';
import { importLegacyConversations } from '../engines/conversations/legacy';
import { conversationMigrations, openPgConversationStore } from '../engines/conversations/pg-store';
import type { ConversationStore } from '../engines/conversations/types';
import { createLocalJobClaims, type JobClaims } from '../engines/jobs/claims';
import { createPgJobClaims, jobClaimMigrations } from '../engines/jobs/pg-claims';
import { createMemoryRateLimitStore } from '../engines/limits/memory';
import { createPgRateLimitStore, rateLimitMigrations } from '../engines/limits/pg';
import type { RateLimitStore } from '../engines/limits/types';
import { migrate, type Migration } from '../engines/postgres/migrate';
import { openPool, redact } from '../engines/postgres/pool';
import { searchFeedMigrations } from '../engines/search/feed';
import { settingsMigrations } from '../features/widget/pg-settings';
import { questionLogMigrations } from '../features/analytics/pg-log';
import { translationMemoryMigrations } from '../features/translate/pg-memory';

/**
 * Where the product's state lives: the data folder (lowdb catalog, a file
 * per conversation, sessions in the catalog, limits and job claims in this
 * process) on one machine; PostgreSQL (DATABASE_URL) when several servers
 * and workers share it, with the migrations applied at start.
 */
export interface SharedState {
  catalog: Catalog;
  conversations: ConversationStore;
  sessions: SessionStore;
  rateLimits: RateLimitStore;
  claims: JobClaims;
  /** The PostgreSQL pool when DATABASE_URL is set. */
  pool: pg.Pool | null;
  /** Calls `fn` when another process changed the catalog (PostgreSQL only). */
  onRemoteChange(fn: () => void): void;
  close(): Promise<void>;
}

export const postgresMigrations: Migration[] = [
  ...catalogMigrations, ...conversationMigrations, ...sessionMigrations, ...rateLimitMigrations, ...jobClaimMigrations, ...searchFeedMigrations, ...settingsMigrations,
  ...translationMemoryMigrations, ...questionLogMigrations,
];

/** Names this process in job claims and logs: host and process id. */
export const workerName = () => `${os.hostname()}:${process.pid}`;

export async function openSharedState(config: Config, log: (msg: string) => void = () => {}, options: { migrating?: boolean } = {}): Promise<SharedState> {
  const retention = { maxAgeDays: config.conversations.retentionDays, maxMessages: config.conversations.maxMessages };
  if (config.databaseUrl) {
    const pool = await openPool({ url: config.databaseUrl, max: 20 });
    const closers: Array<() => Promise<void>> = [() => pool.end()];
    const close = async () => {
      for (const c of closers.reverse()) await c().catch(() => {});
    };
    try {
      const applied = await migrate(pool, postgresMigrations);
      if (applied.length) log(`Database migrations applied: ${applied.join(', ')}`);
      if (!options.migrating) await refuseUnmigratedFolder(pool, config.dataDir);
      const catalog = await openPgCatalog({ pool, location: redact(config.databaseUrl), log });
      closers.push(() => catalog.close());
      const conversations = await openPgConversationStore({ pool, retention });
      closers.push(() => conversations.close());
      await importLegacyConversations(catalog, conversations, log);
      return {
        catalog, conversations, sessions: createPgSessionStore(pool), rateLimits: createPgRateLimitStore({ pool }),
        claims: createPgJobClaims({ pool, leaseMs: config.worker.leaseMs, worker: workerName() }), pool,
        onRemoteChange: (fn) => void catalog.onRemoteChange(fn),
        close,
      };
    } catch (e) {
      await close();
      throw e;
    }
  }
  const catalog = openCatalog(config.dataDir);
  const conversations = await openFileConversationStore({ dir: path.join(config.dataDir, 'conversations'), retention });
  await importLegacyConversations(catalog, conversations, log);
  return {
    catalog, conversations, sessions: createCatalogSessionStore(catalog), rateLimits: createMemoryRateLimitStore(), claims: createLocalJobClaims(),
    pool: null, onRemoteChange: () => {},
    close: () => conversations.close(),
  };
}

/**
 * A server started with DATABASE_URL on an empty database beside a data
 * folder that holds a catalog would serve an empty catalog (and answer from
 * the folder's old index): it refuses, naming `cms migrate`.
 */
async function refuseUnmigratedFolder(pool: pg.Pool, dataDir: string) {
  const file = path.join(dataDir, 'db.json');
  if (!existsSync(file) || !(await pgCatalogIsEmpty(pool))) return;
  const data = readCatalogFile(file);
  const items = ROW_COLLECTIONS.reduce((n, k) => n + ((data?.[k] as unknown[] | undefined)?.length ?? 0), 0);
  if (!items) return;
  throw new AppError('conflict',
    `DATABASE_URL points at an empty database, but the data folder ${dataDir} holds a catalog (${file}, ${items} records). ` +
    `Copy it into the database first: \`cms migrate ${dataDir}\` (with the same DATABASE_URL, S3_* and CHROMA_URL), then start again. ` +
    'To start empty instead, move db.json out of the data folder.', { details: { file } });
}
