import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../errors';
import type { Migration } from '../postgres/migrate';
import { dbError } from '../postgres/pool';

/**
 * The records of every process that shares one PostgreSQL, kept as a
 * replica in each process's memory so that the catalog's synchronous reads
 * and writes stay synchronous:
 * - a write changes the replica at once and is queued; one batch per
 *   outermost transaction is written to PostgreSQL in order (rows upserted
 *   or deleted, counters incremented) together with one row of the change
 *   feed `catalog_changes`;
 * - every process reads the feed (every `pollMs`) and applies the other
 *   processes' batches; a row this process changed more recently than the
 *   incoming change (or has not written yet) keeps its own version;
 * - a new process loads every row at start, from one snapshot.
 * A write is in PostgreSQL shortly after it returns (`flush()` waits for
 * it); two processes changing the same row at once: the later batch wins.
 * Work that must happen once across processes (claiming a job) is decided
 * in PostgreSQL itself, not here (see ../jobs/pg-claims.ts).
 */

export const catalogMigrations: Migration[] = [{
  name: 'catalog-001',
  sql: `
    CREATE TABLE catalog_rows (collection text NOT NULL, id bigint NOT NULL, data jsonb NOT NULL, PRIMARY KEY (collection, id));
    CREATE TABLE catalog_counters (name text PRIMARY KEY, value bigint NOT NULL);
    CREATE SEQUENCE catalog_ids INCREMENT BY 10000 START WITH 1;
    CREATE TABLE catalog_changes (seq bigserial PRIMARY KEY, origin text NOT NULL, ops jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now());`,
}];

const FEED_LOCK = 781_202_613;
/** Ids taken from PostgreSQL at a time (a new block is asked for when half is used). */
const ID_BLOCK = 10_000;

export type Op =
  | { c: string; id: number; data: unknown }
  | { c: string; id: number; del: true }
  | { counter: string; by: number }
  | { counter: string; set: number };

export interface ReplicaOptions {
  pool: pg.Pool;
  /** Collections to hold (names as stored). */
  collections: string[];
  pollMs?: number;
  /** Feed rows older than this are removed (default one hour); a process further behind reloads everything. */
  keepMs?: number;
  log?: (msg: string) => void;
}

export type Replica = Awaited<ReturnType<typeof openReplica>>;

