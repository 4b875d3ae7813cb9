import type pg from 'pg';
import type { Migration } from '../postgres/migrate';
import { dbError } from '../postgres/pool';
import type { ContentType } from '../../foundation/types';
import type { LocalSearchIndex } from './index';
import type { Chunk, MaintainedSearchIndex } from './types';

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

const FEED_LOCK = 781_202_612;

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

type ChangeRow = { seq: string; op: 'upsert' | 'delete' | 'clear'; item_type: ContentType | null; item_id: number | null; chunk_ids: string[] | null };

export async function createFeedSearchIndex(options: FeedSearchIndexOptions): Promise<FeedSearchIndex> {
  const { index, pool } = options;
  const { lexical } = index;
  const pollMs = options.pollMs ?? 300;
  const keepMs = options.keepMs ?? 3_600_000;
  const log = options.log ?? (() => {});
  let last = 0;
  let closed = false;

  /** Writes one change in the feed's order; returns its position in the feed. */
  async function write(what: string, fn: (c: pg.PoolClient) => Promise<{ rows: Array<{ seq: string }> }>): Promise<number> {
    const c = await pool.connect().catch((e) => {
      throw dbError(e, what);
    });
    try {
      await c.query('BEGIN');
      await c.query('SELECT pg_advisory_xact_lock($1)', [FEED_LOCK]);
      const r = await fn(c);
      await c.query('COMMIT');
      return Number(r.rows[0].seq);
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw dbError(e, what);
    } finally {
      c.release();
    }
  }

  /** Builds the lexical copy from the stored chunks, as of one snapshot of the feed, a page at a time. */
  async function rebuild() {
    const c = await pool.connect();
    try {
      await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const head = await c.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM search_changes');
      lexical.clear();
      for (let after = ''; ;) {
        const rows = await c.query<{ id: string; chunk: Chunk }>('SELECT id, chunk FROM search_chunks WHERE id > $1 ORDER BY id LIMIT 2000', [after]);
        if (rows.rows.length === 0) break;
        lexical.upsert(rows.rows.map((r) => r.chunk));
        after = rows.rows[rows.rows.length - 1].id;
      }
      await c.query('COMMIT');
      setLast(Number(head.rows[0].seq));
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw dbError(e, 'to build the search index from the stored chunks');
    } finally {
      c.release();
    }
  }

  /** The feed position is kept with the lexical file, so a restart only applies what changed since. */
  function setLast(seq: number) {
    last = seq;
    lexical.setMeta('feedSeq', String(seq));
  }

  let catching: Promise<void> | null = null;
  async function applyChanges() {
    const oldest = await pool.query<{ seq: string | null }>('SELECT min(seq) AS seq FROM search_changes');
    if (oldest.rows[0].seq !== null && Number(oldest.rows[0].seq) > last + 1 && last > 0) {
      log('This server fell behind the search change feed: rebuilding its lexical index from the stored chunks');
      await rebuild();
      return;
    }
    for (;;) {
      const r = await pool.query<ChangeRow>('SELECT seq, op, item_type, item_id, chunk_ids FROM search_changes WHERE seq > $1 ORDER BY seq LIMIT 500', [last]);
      for (const ch of r.rows) {
        if (ch.op === 'clear') lexical.clear();
        else if (ch.op === 'delete') lexical.deleteItem(ch.item_type!, ch.item_id!);
        else {
          const rows = await pool.query<{ chunk: Chunk }>('SELECT chunk FROM search_chunks WHERE id = ANY($1)', [ch.chunk_ids]);
          if (rows.rows.length) lexical.upsert(rows.rows.map((x) => x.chunk));
        }
        last = Number(ch.seq);
      }
      if (r.rows.length) setLast(last);
      if (r.rows.length < 500) return;
    }
  }
  const catchUp = () => (catching ??= applyChanges().finally(() => (catching = null)));

  /**
   * Brings the lexical copy to the feed's order up to this process's own
   * change `seq`. A write applies itself to the copy at once, but a poll
   * that read an older change (say, this item's delete) before the write
   * would apply it after, undoing the write here until the next poll: an
   * item re-indexed on a new version went unfound for a moment after it
   * was live. Replaying the feed up to the write before returning closes
   * that window: whoever reads after a write sees the feed's state.
   */
  async function caughtUpTo(seq: number) {
    try {
      while (last < seq && !closed) await catchUp();
    } catch (e) {
      log(`Reading the search change feed failed: ${(e as Error).message}`);
    }
  }

  // A lexical file kept from an earlier run is brought up to date from the feed when the feed still holds every change since.
  const kept = Number(lexical.getMeta('feedSeq') ?? 0);
  const oldest = kept > 0 ? await pool.query<{ seq: string | null }>('SELECT min(seq) AS seq FROM search_changes') : null;
  if (oldest?.rows[0].seq != null && Number(oldest.rows[0].seq) <= kept + 1) {
    last = kept;
    await catchUp();
    log(`Search: lexical index kept from the last run (${lexical.count()} chunks), changes since applied; following the change feed`);
  } else {
    await rebuild();
    log(`Search: lexical index built from PostgreSQL (${lexical.count()} chunks); following the change feed`);
  }
  let ticks = 0;
  const timer = setInterval(() => {
    if (closed) return;
    void catchUp().catch((e: Error) => log(`Reading the search change feed failed: ${e.message}`));
    if (++ticks % Math.max(1, Math.round(60_000 / pollMs)) === 0) {
      void pool.query('DELETE FROM search_changes WHERE at < now() - make_interval(secs => $1)', [keepMs / 1000]).catch(() => {});
    }
  }, pollMs);
  timer.unref();

  return {
    async upsert(chunks, onProgress) {
      if (!chunks.length) return;
      await index.upsert(chunks, onProgress);
      const seq = await write('to record indexed chunks', async (c) => {
        await c.query(
          `INSERT INTO search_chunks (id, item_type, item_id, chunk) SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::jsonb[])
           ON CONFLICT (id) DO UPDATE SET chunk = EXCLUDED.chunk, item_type = EXCLUDED.item_type, item_id = EXCLUDED.item_id`,
          [chunks.map((x) => x.id), chunks.map((x) => x.itemType), chunks.map((x) => x.itemId), chunks.map((x) => JSON.stringify(x))],
        );
        return c.query<{ seq: string }>(`INSERT INTO search_changes (op, chunk_ids) VALUES ('upsert', $1) RETURNING seq`, [chunks.map((x) => x.id)]);
      });
      await caughtUpTo(seq);
    },
    async deleteItem(itemType, itemId) {
      await index.deleteItem(itemType, itemId);
      const seq = await write('to remove indexed chunks', async (c) => {
        await c.query('DELETE FROM search_chunks WHERE item_type = $1 AND item_id = $2', [itemType, itemId]);
        return c.query<{ seq: string }>(`INSERT INTO search_changes (op, item_type, item_id) VALUES ('delete', $1, $2) RETURNING seq`, [itemType, itemId]);
      });
      await caughtUpTo(seq);
    },
    async clear() {
      await index.clear();
      const seq = await write('to empty the search index', async (c) => {
        await c.query('TRUNCATE search_chunks');
        return c.query<{ seq: string }>(`INSERT INTO search_changes (op) VALUES ('clear') RETURNING seq`);
      });
      await caughtUpTo(seq);
    },
    search: (q, o) => index.search(q, o),
    count: () => index.count(),
    health: () => index.health(),
    needsReindex: () => index.needsReindex(),
    reindex: (o) => index.reindex(o),
    catchUp,
    async close() {
      closed = true;
      clearInterval(timer);
      await catching?.catch(() => {});
      await index.close();
    },
  };
}
