import assert from 'node:assert/strict';
import { test } from 'node:test';
import { yesNoLead } from './yes-no';

test('a yes/no question is answered "Yes" or "No" only when the quote states what it asks, from the clause that states it', () => {
  const linear = 'Because traces have no internal control-flow joins, they can be optimized in linear time by a simple compiler.';
  assert.equal(yesNoLead('Can traces be optimized in linear time by a simple compiler?', linear, 'en'), 'Yes', 'the "no" of the clause beside it is not the answer');
  assert.equal(yesNoLead('Can TraceMonkey currently record code that throws and catches arbitrary exceptions?',
    'TraceMonkey does not currently support recording throwing and catching of arbitrary exceptions.', 'en'), 'No');
  // Not when the quote shares too few of its words, when it asks which of two, or in another language.
  assert.equal(yesNoLead('Can the hub be scheduled to open the blinds at sunrise?', 'The hub connects up to 16 blinds.', 'en'), null);
  assert.equal(yesNoLead('Is the motor red or blue?', 'The motor is red.', 'en'), null);
  assert.equal(yesNoLead('¿Se pueden optimizar las trazas?', linear, 'es'), null);
  assert.equal(yesNoLead('What can be optimized in linear time?', linear, 'en'), null);
});

test('"does the form ask whether ..." is answered "Yes" by the form\'s own question holding what is asked (issue 34)', () => {
  const form = 'Did you listen to any soothing or relaxing music? Did you watch any TV?';
  assert.equal(yesNoLead('Does the sleep study form ask whether you listened to soothing or relaxing music?', form, 'en'), 'Yes');
  // A question of the form about something else, or a statement, is no such answer.
  assert.equal(yesNoLead('Does the sleep study form ask whether you drank coffee in the evening?', form, 'en'), null);
  assert.equal(yesNoLead('Does the form ask whether you listened to relaxing music?', 'You listened to soothing or relaxing music.', 'en'), null);
});
