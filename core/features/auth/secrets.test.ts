import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashPassword, verifyPassword } from './secrets';

test('password checks run off the event loop: a burst of sign-in attempts leaves it free for other requests', async () => {
  const stored = hashPassword('right password');
  assert.equal(await verifyPassword('right password', stored), true);
  assert.equal(await verifyPassword('wrong', stored), false);

  // Measure how late a 2 ms timer fires while 16 checks run (each is ~tens of ms of scrypt).
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const t = performance.now();
    worst = Math.max(worst, t - last);
    last = t;
  }, 2);
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: 16 }, () => verifyPassword('wrong guess', stored)));
  const total = performance.now() - t0;
  clearInterval(timer);
  assert.ok(results.every((r) => r === false));
  // Synchronous checks would hold the loop for the whole burst; off-loop, the loop waits far less than the burst takes.
  assert.ok(worst < total / 2, `event loop was blocked ${worst.toFixed(0)} ms during a ${total.toFixed(0)} ms burst`);
});
