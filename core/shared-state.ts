import path from 'node:path';
import type pg from 'pg';
import { createPgSessionStore, sessionMigrations } from './auth/pg-sessions';
import { createCatalogSessionStore, type SessionStore } from './auth/sessions';
import type { Catalog } from './catalog/catalog';
import type { Config } from './config';
import { openFileConversationStore } from './conversations/file-store';
import { importLegacyConversations } from './conversations/legacy';
import { conversationMigrations, createPgConversationStore } from './conversations/pg-store';
import type { ConversationStore } from './conversations/types';
import { createMemoryRateLimitStore } from './limits/memory';
import { createPgRateLimitStore, rateLimitMigrations } from './limits/pg';
import type { RateLimitStore } from './limits/types';
import { migrate, type Migration } from './postgres/migrate';
import { openPool } from './postgres/pool';

/**
 * The state a visitor's requests touch (conversations, sign-in sessions,
 * rate-limit counts): in the data folder and memory on one machine, in
 * PostgreSQL (DATABASE_URL) when several servers must share it.
 */
export interface SharedState {
  conversations: ConversationStore;
  sessions: SessionStore;
  rateLimits: RateLimitStore;
  /** The PostgreSQL pool when DATABASE_URL is set. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

export const sharedStateMigrations: Migration[] = [...conversationMigrations, ...sessionMigrations, ...rateLimitMigrations];

export async function openSharedState(config: Config, catalog: Catalog, log: (msg: string) => void = () => {}): Promise<SharedState> {
  const retention = { maxAgeDays: config.conversations.retentionDays, maxMessages: config.conversations.maxMessages };
  if (config.databaseUrl) {
    const pool = await openPool({ url: config.databaseUrl, max: 20 });
    try {
      const applied = await migrate(pool, sharedStateMigrations);
      if (applied.length) log(`Database migrations applied: ${applied.join(', ')}`);
    } catch (e) {
      await pool.end().catch(() => {});
      throw e;
    }
    const conversations = createPgConversationStore({ pool, retention });
    await importLegacyConversations(catalog, conversations, log);
    return {
      conversations, sessions: createPgSessionStore(pool), rateLimits: createPgRateLimitStore({ pool }), pool,
      async close() {
        await conversations.close();
        await pool.end();
      },
    };
  }
  const conversations = await openFileConversationStore({ dir: path.join(config.dataDir, 'conversations'), retention });
  await importLegacyConversations(catalog, conversations, log);
  return {
    conversations, sessions: createCatalogSessionStore(catalog), rateLimits: createMemoryRateLimitStore(), pool: null,
    close: () => conversations.close(),
  };
}
