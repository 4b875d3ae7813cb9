import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { migrate } from '../core/engines/postgres/migrate';
import { openPool } from '../core/engines/postgres/pool';
import { startChroma, type ChromaServer } from '../core/engines/search/chroma-server';
import { postgresMigrations } from '../core/composition/shared-state';
import { postgresForTests } from '../core/testing/postgres';
import { testCollection } from '../core/testing/shared-chroma';
import type { Category } from '../core/foundation/types';
import { startTestServer, type TestServer } from './testing';

/**
 * Servers on one PostgreSQL (the catalog read and written there, nothing of
 * it held in a process): a write answered 2xx survives a SIGKILL that
 * follows at once, and two servers changing one record never lose a change.
 */

const pg = postgresForTests(after);
// One Chroma for every server (a server without CHROMA_URL starts its own): the test run's (scripts/test.sh), else
// one of this file's own; the servers of one database share a collection of that database's own.
let chroma: ChromaServer | null = null;
let chromaUrl = '';
let chromaDir = '';
before(async () => {
  if (pg.skipReason) return;
  chromaUrl = process.env.CMS_TEST_CHROMA_URL ?? '';
  if (chromaUrl) return;
  chromaDir = mkdtempSync(path.join(os.tmpdir(), 'pg-store-chroma-'));
  chroma = await startChroma({ dataDir: chromaDir, port: 0 });
  chromaUrl = chroma.url;
});
after(async () => {
  await chroma?.stop();
  if (chromaDir) rmSync(chromaDir, { recursive: true, force: true });
});

/** A server's environment on the database at `url` (no job worker: these tests are about the catalog). */
const onDatabase = (url: string) => ({ DATABASE_URL: url, CHROMA_URL: chromaUrl, CHROMA_COLLECTION: testCollection(url), WORKER_CONCURRENCY: '0' });

const killHard = async (s: TestServer) => {
  const exited = new Promise((r) => s.child!.once('exit', r));
  s.child!.kill('SIGKILL');
  await exited;
};

const call = (s: TestServer, route: string, init: RequestInit = {}) =>
  fetch(s.url + route, { ...init, headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });

