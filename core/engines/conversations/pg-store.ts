import type pg from 'pg';
import { AppError } from '../../foundation/errors';
import { dbError } from '../postgres/pool';
import type { Migration } from '../postgres/migrate';
import { notifyChange, openLastTimeFeed, type LastTimeFeed } from './pg-feed';
import {
  DEFAULT_RETENTION, type ConversationKind, type ConversationStats, type ConversationStore, type ReadOptions,
  type RetentionPolicy, type StoredMessage,
} from './types';

/**
 * Conversations in PostgreSQL, shared by every server. A conversation row
 * holds its last seq and time, so an append is one upsert (which serialises
 * writers of the same conversation) plus one insert; counts are kept in a
 * one-row counters table in the same transaction (taken last, so writers
 * never wait on each other in a cycle), never counted by a scan. Each
 * conversation's last time is also kept in memory (./pg-feed.ts).
 */

export const conversationMigrations: Migration[] = [{
  name: 'conversations-001',
  sql: `
    CREATE TABLE conversations (
      kind text NOT NULL, id text NOT NULL, last_seq bigint NOT NULL, last_at bigint NOT NULL, messages int NOT NULL,
      PRIMARY KEY (kind, id));
    CREATE INDEX conversations_last_at ON conversations (last_at);
    CREATE TABLE conversation_messages (
      kind text NOT NULL, conversation_id text NOT NULL, seq bigint NOT NULL, at bigint NOT NULL, data jsonb NOT NULL,
      PRIMARY KEY (kind, conversation_id, seq));
    CREATE TABLE conversation_counters (
      id int PRIMARY KEY DEFAULT 1 CHECK (id = 1), conversations bigint NOT NULL, messages bigint NOT NULL, exchanges bigint NOT NULL);
    INSERT INTO conversation_counters VALUES (1, 0, 0, 0);`,
}];

export interface PgConversationStoreOptions {
  pool: pg.Pool;
  /**
   * Keep each conversation's last time in memory, current through
   * LISTEN/NOTIFY, so that a poll with nothing new needs no query. Needs
   * one more connection. Default true.
   */
  listen?: boolean;
  retention?: Partial<RetentionPolicy>;
  now?: () => number;
  /** How often old conversations are removed; 0 turns the timer off. Default hourly. */
  pruneEveryMs?: number;
}

const KINDS: ConversationKind[] = ['chat', 'search'];

/** An open PostgreSQL store's parts, passed to each operation. */
interface PgStore {
  pool: pg.Pool;
  policy: RetentionPolicy;
  clock: () => number;
  feed: LastTimeFeed;
}

export async function openPgConversationStore(options: PgConversationStoreOptions): Promise<ConversationStore> {
  const { pool } = options;
  const policy: RetentionPolicy = { ...DEFAULT_RETENTION, ...options.retention };
  const clock = options.now ?? Date.now;
  const feed = await openLastTimeFeed(pool, options.listen !== false);
  const s: PgStore = { pool, policy, clock, feed };

  const store: ConversationStore = {
    async append<T extends object>(kind: ConversationKind, id: string, messages: T[]) {
      checkKind(kind);
      return appendExchange(s, kind, id, messages);
    },
    async read<T extends object>(kind: ConversationKind, id: string, o: ReadOptions = {}) {
      checkKind(kind);
      return readMessages<T>(s, kind, id, o);
    },
    async clear(kind, id) {
      checkKind(kind);
      return clearConversation(s, kind, id);
    },
    async stats() {
      return readCounters(pool);
    },
    async prune(now = new Date(clock())) {
      return pruneIdle(s, now);
    },
    async clearAll() {
      await tx(pool, 'to remove every conversation', async (c) => {
        await c.query('TRUNCATE conversations, conversation_messages');
        await c.query('UPDATE conversation_counters SET conversations = 0, messages = 0, exchanges = 0');
      });
      feed.clear();
    },
    async close() {
      if (pruneTimer) clearInterval(pruneTimer);
      await feed.close();
    },
  };

  const every = options.pruneEveryMs ?? 3_600_000;
  const pruneTimer = every > 0 ? setInterval(() => void store.prune().catch(() => {}), every) : null;
  pruneTimer?.unref();
  return store;
}

function checkKind(kind: ConversationKind) {
  if (!KINDS.includes(kind)) throw new AppError('validation', `Unknown conversation kind ${String(kind)}`);
}

async function tx<R>(pool: pg.Pool, what: string, fn: (c: pg.PoolClient) => Promise<R>): Promise<R> {
  const c = await pool.connect().catch((e) => {
    throw dbError(e, what);
  });
  try {
    await c.query('BEGIN');
    const r = await fn(c);
    await c.query('COMMIT');
    return r;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw dbError(e, what);
  } finally {
    c.release();
  }
}

/** Changes the one-row counters (taken last in a transaction). */
const bump = (c: pg.PoolClient, conversations: number, messages: number, exchanges: number) =>
  c.query(
    'UPDATE conversation_counters SET conversations = conversations + $1, messages = messages + $2, exchanges = exchanges + $3 WHERE id = 1',
    [conversations, messages, exchanges],
  );

