import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpusChrf, sentenceChrf } from './chrf';

test('chrF is 100 for identical text, 0 for text sharing no characters, and ignores spaces', () => {
  assert.equal(sentenceChrf('the motor', 'the motor'), 100);
  assert.equal(sentenceChrf('abc', 'xyz'), 0);
  assert.equal(sentenceChrf('themotor', 'the motor'), 100);
});

test('chrF matches a hand computation with recall weighted twice as much as precision', () => {
  // hyp "ab", ref "abc": 1-grams P=2/2 R=2/3; 2-grams P=1/1 R=1/2; orders 3..6 have no hypothesis n-grams.
  const p = (1 + 1) / 2;
  const r = (2 / 3 + 1 / 2) / 2;
  const expected = (100 * 5 * p * r) / (4 * p + r);
  assert.ok(Math.abs(sentenceChrf('ab', 'abc') - expected) < 1e-9);
  // Recall matters more: a short hypothesis scores lower than a long one with the same precision loss.
  assert.ok(sentenceChrf('motor', 'motor blind') < sentenceChrf('motor blind x', 'motor blind'));
});

test('corpus chrF pools n-gram statistics over sentences instead of averaging sentence scores', () => {
  const hyp = ['a', 'the long sentence here'];
  const ref = ['b', 'the long sentence here'];
  const pooled = corpusChrf(hyp, ref);
  const averaged = (sentenceChrf(hyp[0]!, ref[0]!) + sentenceChrf(hyp[1]!, ref[1]!)) / 2;
  assert.ok(pooled > averaged);
  assert.throws(() => corpusChrf(['a'], []), /1 hypotheses for 0 references/);
});
