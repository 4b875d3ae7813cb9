import assert from 'node:assert/strict';
import { test } from 'node:test';
import { numberCitations, sourcesLine } from './sources';
import { chunk } from '../../testing/chat-fixtures';

const guide = { type: 'document' as const, id: 1, title: 'Guide' };
const deck = { type: 'presentation' as const, id: 2, title: 'Deck' };

test('citation markers are renumbered in order of first mention so [k] is citations[k-1]; same page collapses', () => {
  const numbered = [
    { n: 1, chunk: chunk(guide, 0, 'a', { page: 1, language: 'en' }) },
    { n: 3, chunk: chunk(deck, 0, 'b', { slide: 4, language: 'en' }) },
    { n: 4, chunk: chunk(guide, 1, 'c', { page: 1, language: 'en' }) },
  ];
  const out = numberCitations('Pair it first [3]. It takes 5 minutes [1][4] and [9] is not a source.', numbered);
  assert.equal(out.text, 'Pair it first [1]. It takes 5 minutes [2] and is not a source.');
  assert.deepEqual(out.citations.map((c) => [c.title, c.page, c.slide]), [['Deck', null, 4], ['Guide', 1, null]]);
  assert.equal(out.chunks.length, 2);
  assert.equal(sourcesLine(out.citations, 'he'), 'מקורות: [1] Deck, שקופית 4; [2] Guide, עמוד 1');
});