function appendExchange<T extends object>(s: PgStore, kind: ConversationKind, id: string, messages: T[]) {
  const n = messages.length;
  return tx(s.pool, 'to store a message', async (c) => {
    const head = await c.query<{ last_seq: string; last_at: string; messages: number; inserted: boolean }>(
      `INSERT INTO conversations AS c (kind, id, last_seq, last_at, messages) VALUES ($1, $2, $3, $4::bigint + $3 - 1, $3)
       ON CONFLICT (kind, id) DO UPDATE SET last_seq = c.last_seq + $3, last_at = greatest($4::bigint + $3 - 1, c.last_at + $3),
         messages = c.messages + $3
       RETURNING last_seq, last_at, messages, (xmax = 0) AS inserted`,
      [kind, id, n, s.clock()],
    );
    const row = head.rows[0];
    const firstSeq = Number(row.last_seq) - n + 1;
    const firstAt = Number(row.last_at) - n + 1;
    const out: StoredMessage<T>[] = messages.map((d, i) => ({ seq: firstSeq + i, at: new Date(firstAt + i).toISOString(), data: d }));
    await c.query(
      `INSERT INTO conversation_messages (kind, conversation_id, seq, at, data)
       SELECT $1, $2, s, a, d FROM unnest($3::bigint[], $4::bigint[], $5::jsonb[]) AS x(s, a, d)`,
      [kind, id, out.map((m) => m.seq), out.map((_, i) => firstAt + i), messages.map((m) => JSON.stringify(m))],
    );
    let trimmed = 0;
    if (row.messages > s.policy.maxMessages) {
      const del = await c.query('DELETE FROM conversation_messages WHERE kind = $1 AND conversation_id = $2 AND seq <= $3', [
        kind, id, Number(row.last_seq) - s.policy.maxMessages,
      ]);
      trimmed = del.rowCount ?? 0;
      await c.query('UPDATE conversations SET messages = messages - $3 WHERE kind = $1 AND id = $2', [kind, id, trimmed]);
    }
    await bump(c, row.inserted ? 1 : 0, n - trimmed, 1);
    await notifyChange(c, kind, id, Number(row.last_at));
    return out;
  });
}

async function readMessages<T extends object>(s: PgStore, kind: ConversationKind, id: string, o: ReadOptions): Promise<StoredMessage<T>[]> {
  const after = o.after ? Date.parse(o.after) : -1;
  if (Number.isNaN(after)) throw new AppError('validation', `after must be an ISO date-time (got "${o.after}")`);
  const limit = Math.min(o.last ?? s.policy.maxMessages, s.policy.maxMessages);
  // The polling fast path: nothing newer than `after` is known without a query while the feed is listened to.
  const known = s.feed.known(kind, id);
  if (known !== undefined && after >= known) return [];
  const r = await s.pool.query<{ seq: string; at: string; data: T }>(
    `SELECT seq, at, data FROM (
       SELECT seq, at, data FROM conversation_messages WHERE kind = $1 AND conversation_id = $2 AND at > $3 ORDER BY seq DESC LIMIT $4
     ) x ORDER BY seq`,
    [kind, id, Math.floor(after), limit],
  ).catch((e) => {
    throw dbError(e, 'to read a conversation');
  });
  // Every message is at or before the newest returned, or `after` when none is (later ones raise it through the feed).
  if (s.feed.listening() && (r.rows.length || o.after)) {
    s.feed.raise(kind, id, r.rows.length ? Number(r.rows[r.rows.length - 1].at) : Math.floor(after));
  }
  return r.rows.map((row) => ({ seq: Number(row.seq), at: new Date(Number(row.at)).toISOString(), data: row.data }));
}

function clearConversation(s: PgStore, kind: ConversationKind, id: string): Promise<number> {
  return tx(s.pool, 'to clear a conversation', async (c) => {
    const gone = await c.query<{ messages: number }>('DELETE FROM conversations WHERE kind = $1 AND id = $2 RETURNING messages', [kind, id]);
    if (!gone.rowCount) return 0;
    await c.query('DELETE FROM conversation_messages WHERE kind = $1 AND conversation_id = $2', [kind, id]);
    const n = gone.rows[0].messages;
    await bump(c, -1, -n, 0);
    await notifyChange(c, kind, id, 'cleared');
    s.feed.forget(kind, id);
    return n;
  });
}

async function readCounters(pool: pg.Pool): Promise<ConversationStats> {
  const r = await pool.query<Record<keyof ConversationStats, string>>('SELECT conversations, messages, exchanges FROM conversation_counters').catch((e) => {
    throw dbError(e, 'to count conversations');
  });
  const row = r.rows[0];
  return { conversations: Number(row.conversations), messages: Number(row.messages), exchanges: Number(row.exchanges) };
}

function pruneIdle(s: PgStore, now: Date) {
  const cutoff = now.getTime() - s.policy.maxAgeDays * 86_400_000;
  return tx(s.pool, 'to remove old conversations', async (c) => {
    const gone = await c.query<{ kind: string; id: string; messages: number }>(
      'DELETE FROM conversations WHERE last_at < $1 RETURNING kind, id, messages', [cutoff],
    );
    if (!gone.rowCount) return { conversations: 0, messages: 0 };
    await c.query(
      `DELETE FROM conversation_messages m USING unnest($1::text[], $2::text[]) AS g(kind, id)
       WHERE m.kind = g.kind AND m.conversation_id = g.id`,
      [gone.rows.map((r) => r.kind), gone.rows.map((r) => r.id)],
    );
    const messages = gone.rows.reduce((sum, r) => sum + r.messages, 0);
    await bump(c, -gone.rows.length, -messages, 0);
    return { conversations: gone.rows.length, messages };
  });
}
