import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { catalogMigrations, openPgCatalog } from '../../engines/catalog/pg-catalog';
import { createAccounts } from '../auth/accounts';
import { createAuditLog } from './audit';

const pg = postgresForTests(after);

describe('audit log, users and tokens in PostgreSQL', () => {
  it('are written to PostgreSQL: another process sees them, and delete-all-data keeps them', { skip: pg.skipReason || false }, async () => {
    const url = await (await pg.server()).createDatabase();
    const pool = await openPool({ url, max: 4 });
    await migrate(pool, catalogMigrations);
    const one = await openPgCatalog({ pool, location: 'PostgreSQL' });
    await createAuditLog(one).record({ action: 'approve', actor: { name: 'rita', role: 'reviewer', via: 'session' }, type: 'document', id: 7, title: 'Price list' });
    await createAccounts(one, 'admin').createToken({ name: 'ci', role: 'editor' }, { name: 'admin', role: 'admin', via: 'session' });
    await one.clearContent();
    const two = await openPgCatalog({ pool, location: 'PostgreSQL' });
    try {
      const entries = await createAuditLog(two).list();
      assert.deepEqual(entries.map((e) => [e.action, e.actor, e.itemId, e.title]), [['approve', 'rita', 7, 'Price list']]);
      assert.deepEqual((await createAccounts(two, 'admin').tokens()).map((t) => [t.name, t.role]), [['ci', 'editor']]);
    } finally {
      await one.close();
      await two.close();
      await pool.end();
    }
  });
});
