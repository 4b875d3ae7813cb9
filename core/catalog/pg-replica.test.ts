import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { postgresForTests } from '../testing/postgres';
import { catalogMigrations, openReplica } from './pg-replica';

const pg = postgresForTests(after);

async function two(url: string) {
  const pools = [await openPool({ url, max: 3 }), await openPool({ url, max: 3 })];
  await migrate(pools[0], catalogMigrations);
  const [a, b] = await Promise.all(pools.map((pool) => openReplica({ pool, collections: ['things'], pollMs: 50 })));
  return { a, b, pools, async close() { await a.close(); await b.close(); for (const p of pools) await p.end(); } };
}

const put = (r: Awaited<ReturnType<typeof openReplica>>, row: { id: number; name: string }) =>
  r.commit(() => {
    r.table('things').set(row.id, row);
    r.touch('things', row.id);
  });

describe('catalog replica on PostgreSQL', { skip: pg.skipReason }, () => {
  it('a row written by one process reaches the other through the feed, and a new process loads it', async () => {
    const url = await (await pg.server()).createDatabase();
    const s = await two(url);
    try {
      const id = s.a.nextId();
      put(s.a, { id, name: 'from a' });
      await s.a.flush();
      await s.b.catchUp();
      assert.deepEqual(s.b.table('things').get(id), { id, name: 'from a' });
      s.b.commit(() => {
        s.b.table('things').delete(id);
        s.b.touch('things', id);
      });
      await s.b.flush();
      await s.a.catchUp();
      assert.equal(s.a.table('things').has(id), false);
      put(s.a, { id: s.a.nextId(), name: 'kept' });
      await s.a.flush();
      const c = await openReplica({ pool: s.pools[0], collections: ['things'] });
      assert.deepEqual([...c.table('things').values()].map((r) => r.name), ['kept']);
      await c.close();
    } finally {
      await s.close();
    }
  });

  it('ids are unique across processes; counter increments from both add up', async () => {
    const url = await (await pg.server()).createDatabase();
    const s = await two(url);
    try {
      const ids = new Set<number>();
      // 6,000 each stays within the block each took at open (a refill is asked for at half, and not needed here).
      for (let i = 0; i < 6000; i++) {
        ids.add(s.a.nextId());
        ids.add(s.b.nextId());
      }
      assert.equal(ids.size, 12000);
      for (let i = 0; i < 10; i++) {
        s.a.incrementCounter('answers', 1);
        s.b.incrementCounter('answers', 2);
      }
      await s.a.flush();
      await s.b.flush();
      await s.a.catchUp();
      await s.b.catchUp();
      assert.equal(s.a.counter('answers'), 30);
      assert.equal(s.b.counter('answers'), 30);
    } finally {
      await s.close();
    }
  });

  it('a row this process changed later than an incoming change keeps its own version', async () => {
    const url = await (await pg.server()).createDatabase();
    const s = await two(url);
    try {
      const id = s.a.nextId();
      put(s.a, { id, name: 'a1' });
      await s.a.flush();
      put(s.b, { id, name: 'b2' });
      await s.b.flush();
      await s.b.catchUp(); // sees a1 (older than its own b2): keeps b2
      assert.equal(s.b.table('things').get(id).name, 'b2');
      await s.a.catchUp();
      assert.equal(s.a.table('things').get(id).name, 'b2', 'both converge on the later write');
    } finally {
      await s.close();
    }
  });
});
