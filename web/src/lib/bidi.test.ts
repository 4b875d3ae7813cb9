import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isolateRuns } from './bidi';

const LRI = '\u2066';
const RLI = '\u2067';
const PDI = '\u2069';

test('bidirectional text: an English run inside a Hebrew answer is isolated with its spaces kept outside ("30 דקות" keeps its space)', () => {
  assert.equal(isolateRuns('ההתקנה של AuraShade P2 לוקחת 30 דקות.', true), `ההתקנה של ${LRI}AuraShade P2${PDI} לוקחת 30 דקות.`);
  assert.equal(isolateRuns('30 דקות', true), '30 דקות', 'numbers alone are left to the paragraph');
  assert.equal(isolateRuns('בלי אנגלית כלל.', true), 'בלי אנגלית כלל.');
});

test('an English sentence keeps its final period at its end; a Hebrew word inside it is isolated', () => {
  assert.equal(isolateRuns('The vault holds the crown jewels.', false), 'The vault holds the crown jewels.');
  assert.equal(isolateRuns('Open the file מדריך התקנה.pdf now.', false), `Open the file ${RLI}מדריך התקנה${PDI}.pdf now.`);
});

test('nothing is added or removed but the isolates', () => {
  const text = 'המנוע AuraShade M2 (12.5 cm) עובד עם Zigbee 3.0, ו-KNX.';
  assert.equal(isolateRuns(text, true).replace(/[\u2066\u2067\u2069]/g, ''), text);
});
