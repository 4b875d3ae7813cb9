import type pg from 'pg';

/**
 * Each PostgreSQL conversation's last message time as this process knows
 * it: from its own writes and reads, and every process's NOTIFY on one
 * channel (listened to on a connection of its own, listened to again after
 * the feed is lost). A poll with nothing new then needs no query.
 */

const CHANNEL = 'conversation_changes';
const CACHE_KEYS = 100_000;

const ck = (kind: string, id: string) => `${kind}\t${id}`;

/** Tells every process's feed of a conversation's new last time, or that it was cleared (in the writer's transaction). */
export const notifyChange = (c: pg.PoolClient, kind: string, id: string, at: number | 'cleared') =>
  c.query('SELECT pg_notify($1, $2)', [CHANNEL, `${kind}\t${id}\t${at}`]);

export async function openLastTimeFeed(pool: pg.Pool, listen: boolean) {
  /** Known last message time per conversation: from this process's writes and reads, and every process's NOTIFY. */
  const lastAt = new Map<string, number>();
  const raiseKey = (key: string, at: number) => {
    const cur = lastAt.get(key);
    if (cur !== undefined && cur >= at) return;
    lastAt.delete(key);
    lastAt.set(key, at);
    if (lastAt.size > CACHE_KEYS) lastAt.delete(lastAt.keys().next().value!);
  };
  let listener: pg.Client | null = null;
  let closed = false;
  async function start() {
    const { default: driver } = await import('pg');
    const client = new driver.Client(pool.options);
    client.on('notification', (n) => {
      const [kind, id, at] = (n.payload ?? '').split('\t');
      if (at === 'cleared') lastAt.delete(ck(kind, id));
      else raiseKey(ck(kind, id), Number(at));
    });
    client.on('error', () => {
      // The feed is lost: forget what it kept current, and listen again shortly.
      lastAt.clear();
      listener = null;
      client.end().catch(() => {});
      if (!closed) setTimeout(() => void start().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  if (listen) await start().catch(() => {});

  return {
    /** Whether the feed is listened to now (what it knows is current only then). */
    listening: () => listener !== null,
    /** The known last time of a conversation while the feed is listened to. */
    known: (kind: string, id: string) => (listener ? lastAt.get(ck(kind, id)) : undefined),
    /** Records a last time, never lowering a known one. */
    raise: (kind: string, id: string, at: number) => raiseKey(ck(kind, id), at),
    forget: (kind: string, id: string) => void lastAt.delete(ck(kind, id)),
    clear: () => lastAt.clear(),
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
    },
  };
}

export type LastTimeFeed = Awaited<ReturnType<typeof openLastTimeFeed>>;
