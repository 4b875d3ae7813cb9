import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { migrate } from '../engines/postgres/migrate';
import { openPool } from '../engines/postgres/pool';
import { openPgCatalog } from '../engines/catalog/pg-catalog';
import { postgresMigrations } from '../composition/shared-state';
import { findPostgres } from '../testing/postgres';
import { postgresForTests } from '../testing/postgres';
import { createPgGlossaryStore } from '../features/translate/pg-glossary';
import { createPgWidgetSettingsStore } from '../features/widget/pg-settings';

/**
 * The PostgreSQL backup of docs/OPERATIONS.md: `pg_dump --format=custom`,
 * `pg_restore --no-owner` into a new database; the glossary, the widget
 * settings, the catalog and the migration record are there after it.
 */

const run = promisify(execFile);
const pg = postgresForTests(after);
const found = findPostgres();

describe('PostgreSQL backup and restore with pg_dump / pg_restore', { skip: pg.skipReason }, () => {
  it('brings back the glossary, the widget settings and the catalog in a new database', async () => {
    const bin = (found as { bin: string }).bin;
    const server = await pg.server();
    const url = await server.createDatabase();
    const pool = await openPool({ url, max: 2 });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-backup-'));
    try {
      await migrate(pool, postgresMigrations);
      await createPgGlossaryStore(pool).put({ term: 'AuraShade', translations: { hebrew: 'AuraShade' } });
      await createPgWidgetSettingsStore({ pool, envOrigins: [] }).update({ origins: ['https://shop.example.com'], title: 'Ask us' });
      const catalog = await openPgCatalog({ pool, location: 'pg' });
      const cat = await catalog.categories.insert({ name: 'Blinds', description: '', createdDate: '', isActive: true });
      await catalog.close();
      const dump = path.join(dir, 'cms.pgdump');
      await run(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, url]);

      const restoredUrl = await server.createDatabase();
      await run(path.join(bin, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, dump]);
      const restored = await openPool({ url: restoredUrl, max: 2 });
      try {
        assert.deepEqual((await createPgGlossaryStore(restored).get()).entries.map((e) => e.term), ['AuraShade']);
        const w = await createPgWidgetSettingsStore({ pool: restored, envOrigins: [] }).get();
        assert.deepEqual([w.origins, w.title], [['https://shop.example.com'], 'Ask us']);
        const c2 = await openPgCatalog({ pool: restored, location: 'pg' });
        assert.equal((await c2.categories.require(cat.id)).name, 'Blinds');
        assert.ok((await c2.categories.insert({ name: 'New', description: '', createdDate: '', isActive: true })).id > cat.id, 'the id sequence came back too');
        await c2.close();
        assert.deepEqual(await migrate(restored, postgresMigrations), [], 'the restored database is at the same schema version: nothing to apply');
      } finally {
        await restored.end();
      }
    } finally {
      await pool.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
