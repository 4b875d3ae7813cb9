import type pg from 'pg';
import { dbError } from '../postgres/pool';
import type { ConversationKind } from './types';

/**
 * Copying conversations into the PostgreSQL store (`cms migrate`) with
 * their own seq and time: messages already there are left as they are, so
 * a second run adds nothing; the counts are recomputed at the end.
 */
export async function importConversation(
  pool: pg.Pool, kind: ConversationKind, id: string, messages: Array<{ seq: number; at: number; data: object }>,
): Promise<void> {
  if (!messages.length) return;
  const c = await pool.connect().catch((e) => {
    throw dbError(e, 'to copy a conversation');
  });
  try {
    await c.query('BEGIN');
    await c.query(
      `INSERT INTO conversation_messages (kind, conversation_id, seq, at, data)
       SELECT $1, $2, s, a, d FROM unnest($3::bigint[], $4::bigint[], $5::jsonb[]) AS x(s, a, d) ON CONFLICT DO NOTHING`,
      [kind, id, messages.map((m) => m.seq), messages.map((m) => m.at), messages.map((m) => JSON.stringify(m.data))],
    );
    await c.query(
      `INSERT INTO conversations AS c (kind, id, last_seq, last_at, messages)
       SELECT $1, $2, max(seq), max(at), count(*) FROM conversation_messages WHERE kind = $1 AND conversation_id = $2
       ON CONFLICT (kind, id) DO UPDATE SET last_seq = greatest(c.last_seq, EXCLUDED.last_seq), last_at = greatest(c.last_at, EXCLUDED.last_at),
         messages = EXCLUDED.messages`,
      [kind, id],
    );
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw dbError(e, 'to copy a conversation');
  } finally {
    c.release();
  }
}

/** Recounts conversations and messages; exchanges are raised to at least `exchanges`. */
export async function recountConversations(pool: pg.Pool, exchanges: number): Promise<void> {
  await pool.query(
    `UPDATE conversation_counters SET conversations = (SELECT count(*) FROM conversations), messages = (SELECT count(*) FROM conversation_messages),
       exchanges = greatest(exchanges, $1) WHERE id = 1`,
    [exchanges],
  ).catch((e) => {
    throw dbError(e, 'to count conversations');
  });
}

/** How many messages of these conversations PostgreSQL holds, per `kind\tid`. */
export async function countConversationMessages(pool: pg.Pool): Promise<Map<string, number>> {
  const r = await pool.query<{ kind: string; conversation_id: string; n: string }>(
    'SELECT kind, conversation_id, count(*) AS n FROM conversation_messages GROUP BY kind, conversation_id',
  );
  return new Map(r.rows.map((x) => [`${x.kind}\t${x.conversation_id}`, Number(x.n)]));
}