describe('the catalog in PostgreSQL', { skip: pg.skipReason }, () => {
  it('10 writes each answered 201 and followed at once by SIGKILL of their server: all 10 are there after a restart', async () => {
    const url = await (await pg.server()).createDatabase();
    const acked: string[] = [];
    const dirs: string[] = [];
    try {
      // Two rounds of five servers; each server takes one write and is killed the moment it answers. A store
      // that wrote behind its answer lost 17 of 20 such writes (measured): such a store keeps all 10 with a
      // chance of about 0.15^10 (6e-9), so 10 tell it apart; every server start costs a process boot, which is
      // what bounds this file's CPU and time (20 writes cost 10 more starts).
      for (let round = 0; round < 2; round++) {
        await Promise.all(Array.from({ length: 5 }, async (_, k) => {
          const s = await startTestServer({ process: true, startTimeoutMs: 300_000, env: onDatabase(url) });
          dirs.push(s.dataDir);
          const name = `durable-${round}-${k}`;
          const r = await call(s, '/api/categories', { method: 'POST', body: JSON.stringify({ name }) });
          s.child!.kill('SIGKILL');
          assert.equal(r.status, 201, await r.text());
          acked.push(name);
          await killHard(s);
        }));
      }
      assert.equal(acked.length, 10);
      // The restart that reads them back: in this process (what is read is PostgreSQL's, not a process's).
      const again = await startTestServer({ env: onDatabase(url) });
      try {
        const names = new Set(((await (await call(again, '/api/categories')).json()) as Category[]).map((c) => c.name));
        const missing = acked.filter((n) => !names.has(n));
        assert.deepEqual(missing, [], `${missing.length} of 10 acknowledged writes missing`);
      } finally {
        await again.stop();
      }
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it('two servers change one record 100 times each at once: every change is applied, none lost; widget origins saved on one are allowed by the other', async () => {
    const url = await (await pg.server()).createDatabase();
    const [a, b] = await Promise.all([0, 1].map(() => startTestServer({ process: true, startTimeoutMs: 300_000, env: onDatabase(url) })));
    try {
      const cat = (await (await call(a, '/api/categories', { method: 'POST', body: JSON.stringify({ name: 'shared' }) })).json()) as Category;
      // A changes the description, B the active flag and name, each in order, both at the same time.
      const seen = { a: [] as Category[], b: [] as Category[] };
      await Promise.all([
        (async () => {
          for (let i = 0; i < 100; i++) {
            const r = await call(a, `/api/categories/${cat.id}`, { method: 'PATCH', body: JSON.stringify({ description: `a-${i}` }) });
            assert.equal(r.status, 200, await r.clone().text());
            seen.a.push((await r.json()) as Category);
          }
        })(),
        (async () => {
          for (let i = 0; i < 100; i++) {
            const r = await call(b, `/api/categories/${cat.id}`, { method: 'PATCH', body: JSON.stringify({ name: `b-${i}`, isActive: i % 2 === 1 }) });
            assert.equal(r.status, 200, await r.clone().text());
            seen.b.push((await r.json()) as Category);
          }
        })(),
      ]);
      // Each answer carries its own change, and the other server's fields are never set back to an older value.
      seen.a.forEach((c, i) => assert.equal(c.description, `a-${i}`));
      seen.b.forEach((c, i) => assert.equal(c.name, `b-${i}`));
      const nameOrder = seen.a.map((c) => Number(c.name.replace(/^b-/, '').replace('shared', '-1')));
      assert.deepEqual(nameOrder, [...nameOrder].sort((x, y) => x - y), 'B\'s changes as seen through A only move forward');
      for (const s of [a, b]) {
        const final = (await (await call(s, '/api/categories')).json()) as Category[];
        assert.deepEqual(final.map((c) => [c.name, c.description, c.isActive]), [['b-99', 'a-99', true]]);
      }
      // Widget origins saved through A are what B allows at once (the widget behind a load balancer).
      const saved = await call(a, '/api/widget/settings', { method: 'PATCH', body: JSON.stringify({ origins: ['https://shop.brand.com'] }) });
      assert.equal(saved.status, 200, await saved.clone().text());
      const allowed = await fetch(`${b.url}/api/widget/config`, { headers: { origin: 'https://shop.brand.com' } });
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.brand.com');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('pages a catalog past one answer in SQL: 1,202 documents listed 1,000 at a time with their whole length, and counted for the dashboard', async () => {
    const url = await (await pg.server()).createDatabase();
    const pool = await openPool({ url, max: 2 });
    try {
      await migrate(pool, postgresMigrations);
      // 1,203 documents as the store keeps them: three awaiting review, the last a new version's draft (never listed or counted).
      await pool.query(`
        INSERT INTO catalog_rows (collection, id, data)
        SELECT 'documents', i, jsonb_build_object('id', i, 'title', 'Manual ' || i, 'description', '', 'status', 'completed', 'progress', 100, 'step', null, 'error', null,
          'fileName', 'm' || i || '.pdf', 'fileKey', 'documents/m' || i || '.pdf', 'createdAt', '2026-01-01T00:00:00.000Z', 'updatedAt', '2026-01-01T00:00:00.000Z',
          'review', CASE WHEN i <= 3 THEN 'pending' ELSE 'approved' END, 'audience', 'public', 'versionOf', CASE WHEN i = 1203 THEN to_jsonb(5) ELSE 'null'::jsonb END)
        FROM generate_series(1, 1203) AS i`);
      await pool.query("SELECT setval('catalog_ids', 2000)");
    } finally {
      await pool.end();
    }
    // In this process: the paging is SQL's, no process boundary is the point.
    const s = await startTestServer({ env: onDatabase(url) });
    try {
      const page = async (route: string) => {
        const r = await call(s, route);
        assert.equal(r.status, 200, route);
        const ids = ((await r.json()) as Array<{ id: number }>).map((x) => x.id);
        return { first: ids[0], last: ids.at(-1), n: ids.length, total: r.headers.get('x-total-count') };
      };
      assert.deepEqual(await page('/api/documents'), { first: 1, last: 1000, n: 1000, total: '1202' });
      assert.deepEqual(await page('/api/documents?offset=1000'), { first: 1001, last: 1202, n: 202, total: '1202' });
      assert.deepEqual(await page('/api/documents?limit=10&offset=600'), { first: 601, last: 610, n: 10, total: '1202' });
      assert.deepEqual(await page('/api/content?type=document&limit=5&offset=1198'), { first: 1199, last: 1202, n: 4, total: '1202' });
      const metrics = (await (await call(s, '/api/dashboard/metrics')).json()) as { totalDocuments: number; pendingApprovals: number };
      assert.deepEqual([metrics.totalDocuments, metrics.pendingApprovals], [1202, 3]);
      const review = (await (await call(s, '/api/review')).json()) as Array<{ id: number }>;
      assert.deepEqual(review.map((x) => x.id), [1, 2, 3]);
    } finally {
      await s.stop();
    }
  });
});
