import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { runCatalogContract } from '../../testing/catalog-contract';
import { postgresForTests } from '../../testing/postgres';
import { catalogMigrations, openPgCatalog, type PgCatalog } from './pg-catalog';

const pg = postgresForTests(after);

if (pg.skipReason) {
  describe('catalog contract: PostgreSQL', () => it('runs on a real PostgreSQL', { skip: pg.skipReason }, () => {}));
} else {
  runCatalogContract('PostgreSQL', async () => {
    const url = await (await pg.server()).createDatabase();
    const pool = await openPool({ url, max: 4 });
    await migrate(pool, catalogMigrations);
    const opened: PgCatalog[] = [];
    return {
      // A reopen is a new process's view: every write resolved after its COMMIT, so it is there.
      async open() {
        const c = await openPgCatalog({ pool, location: 'PostgreSQL' });
        opened.push(c);
        return c;
      },
      async cleanup() {
        for (const c of opened) await c.close();
        await pool.end();
      },
    };
  });
}

describe('catalog in PostgreSQL, two processes', { skip: pg.skipReason }, () => {
  it('two stores each change one record 100 times with a read-modify-write: all 200 changes are kept', async () => {
    const url = await (await pg.server()).createDatabase();
    const pools = [await openPool({ url, max: 4 }), await openPool({ url, max: 4 })];
    await migrate(pools[0], catalogMigrations);
    const [a, b] = await Promise.all(pools.map((pool) => openPgCatalog({ pool, location: 'PostgreSQL' })));
    try {
      const row = await a.categories.insert({ name: '0', description: '', createdDate: '', isActive: true });
      const bump = async (c: PgCatalog) => {
        for (let i = 0; i < 100; i++) await c.categories.update(row.id, (r) => void (r.name = String(Number(r.name) + 1)));
      };
      await Promise.all([bump(a), bump(b)]);
      assert.equal((await b.categories.require(row.id)).name, '200');
    } finally {
      await a.close();
      await b.close();
      for (const p of pools) await p.end();
    }
  });

  it('a job queued through one store is announced to the other', async () => {
    const url = await (await pg.server()).createDatabase();
    const pools = [await openPool({ url, max: 4 }), await openPool({ url, max: 4 })];
    await migrate(pools[0], catalogMigrations);
    const [a, b] = await Promise.all(pools.map((pool) => openPgCatalog({ pool, location: 'PostgreSQL' })));
    try {
      const heard = new Promise<void>((resolve) => b.onRemoteChange(resolve));
      await a.jobs.insert({
        kind: 'ingest', itemType: 'document', itemId: 1, params: {}, state: 'queued', progress: 0, step: null, attempts: 0, error: null,
        createdAt: '', updatedAt: '', startedAt: null, finishedAt: null,
      } as never);
      await heard;
      assert.equal(await b.jobs.count({ where: { state: 'queued' } }), 1);
    } finally {
      await a.close();
      await b.close();
      for (const p of pools) await p.end();
    }
  });
});

describe('catalog in PostgreSQL, ids', { skip: pg.skipReason }, () => {
  it('never gives an id twice: not after rows are removed, nor after clearContent or every row deleted by hand', async () => {
    const url = await (await pg.server()).createDatabase();
    const pool = await openPool({ url, max: 4 });
    await migrate(pool, catalogMigrations);
    let c = await openPgCatalog({ pool, location: 'PostgreSQL' });
    try {
      const a = await c.categories.insert({ name: 'a', description: '', createdDate: '', isActive: true });
      await c.categories.remove(a.id);
      await c.clearContent();
      await pool.query('DELETE FROM catalog_rows');
      await c.close();
      c = await openPgCatalog({ pool, location: 'PostgreSQL' });
      const b = await c.categories.insert({ name: 'b', description: '', createdDate: '', isActive: true });
      assert.ok(b.id > a.id, `id ${b.id} after ${a.id}: the sequence is the high-water mark`);
    } finally {
      await c.close();
      await pool.end();
    }
  });
});
