import assert from 'node:assert/strict';
import { test } from 'node:test';
import { itemTexts, namedByTitle, namesHeld, questionNames } from './named';
import type { Passage } from './plan-query';
import { queryVariant } from '../../engines/search/retrieve';

test('a question\'s names are its runs of two or more capitalised words after the first word', () => {
  assert.deepEqual(questionNames('Which version of Internet Explorer was TraceMonkey compared with?', 'en'), [['internet', 'explorer'], ['tracemonkey']]);
  // A single word capitalised inside too is a name ("CalGray"), the possessive left out.
  assert.deepEqual(questionNames("What gamma value does the CalGray test use, and TraceMonkey's cache?", 'en'), [['calgray'], ['tracemonkey']]);
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

test('a name the question asks about is looked for in the whole quoted item (its title, other pages found), not in other files', () => {
  const page = (itemId: number, title: string, page: number, text: string) => ({
    hit: { chunk: { id: `document:${itemId}:${page}`, itemType: 'document', itemId, title, text, page, slide: null, heading: null, language: 'en', imageIds: [], ordinal: page }, score: 1 },
    relevance: 1, matched: 1, focus: 1, relevant: true,
  } as unknown as Passage);
  const names = questionNames('When was the partnership with Orange Demo signed?', 'en');
  const quoted = page(1, 'partnership-letter', 2, 'The partnership was signed on 3 March 2021.');
  const cover = page(1, 'partnership-letter', 1, 'Orange Demo Inc., 23 Main Street, Oaktown');
  const other = page(2, 'price-list', 1, 'Orange Demo price list');
  assert.equal(namesHeld(names, itemTexts([quoted], [quoted, other])), false, 'another file naming it does not count');
  assert.equal(namesHeld(names, itemTexts([quoted], [quoted, cover, other])), true, 'the cover page of the same file does');
  assert.equal(namesHeld(names, itemTexts([page(1, 'orange_demo-letter', 2, 'Signed on 3 March 2021.')], [])), true, 'and so does its file name');
});

test('a name of two words is held only when both are (issue 34: "Apple Pay" is not "Apple’s SquirrelFish")', () => {
  const names = questionNames('Can I pay for my order with Apple Pay?', 'en');
  assert.equal(namesHeld(names, ['Apple’s SquirrelFish Extreme is a JavaScript implementation.']), false);
  assert.equal(namesHeld(names, ['We accept Apple Pay and cards.']), true);
});
