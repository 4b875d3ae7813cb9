import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuseRankings, type RankedList } from './fusion';

const list = (weight: number, pairs: Array<[string, number]>): RankedList<string> => ({ weight, hits: pairs.map(([id, score]) => ({ id, score, item: id })) });

test('max-normalised fusion keeps a clear winner of one list ahead of a weak rank elsewhere', () => {
  const words = list(0.5, [['a', 10], ['b', 9.5], ['c', 2]]);
  const grams = list(0.5, [['b', 30], ['a', 10], ['c', 9]]);
  const fused = fuseRankings([words, grams], 3).map((h) => h.id);
  // b: 0.5*0.95 + 0.5*1 = 0.975; a: 0.5 + 0.5*0.33 = 0.67
  assert.deepEqual(fused, ['b', 'a', 'c']);
});

test('weights decide between disagreeing lists; zero weight ignores a list', () => {
  const x = list(1, [['x', 1], ['y', 0.5]]);
  const y = list(0.2, [['y', 1], ['x', 0.1]]);
  assert.equal(fuseRankings([x, y], 1)[0].id, 'x');
  assert.equal(fuseRankings([list(0, [['x', 1]]), y], 2)[0].id, 'y');
});

test('a prior multiplies fused scores (same-language preference)', () => {
  const l = list(1, [['en', 1], ['he', 0.95]]);
  assert.equal(fuseRankings([l], 1, { prior: (item) => (item === 'he' ? 1.1 : 1) })[0].id, 'he');
});

test('RRF uses ranks only, and ties break by id for stable output', () => {
  const a = list(1, [['p', 100], ['q', 1]]);
  const b = list(1, [['q', 100], ['p', 1]]);
  const fused = fuseRankings([a, b], 2, { method: 'rrf' });
  assert.equal(fused[0].score, fused[1].score);
  assert.deepEqual(fused.map((h) => h.id), ['p', 'q']);
});

test('empty lists fuse to nothing and k limits the output', () => {
  assert.deepEqual(fuseRankings<string>([list(1, [])], 5), []);
  assert.equal(fuseRankings([list(1, [['a', 3], ['b', 2], ['c', 1]])], 2).length, 2);
});
