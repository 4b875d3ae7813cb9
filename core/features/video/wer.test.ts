import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordErrorRate, words } from './wer';

test('words are lower-cased without punctuation or pocketsphinx pronunciation marks', () => {
  assert.deepEqual(words('Hello, World! the(2) you\'re'), ['hello', 'world', 'the', "you're"]);
});

test('word error rate counts substitutions, deletions and insertions against the reference', () => {
  assert.equal(wordErrorRate('the cat sat', 'the cat sat').wer, 0);
  const r = wordErrorRate('the cat sat on the mat', 'the bat sat on mat today');
  assert.equal(r.substitutions + r.deletions + r.insertions, 3);
  assert.equal(r.wer, 0.5);
  const shifted = wordErrorRate('a b c d', 'a c d e');
  assert.deepEqual([shifted.substitutions, shifted.deletions, shifted.insertions, shifted.referenceWords], [0, 1, 1, 4]);
  assert.equal(wordErrorRate('one two', '').wer, 1);
  assert.equal(wordErrorRate('', 'noise').wer, 1);
});
