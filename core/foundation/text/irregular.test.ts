import assert from 'node:assert/strict';
import { test } from 'node:test';
import { englishBaseForm } from './irregular';

test('an irregular verb form gives its base form; other words stay as they are', () => {
  assert.equal(englishBaseForm('struck'), 'strike');
  assert.equal(englishBaseForm('written'), 'write');
  assert.equal(englishBaseForm('wrote'), 'write');
  assert.equal(englishBaseForm('sold'), 'sell');
  assert.equal(englishBaseForm('highlighted'), 'highlighted');
  // A form that is also a word of another meaning is not listed.
  assert.equal(englishBaseForm('left'), 'left');
  assert.equal(englishBaseForm('found'), 'found');
});
