import assert from 'node:assert/strict';
import { test } from 'node:test';
import { namedByTitle, namesHeld, questionNames } from './named';
import type { Passage } from './plan-query';
import { queryVariant } from '../search/retrieve';

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

test('a question naming a file by its title ("the axis deck") is answered from that file when another says the same', () => {
  const passage = (title: string, text: string) => ({
    hit: { chunk: { id: `presentation:${title}:0`, itemType: 'presentation', itemId: 1, title, text, page: null, slide: 2, heading: null, language: 'en', imageIds: [], ordinal: 0 }, score: 1 },
    relevance: 1, matched: 1, focus: 1, relevant: true,
  } as unknown as Passage);
  const chart = passage('cht-chart-props', 'Series 1: Category 1 4.3, Category 2 2.5');
  const axis = passage('cht-axis-props', 'Series 1: Category 1 94.3, Category 2 2.5');
  const q = queryVariant('On slide 2 of the axis deck, how much does Series 1 show for Category 1?', 'en');
  assert.deepEqual(namedByTitle([chart, axis], q), [axis]);
  // Not when the word is in the text too, or no title holds it.
  assert.deepEqual(namedByTitle([chart, axis], queryVariant('How much does Series 1 show for Category 1?', 'en')), []);
});
