import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextShown } from './monotonic-progress';

test('a progress bar never goes back while the work runs (60 % then a translation job at 5 % stays at 60 %)', () => {
  let shown: number | null = null;
  const seen: number[] = [];
  for (const v of [5, 30, 60, 5, 40, 70, 100]) {
    shown = nextShown(shown, v, true);
    seen.push(shown);
  }
  assert.deepEqual(seen, [5, 30, 60, 60, 60, 70, 100]);
});

test('a new run (queued again, a retry after a failure) starts from its own figure', () => {
  assert.equal(nextShown(80, 0, false), 0);
  assert.equal(nextShown(null, 10, true), 10);
});
