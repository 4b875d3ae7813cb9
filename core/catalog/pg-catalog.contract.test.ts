import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { runCatalogContract } from '../testing/catalog-contract';
import { postgresForTests } from '../testing/postgres';
import { openPgCatalog, type PgCatalog } from './pg-catalog';
import { catalogMigrations } from './pg-replica';

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
      // A reopen is a new process's view: what the previous one wrote must be in PostgreSQL first.
      async open() {
        await opened.at(-1)?.flush();
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
