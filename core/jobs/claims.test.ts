import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { postgresForTests } from '../testing/postgres';
import { createLocalJobClaims } from './claims';
import { runJobClaimsContract } from '../testing/job-claims-contract';
import { createPgJobClaims, jobClaimMigrations } from './pg-claims';

runJobClaimsContract('one process', async () => ({ first: createLocalJobClaims(), cleanup: async () => {} }));

const pg = postgresForTests(after);
if (pg.skipReason) {
  describe('JobClaims contract: PostgreSQL', () => it('runs on a real PostgreSQL', { skip: pg.skipReason }, () => {}));
} else {
  runJobClaimsContract('PostgreSQL, two workers', async () => {
    const pool = await openPool({ url: await (await pg.server()).createDatabase() });
    await migrate(pool, jobClaimMigrations);
    const leaseMs = 1500;
    return {
      first: createPgJobClaims({ pool, leaseMs }), second: createPgJobClaims({ pool, leaseMs }),
      expire: () => new Promise((r) => setTimeout(r, leaseMs + 100)),
      cleanup: () => pool.end(),
    };
  });
}
