import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { catalogMigrations, openPgCatalog } from '../catalog/pg-catalog';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { createPgJobClaims, jobClaimMigrations } from './pg-claims';
import { createJobQueue } from './queue';

const pg = postgresForTests(after);

describe('job queue with two workers on PostgreSQL', { skip: pg.skipReason }, () => {
  it('jobs queued through one process run once each, spread over both workers', { timeout: 60_000 }, async () => {
    const url = await (await pg.server()).createDatabase();
    const pools = [await openPool({ url, max: 4 }), await openPool({ url, max: 4 })];
    await migrate(pools[0], [...catalogMigrations, ...jobClaimMigrations]);
    const catalogs = await Promise.all(pools.map((pool) => openPgCatalog({ pool, location: 'pg' })));
    const ran: string[] = [];
    // The first worker's jobs hold until the second worker has run one (the event that shows the work spreads);
    // a second worker that never takes a job leaves them held and the test's deadline fails it.
    let secondRan!: () => void;
    const second = new Promise<void>((r) => (secondRan = r));
    const queues = catalogs.map((catalog, i) => createJobQueue({
      catalog, concurrency: 2, leaseMs: 3000, claims: createPgJobClaims({ pool: pools[i], leaseMs: 3000 }),
      handlers: { ingest: async (job) => { ran.push(`${i}:${job.id}`); if (i === 1) secondRan(); else await second; } },
    }));
    try {
      queues.forEach((q, i) => {
        catalogs[i].onRemoteChange(() => q.poke());
        q.start();
      });
      const jobs = await Promise.all(Array.from({ length: 8 }, (_, n) => queues[0].enqueue('ingest', 'document', 1000 + n)));
      const states = async () => Promise.all(jobs.map((j) => catalogs[0].jobs.get(j.id)));
      // Both queues idle (nothing queued, nothing running in either) once every job is through.
      for (let i = 0; i < 20 && !(await states()).every((j) => j?.state === 'done'); i++) await Promise.all(queues.map((q) => q.idle()));
      assert.ok((await states()).every((j) => j?.state === 'done'), 'all done');
      const perJob = new Map<number, number>();
      for (const r of ran) perJob.set(Number(r.split(':')[1]), (perJob.get(Number(r.split(':')[1])) ?? 0) + 1);
      assert.deepEqual([...perJob.values()], jobs.map(() => 1), `each job ran once: ${ran.join(' ')}`);
      assert.ok(ran.some((r) => r.startsWith('1:')), `the second worker took some: ${ran.join(' ')}`);
      assert.ok((await states()).every((j) => j?.attempts === 1));
    } finally {
      for (const q of queues) await q.stop();
      for (const c of catalogs) await c.close();
      for (const p of pools) await p.end();
    }
  });
});
