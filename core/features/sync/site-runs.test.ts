/**
 * The record of website sync runs and the sites list (core/features/sync/site-runs.ts)
 * on both catalog stores: the file store and PostgreSQL (skipped without one).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openCatalog } from '../../engines/catalog/catalog';
import { catalogMigrations, openPgCatalog } from '../../engines/catalog/pg-catalog';
import type { Catalog } from '../../engines/catalog/types';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import type { SiteRunInput } from '../../foundation/types';
import { createSiteRuns, SITE_RUNS_KEPT } from './site-runs';

const pg = postgresForTests(after);
const A = 'https://www.example.com/sitemap.xml';
const B = 'https://shop.example.com/';
const run = (site: string, n: number): SiteRunInput => ({
  site, startedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(), finishedAt: new Date(Date.UTC(2026, 0, 1, 0, n, 30)).toISOString(), mode: 'sitemap',
  found: n, new: n, changed: 0, removed: 0, failed: 0, unchanged: 0, flags: { approve: false, delete: false, allowHosts: [] },
});
const page = (root: string, p: string, extra: Record<string, unknown> = {}) =>
  ({ title: p, status: 'completed', syncSource: { root, path: `${root}${p}`, sha256: 'x', size: 1, mtimeMs: 0 }, ...extra }) as never;

function suite(name: string, open: () => Promise<{ catalog: Catalog; close: () => Promise<void> }>) {
  describe(`website sources: runs and sites (${name})`, () => {
    it('each site with its last run, its pages (archived apart, drafts and folder syncs left out) and a site with pages but no run yet', async () => {
      const { catalog, close } = await open();
      try {
        const runs = createSiteRuns(catalog);
        await runs.record(run(A, 1), 'cli');
        await runs.record(run(B, 2), 'admin');
        const last = await runs.record(run(A, 3), 'admin');
        await catalog.documents.insert(page(A, 'p1'));
        await catalog.documents.insert(page(A, 'p2'));
        await catalog.documents.insert(page(A, 'p3', { archivedAt: '2026-01-02T00:00:00.000Z' }));
        await catalog.documents.insert(page(A, 'p1', { versionOf: 1 }));
        await catalog.documents.insert(page('/srv/manuals', 'a.pdf'));
        await catalog.documents.insert(page('https://old.example.com/', 'x'));
        const sites = await runs.list();
        assert.deepEqual(sites.map((s) => [s.site, s.pages, s.archived, s.runs, s.lastRun?.id ?? null]), [
          [A, 2, 1, 2, last.id], [B, 0, 0, 1, sites[1]!.lastRun!.id], ['https://old.example.com/', 1, 0, 0, null],
        ]);
        assert.equal(sites[0]!.lastRun!.found, 3);
        assert.equal(sites[0]!.lastRun!.actor, 'admin');
      } finally {
        await close();
      }
    });

    it(`keeps the last ${SITE_RUNS_KEPT} runs of a site`, async () => {
      const { catalog, close } = await open();
      try {
        const runs = createSiteRuns(catalog);
        for (let i = 0; i < SITE_RUNS_KEPT + 3; i++) await runs.record(run(A, i), 'cli');
        await runs.record(run(B, 1), 'cli');
        assert.equal(await catalog.siteRuns.count({ where: { site: A } }), SITE_RUNS_KEPT);
        assert.equal((await runs.list()).find((s) => s.site === A)?.lastRun?.found, SITE_RUNS_KEPT + 2);
      } finally {
        await close();
      }
    });
  });
}

suite('file store', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-runs-'));
  return { catalog: openCatalog(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
});

if (pg.skipReason) {
  describe('website sources: runs and sites (PostgreSQL)', () => it('runs on a real PostgreSQL', { skip: pg.skipReason }, () => {}));
} else {
  suite('PostgreSQL', async () => {
    const url = await (await pg.server()).createDatabase();
    const pool = await openPool({ url, max: 4 });
    await migrate(pool, catalogMigrations);
    const catalog = await openPgCatalog({ pool, location: 'PostgreSQL' });
    return { catalog, close: async () => { await catalog.close(); await pool.end(); } };
  });
}
