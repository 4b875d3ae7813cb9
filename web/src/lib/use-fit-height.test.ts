import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitHeight } from './use-fit-height';

test('the /rag-bot window ends inside the screen: 600 px at most, what is left below its top otherwise, 360 px at least', () => {
  assert.equal(fitHeight(190, 768, 600, 360), 562, '1366x768: the message box at 752 px, in view');
  assert.equal(fitHeight(300, 844, 600, 360), 528, '390x844 phone');
  assert.equal(fitHeight(100, 1200, 600, 360), 600, 'a tall window: the full height');
  assert.equal(fitHeight(500, 700, 600, 360), 360, 'never less than a usable window');
});