export async function openReplica(options: ReplicaOptions) {
  const { pool } = options;
  const log = options.log ?? (() => {});
  const origin = randomUUID();
  const tables = new Map<string, Map<number, any>>(options.collections.map((c) => [c, new Map()]));
  const counters = new Map<string, number>();
  /** Row keys with a batch not yet in PostgreSQL, and the feed seq of this process's last write of each key. */
  const pendingKeys = new Map<string, number>();
  const ownSeq = new Map<string, number>();
  let last = 0;
  let depth = 0;
  let batch: Op[] = [];
  const dirty = new Map<string, { c: string; id: number }>();
  let queue: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  let ids: number[] = [];
  let closed = false;
  const listeners = new Set<() => void>();

  const key = (c: string, id: number) => `${c}:${id}`;
  const table = (c: string) => {
    const t = tables.get(c);
    if (!t) throw new AppError('internal', `Unknown catalog collection ${c}`);
    return t;
  };

  async function load() {
    const c = await pool.connect();
    try {
      await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const head = await c.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM catalog_changes');
      const rows = await c.query<{ collection: string; id: string; data: any }>('SELECT collection, id, data FROM catalog_rows ORDER BY id');
      const cs = await c.query<{ name: string; value: string }>('SELECT name, value FROM catalog_counters');
      await c.query('COMMIT');
      for (const t of tables.values()) t.clear();
      for (const r of rows.rows) tables.get(r.collection)?.set(Number(r.id), r.data);
      counters.clear();
      for (const r of cs.rows) counters.set(r.name, Number(r.value));
      last = Number(head.rows[0].seq);
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw dbError(e, 'to load the catalog');
    } finally {
      c.release();
    }
  }

  async function takeIds() {
    const r = await pool.query<{ v: string }>("SELECT nextval('catalog_ids') AS v");
    const start = Number(r.rows[0].v);
    for (let i = 0; i < ID_BLOCK; i++) ids.push(start + i);
  }

  async function write(ops: Op[], keys: string[]) {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      await c.query('SELECT pg_advisory_xact_lock($1)', [FEED_LOCK]);
      const puts = ops.filter((o): o is { c: string; id: number; data: unknown } => 'data' in o);
      if (puts.length) {
        await c.query(
          `INSERT INTO catalog_rows (collection, id, data) SELECT * FROM unnest($1::text[], $2::bigint[], $3::jsonb[])
           ON CONFLICT (collection, id) DO UPDATE SET data = EXCLUDED.data`,
          [puts.map((o) => o.c), puts.map((o) => o.id), puts.map((o) => JSON.stringify(o.data))],
        );
      }
      const dels = ops.filter((o): o is { c: string; id: number; del: true } => 'del' in o);
      if (dels.length) {
        await c.query('DELETE FROM catalog_rows r USING unnest($1::text[], $2::bigint[]) AS d(c, id) WHERE r.collection = d.c AND r.id = d.id', [
          dels.map((o) => o.c), dels.map((o) => o.id),
        ]);
      }
      for (const o of ops) {
        if ('by' in o) {
          await c.query('INSERT INTO catalog_counters VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = catalog_counters.value + $2', [o.counter, o.by]);
        } else if ('set' in o) {
          await c.query('INSERT INTO catalog_counters VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = $2', [o.counter, o.set]);
        }
      }
      const r = await c.query<{ seq: string }>('INSERT INTO catalog_changes (origin, ops) VALUES ($1, $2) RETURNING seq', [origin, JSON.stringify(ops)]);
      await c.query('COMMIT');
      const seq = Number(r.rows[0].seq);
      for (const k of keys) {
        ownSeq.set(k, seq);
        const n = (pendingKeys.get(k) ?? 1) - 1;
        if (n <= 0) pendingKeys.delete(k);
        else pendingKeys.set(k, n);
      }
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  /** Queues the batch of the finished outermost transaction; retried until PostgreSQL takes it. */
  function enqueue() {
    const ops: Op[] = [...batch];
    for (const { c, id } of dirty.values()) {
      const row = table(c).get(id);
      ops.push(row === undefined ? { c, id, del: true } : { c, id, data: row });
    }
    batch = [];
    dirty.clear();
    if (!ops.length) return;
    const keys = ops.filter((o): o is { c: string; id: number; data: unknown } => 'c' in o).map((o) => key(o.c, o.id));
    for (const k of keys) pendingKeys.set(k, (pendingKeys.get(k) ?? 0) + 1);
    // Rows are written as they are now: later changes in memory go in their own batch.
    const frozen = JSON.parse(JSON.stringify(ops)) as Op[];
    queue = queue.then(async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          await write(frozen, keys);
          failure = null;
          return;
        } catch (e) {
          failure = dbError(e, 'to write the catalog');
          if (closed && attempt >= 2) throw failure;
          if (attempt === 0 || attempt % 20 === 0) log(`${failure.message}; retrying`);
          await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** Math.min(attempt, 6))));
        }
      }
    });
  }

  function applyRemote(seq: number, ops: Op[]) {
    for (const o of ops) {
      if ('counter' in o) {
        if ('by' in o) counters.set(o.counter, (counters.get(o.counter) ?? 0) + o.by);
        else counters.set(o.counter, o.set);
        continue;
      }
      const k = key(o.c, o.id);
      if (pendingKeys.has(k) || (ownSeq.get(k) ?? 0) > seq) continue;
      const t = tables.get(o.c);
      if (!t) continue;
      if ('del' in o) t.delete(o.id);
      else t.set(o.id, o.data);
    }
  }

  let catching: Promise<void> | null = null;
  async function readFeed() {
    const oldest = await pool.query<{ seq: string | null }>('SELECT min(seq) AS seq FROM catalog_changes');
    if (last > 0 && oldest.rows[0].seq !== null && Number(oldest.rows[0].seq) > last + 1) {
      log('This process fell behind the catalog change feed: reloading the catalog');
      await queue;
      await load();
      return;
    }
    for (;;) {
      const r = await pool.query<{ seq: string; origin: string; ops: Op[] }>(
        'SELECT seq, origin, ops FROM catalog_changes WHERE seq > $1 ORDER BY seq LIMIT 200', [last],
      );
      let remote = false;
      for (const ch of r.rows) {
        if (ch.origin !== origin) {
          applyRemote(Number(ch.seq), ch.ops);
          remote = true;
        }
        last = Number(ch.seq);
      }
      if (remote) for (const f of listeners) f();
      if (r.rows.length < 200) return;
    }
  }
  const catchUp = () => (catching ??= readFeed().finally(() => (catching = null)));

  await load();
  await takeIds();
  const pollMs = options.pollMs ?? 200;
  const keepMs = options.keepMs ?? 3_600_000;
  let ticks = 0;
  const timer = setInterval(() => {
    if (closed) return;
    void catchUp().catch((e: Error) => log(`Reading the catalog change feed failed: ${e.message}`));
    if (++ticks % Math.max(1, Math.round(60_000 / pollMs)) === 0) {
      void pool.query('DELETE FROM catalog_changes WHERE at < now() - make_interval(secs => $1)', [keepMs / 1000]).catch(() => {});
    }
  }, pollMs);
  timer.unref();

  /** Runs `fn` as one batch (nested calls join the outer one). */
  function commit<R>(fn: () => R): R {
    depth++;
    try {
      return fn();
    } finally {
      depth--;
      if (depth === 0) enqueue();
    }
  }

  /** Runs an async `fn` as one batch (changes made while it runs join it). */
  async function commitAsync<R>(fn: () => Promise<R> | R): Promise<R> {
    const before = depth === 0 ? { tables: new Map([...tables].map(([k, t]) => [k, structuredClone(t)])), counters: new Map(counters), dirty: new Map(dirty), batch: [...batch] } : null;
    depth++;
    try {
      return await fn();
    } catch (e) {
      if (before) {
        for (const [k, t] of before.tables) tables.set(k, t);
        counters.clear();
        for (const [k, v] of before.counters) counters.set(k, v);
        dirty.clear();
        for (const [k, v] of before.dirty) dirty.set(k, v);
        batch = before.batch;
      }
      throw e;
    } finally {
      depth--;
      if (depth === 0) enqueue();
    }
  }

  return {
    origin,
    table,
    commit,
    commitAsync,
    /** Marks a row changed (or removed) in the current batch. */
    touch(c: string, id: number) {
      dirty.set(key(c, id), { c, id });
    },
    counter: (name: string) => counters.get(name) ?? 0,
    incrementCounter(name: string, by: number) {
      return commit(() => {
        counters.set(name, (counters.get(name) ?? 0) + by);
        batch.push({ counter: name, by });
        return counters.get(name)!;
      });
    },
    setCounter(name: string, value: number) {
      commit(() => {
        counters.set(name, value);
        batch.push({ counter: name, set: value });
      });
    },
    nextId(): number {
      const id = ids.shift();
      if (ids.length === ID_BLOCK / 2 - 1) void takeIds().catch(() => {});
      if (id === undefined) throw new AppError('unavailable', 'No record ids left: PostgreSQL has not answered for new ones yet; try again');
      return id;
    },
    /** Resolves when every write made so far is in PostgreSQL. */
    async flush() {
      await queue;
    },
    /** Applies every change other processes committed so far. */
    catchUp,
    /** Calls `fn` after changes from other processes were applied; returns the unsubscribe. */
    onRemoteChange(fn: () => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /** The last write failure, while PostgreSQL refuses writes (health). */
    get failure() {
      return failure;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await catching?.catch(() => {});
      await queue.catch(() => {});
    },
  };
}
