import type pg from 'pg';
import type { Migration } from '../postgres/migrate';
import { FeedFollower } from './feed-follower';
import { recordClear, recordDelete, recordUpsert } from './feed-writes';
import type { LocalSearchIndex } from './index';
import type { MaintainedSearchIndex } from './types';

/**
 * The search index when several servers share PostgreSQL: vectors live in
 * the shared Chroma, the lexical index in each process's memory. Every
 * write also stores the chunks in `search_chunks` and appends a row to the
 * change feed `search_changes`; each process tails the feed (every
 * `pollMs`) and applies the changes to its lexical copy, and a process
 * that starts, or fell behind the pruned part of the feed, builds its copy
 * from `search_chunks`. Writers take one advisory lock per change so that
 * feed rows become visible in their order.
 */

export const searchFeedMigrations: Migration[] = [{
  name: 'search-feed-001',
  sql: `
    CREATE TABLE search_chunks (id text PRIMARY KEY, item_type text NOT NULL, item_id int NOT NULL, chunk jsonb NOT NULL);
    CREATE INDEX search_chunks_item ON search_chunks (item_type, item_id);
    CREATE TABLE search_changes (
      seq bigserial PRIMARY KEY, op text NOT NULL, item_type text, item_id int, chunk_ids text[],
      at timestamptz NOT NULL DEFAULT now());`,
}];

export interface FeedSearchIndexOptions {
  index: LocalSearchIndex;
  pool: pg.Pool;
  /** How often the feed is read (default 300 ms). */
  pollMs?: number;
  /** Feed rows older than this are removed (default one hour); a process further behind rebuilds. */
  keepMs?: number;
  log?: (msg: string) => void;
}

export interface FeedSearchIndex extends MaintainedSearchIndex {
  /** Applies every change committed so far (tests, and before answering "is it indexed here?"). */
  catchUp(): Promise<void>;
}

/** The search index over a local one (./index.ts), shared through PostgreSQL's change feed (see above). */
export async function createFeedSearchIndex(options: FeedSearchIndexOptions): Promise<FeedSearchIndex> {
  const { index, pool } = options;
  const pollMs = options.pollMs ?? 300;
  const keepMs = options.keepMs ?? 3_600_000;
  const feed = new FeedFollower(pool, index.lexical, options.log ?? (() => {}));
  await feed.start();
  feed.follow(pollMs, keepMs);

  return {
    async upsert(chunks, onProgress) {
      if (!chunks.length) return;
      await index.upsert(chunks, onProgress);
      await feed.caughtUpTo(await recordUpsert(pool, chunks));
    },
    async deleteItem(itemType, itemId) {
      await index.deleteItem(itemType, itemId);
      await feed.caughtUpTo(await recordDelete(pool, itemType, itemId));
    },
    async clear() {
      await index.clear();
      await feed.caughtUpTo(await recordClear(pool));
    },
    search: (q, o) => index.search(q, o),
    count: () => index.count(),
    health: () => index.health(),
    needsReindex: () => index.needsReindex(),
    reindex: (o) => index.reindex(o),
    catchUp: feed.catchUp,
    async close() {
      await feed.stop();
      await index.close();
    },
  };
}
