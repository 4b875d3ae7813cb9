import assert from 'node:assert/strict';
import { test } from 'node:test';
import { namesHeld, questionNames } from './named';

test('a question\'s names are its runs of two or more capitalised words after the first word', () => {
  assert.deepEqual(questionNames('Which version of Internet Explorer was TraceMonkey compared with?', 'en'), [['internet', 'explorer']]);
  assert.deepEqual(questionNames('What is the due date of the Bayside Wholesale invoice?', 'en'), [['bayside', 'wholesale']]);
  assert.deepEqual(questionNames('To how many functions is the FORCESSTACK annotation applied?', 'en'), []);
  assert.deepEqual(questionNames('What does the Table show?', 'en'), []);
});

test('a name is held only as written ("Explorer" is not "exploring")', () => {
  const names = questionNames('Which version of Internet Explorer was TraceMonkey compared with?', 'en');
  assert.equal(namesHeld(names, ['We are also exploring support for this capability.']), false);
  assert.equal(namesHeld(names, ['TraceMonkey was compared with Internet Explorer 8.']), true);
});
