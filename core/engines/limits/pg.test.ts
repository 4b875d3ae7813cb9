import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { runRateLimitStoreContract } from '../../testing/rate-limit-contract';
import { createPgRateLimitStore, rateLimitMigrations } from './pg';

const pg = postgresForTests(after);

if (pg.skipReason) {
  describe('RateLimitStore contract: PostgreSQL', () => it('runs on a real PostgreSQL', { skip: pg.skipReason }, () => {}));
} else {
  // Two stores on two pools stand for two servers: a limit reached through one holds on the other.
  runRateLimitStoreContract('PostgreSQL (two servers)', async (now) => {
    const url = await (await pg.server()).createDatabase();
    const a = await openPool({ url, max: 5 });
    const b = await openPool({ url, max: 5 });
    await migrate(a, rateLimitMigrations);
    return {
      store: createPgRateLimitStore({ pool: a, now }), second: createPgRateLimitStore({ pool: b, now }),
      cleanup: async () => { await a.end(); await b.end(); },
    };
  });
}
