import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JobClaims } from '../engines/jobs/claims';

export interface ClaimsHarness {
  /** Two workers' claims on the same jobs (the local implementation has only one worker: `second` is absent). */
  first: JobClaims;
  second?: JobClaims;
  /** Lets leases run out (PostgreSQL: waits past the lease). */
  expire?: () => Promise<void>;
  cleanup: () => Promise<void>;
}

/** Proves the JobClaims behaviour for any implementation. */
export function runJobClaimsContract(name: string, make: () => Promise<ClaimsHarness>) {
  const test = (title: string, fn: (h: ClaimsHarness) => Promise<void>) => it(title, { timeout: 30_000 }, async () => {
    const h = await make();
    try {
      await fn(h);
    } finally {
      await h.cleanup();
    }
  });

  describe(`JobClaims contract: ${name}`, () => {
    test('a job is claimed once per generation; a finished generation is never claimed again, a retried one is', async ({ first, second }) => {
      const other = second ?? first;
      assert.equal(await first.claim(1, 0), true);
      assert.equal(await other.claim(1, 0), false, 'held');
      await first.release(1, true);
      assert.equal(await other.claim(1, 0), false, 'finished');
      assert.equal(await other.claim(1, 1), true, 'the retry is a new generation');
    });

    test('a job put back (not final) can be claimed again in the same generation', async ({ first, second }) => {
      const other = second ?? first;
      assert.equal(await first.claim(2, 0), true);
      await first.release(2, false);
      assert.equal(await other.claim(2, 0), true);
    });

    test('running jobs nobody holds are orphaned; a held one is not', async ({ first, second }) => {
      assert.equal(await first.claim(3, 0), true);
      assert.deepEqual(await (second ?? first).orphaned([3, 4]), [4]);
      assert.deepEqual(await (second ?? first).takeOver(4), { generation: 0 });
      assert.equal(await (second ?? first).takeOver(3), null, 'held by a live worker');
    });

    test('concurrent claims of one job: exactly one wins', async ({ first, second }) => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => ((i % 2 && second) ? second : first).claim(5, 0)));
      assert.equal(results.filter(Boolean).length, 1);
    });

    test('a lease that is not renewed runs out: another worker takes the job over; a renewed one does not', async ({ first, second, expire }) => {
      if (!second || !expire) return; // one process: no other worker to take over
      assert.equal(await first.claim(6, 0), true);
      assert.equal(await first.claim(7, 0), true);
      await expire();
      await first.renew([7]);
      assert.deepEqual(await second.orphaned([6, 7]), [6]);
      assert.deepEqual(await second.takeOver(6), { generation: 0 });
      assert.equal(await second.takeOver(7), null);
      assert.equal(await first.claim(6, 0), false, 'the old worker cannot claim it back');
    });
  });
}
