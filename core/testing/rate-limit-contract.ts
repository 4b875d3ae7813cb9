import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RateLimitStore } from '../engines/limits/types';

export type MakeRateLimitStore = (now: () => number) => Promise<{ store: RateLimitStore; second?: RateLimitStore; cleanup: () => Promise<void> }>;

/** Proves the RateLimitStore behaviour for any implementation. */
export function runRateLimitStoreContract(name: string, make: MakeRateLimitStore): void {
  const test = (title: string, fn: (s: RateLimitStore, clock: { t: number }, second: RateLimitStore | undefined) => Promise<void>) =>
    it(title, { timeout: 20_000 }, async () => {
      const clock = { t: 1_800_000_000_000 };
      const { store, second, cleanup } = await make(() => clock.t);
      try {
        await fn(store, clock, second);
      } finally {
        await cleanup();
      }
    });

  describe(`RateLimitStore contract: ${name}`, () => {
    test('allows `limit` hits in a window, refuses the next with the seconds to wait, and lets hits through once the estimate has room', async (s, clock) => {
      const t0 = clock.t;
      for (let i = 0; i < 3; i++) {
        assert.equal(await s.take('a', 3, 60_000), 0);
        clock.t += 10_000;
      }
      // 3 hits in this minute: the next one fits when the weighted count of the last 60 s drops to 2 (at t0 + 80 s).
      assert.equal(await s.take('a', 3, 60_000), 50);
      clock.t = t0 + 79_000;
      assert.ok((await s.take('a', 3, 60_000)) > 0, 'still over');
      clock.t = t0 + 80_001;
      assert.equal(await s.take('a', 3, 60_000), 0);
    });

    test('keys are counted apart; reset forgets a key; undo takes back its last hit', async (s) => {
      assert.equal(await s.take('a', 1, 60_000), 0);
      assert.ok((await s.take('a', 1, 60_000)) > 0);
      assert.equal(await s.take('b', 1, 60_000), 0);
      await s.reset('a');
      assert.equal(await s.take('a', 1, 60_000), 0);
      await s.undo('a');
      assert.equal(await s.take('a', 1, 60_000), 0);
    });

    test('refused hits are not counted: two windows later the key is free again', async (s, clock) => {
      assert.equal(await s.take('a', 1, 1_000), 0);
      for (let i = 0; i < 5; i++) assert.ok((await s.take('a', 1, 1_000)) >= 1);
      clock.t += 2_001;
      assert.equal(await s.take('a', 1, 1_000), 0);
    });

    test('concurrent hits on one key never exceed the limit', async (s, _clock, second) => {
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => ((i % 2 && second) ? second : s).take('busy', 15, 60_000)));
      assert.equal(results.filter((r) => r === 0).length, 15);
    });
  });
}
