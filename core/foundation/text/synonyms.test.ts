import assert from 'node:assert/strict';
import { test } from 'node:test';
import { synonymsOf } from './synonyms';

test('a word in any inflected form gives the other words of its synonym group', () => {
  assert.ok(synonymsOf('placed').includes('position'));
  assert.ok(synonymsOf('positions').includes('place'));
  assert.ok(synonymsOf('prices').includes('cost'));
  assert.ok(synonymsOf('purchased').includes('buy'));
  assert.deepEqual([...synonymsOf('thermostat')], []);
});
