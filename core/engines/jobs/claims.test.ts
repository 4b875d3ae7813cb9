import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { createLocalJobClaims } from './claims';
import { runJobClaimsContract } from '../../testing/job-claims-contract';
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
      // The leases running out, as PostgreSQL's clock sees it (the event the takeover waits for), looked at every 50 ms.
      expire: async () => {
        const live = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM job_claims WHERE expires_at >= now()')).rows[0]!.n);
        for (const end = Date.now() + 10 * leaseMs; (await live()) > 0;) {
          if (Date.now() > end) throw new Error(`leases of ${leaseMs} ms still live after ${10 * leaseMs} ms`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      cleanup: () => pool.end(),
    };
  });
}
