import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openCatalog } from '../../engines/catalog/catalog';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { createPgSessionStore, sessionMigrations } from './pg-sessions';
import { runSessionStoreContract } from '../../testing/sessions-contract';
import { createCatalogSessionStore } from './sessions';

runSessionStoreContract('catalog', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sess-'));
  return { store: createCatalogSessionStore(openCatalog(dir)), cleanup: () => rm(dir, { recursive: true, force: true }) };
});

const pg = postgresForTests(after);
if (pg.skipReason) {
  describe('SessionStore contract: PostgreSQL', () => it('runs on a real PostgreSQL', { skip: pg.skipReason }, () => {}));
} else {
  runSessionStoreContract('PostgreSQL', async () => {
    const pool = await openPool({ url: await (await pg.server()).createDatabase() });
    await migrate(pool, sessionMigrations);
    return { store: createPgSessionStore(pool), cleanup: () => pool.end() };
  });
}
