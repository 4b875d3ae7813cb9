import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Passage } from './plan-query';
import { asksTableHeader, tableHeader } from './table-header';

const passage = (text: string, ordinal = 0): Passage => ({
  hit: { chunk: { id: `presentation:1:${ordinal}`, itemType: 'presentation', itemId: 1, title: 'deck', text, page: null, slide: 1, heading: null, language: 'en', imageIds: [], ordinal }, score: 1 },
  relevance: 1, matched: 1, focus: 1, relevant: true,
} as unknown as Passage);

test('"the column headers of the table" asks for a table\'s header row', () => {
  assert.ok(asksTableHeader('What are the column headers of the table in the test slides deck?'));
  assert.ok(asksTableHeader('Which column names does the price table have?'));
  assert.ok(!asksTableHeader('Which header appears on the first page of the second section?'));
});

test('the header row is the first row of the first table; a chunk starting inside a table has none', () => {
  const deck = passage('Test text\nGroup test text\nBox 1\nCol head 1 | Col head 2\nCell text 1 | Cell text 2');
  assert.equal(tableHeader([passage('No table here.'), deck], 'What are the column headers of the table?')?.line, 'Col head 1 | Col head 2');
  assert.equal(tableHeader([passage('Cell text 1 | Cell text 2\nCell 3 | Cell 4', 2)], 'What are the column headers?'), null);
});
