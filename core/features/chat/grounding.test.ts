import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkGrounding, figureForms, numberValues } from './grounding';

test('a number is matched across the ways languages write it (1,500 / 1.500 / 1 500 / 1500)', () => {
  for (const written of ['1,500', '1.500', '1 500', '1500']) {
    assert.deepEqual(checkGrounding(`It costs ${written} euros [1].`, ['The price is 1500 EUR.']).missing, [], written);
  }
  assert.deepEqual(checkGrounding('The price is 1,500 euros.', ['Der Preis beträgt 1.500 Euro.']).missing, []);
  assert.ok(numberValues('1,5').includes(1.5));
});

test('a figure, a model number, a URL and a phone number absent from the passages are reported', () => {
  const sources = ['The M2 motor installs in 20 minutes. Support: +1 555 010 2000, https://example.com/support'];
  assert.deepEqual(checkGrounding('The M2 motor installs in 20 minutes [1].', sources).missing, []);
  assert.deepEqual(checkGrounding('The M3 motor installs in 25 minutes.', sources).missing, ['M3', '25']);
  assert.deepEqual(checkGrounding('Call +1 555 010 9999 or see https://example.com/other.', sources).missing, ['https://example.com/other', '+1 555 010 9999']);
  assert.deepEqual(checkGrounding('Call +1 555 010 2000 or see https://example.com/support.', sources).missing, []);
});

test('citation markers are not figures, and figures from the question count as given', () => {
  assert.deepEqual(checkGrounding('It takes 20 minutes [1] [2].', ['20 minutes']).missing, []);
  assert.deepEqual(checkGrounding('No, not 500 but 20 minutes.', ['20 minutes', 'Does it take 500 minutes?']).missing, []);
});

test('expected figures are matched in any of their forms', () => {
  assert.ok(figureForms('1500').includes('1,500') && figureForms('1500').includes('1.500'));
  assert.ok(figureForms('10x').includes('10 times'));
});

test('a speed-up such as 1.25x or 10x is a figure matched by value, not a model number', () => {
  const sources = ['Background recompilation yielded speedups of up to 1.25x on benchmarks with many branch traces; we measured 10x.'];
  assert.deepEqual(checkGrounding('It yielded speedups of up to 1.25x [1], and 10x elsewhere.', sources).missing, []);
  assert.deepEqual(checkGrounding('It yielded speedups of up to 1.5x [1].', sources).missing, ['1.5']);
});
