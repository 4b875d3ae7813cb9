import assert from 'node:assert/strict';
import { test } from 'node:test';
import { focusAfter } from './focus-after';

test('focus stays on a row that is still listed after the action (the "All" filter keeps approved rows)', () => {
  assert.equal(focusAfter([1, 2, 3], [2], [1, 2, 3]), 2);
});

test('focus moves to the row that followed the one approved when it leaves the list', () => {
  assert.equal(focusAfter([1, 2, 3], [2], [1, 3]), 3);
});

test('after several rows, focus goes to the row after the last of them', () => {
  assert.equal(focusAfter([1, 2, 3, 4, 5], [2, 3], [1, 4, 5]), 4);
});

test('the last row acted on: focus goes to the row before it', () => {
  assert.equal(focusAfter([1, 2, 3], [3], [1, 2]), 2);
});

test('every row gone: no row to focus', () => {
  assert.equal(focusAfter([1, 2], [1, 2], []), null);
});

test('rows that arrived meanwhile: the first listed row when none of the old ones remain', () => {
  assert.equal(focusAfter([1], [1], [9]), 9);
});
