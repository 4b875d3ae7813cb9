import assert from 'node:assert/strict';
import { test } from 'node:test';
import { holdsNumbered, numberedThings } from './numbered';

const CHART = 'Series 1: Category 1 4.3, Category 2 2.5, Category 3 3.5, Category 4 4.5\nSeries 2: Category 1 2.4, Category 2 4.4\nSeries 3: Category 1 2.0, Category 4 5.0';

test('a thing named by its number ("Series 4", "the third category", "3rd quarter") is read with its word', () => {
  assert.deepEqual(numberedThings('What is the value of Series 4 in Category 2?', 'en').map((x) => [x.n, x.term[0]]), [[4, 'seri'], [2, 'categori']]);
  assert.deepEqual(numberedThings('What does the third category show?', 'en').map((x) => [x.n, x.term[0]]), [[3, 'categori']]);
});

test('a chart that numbers its series 1 to 3 does not hold "Series 4"; one that does not number the word is no evidence', () => {
  const [series4, category2] = numberedThings('What is the value of Series 4 in Category 2?', 'en');
  assert.equal(holdsNumbered(CHART, series4, 'en'), false);
  assert.equal(holdsNumbered(CHART, category2, 'en'), true);
  assert.equal(holdsNumbered(CHART, numberedThings('What does the 3rd series show?', 'en')[0], 'en'), true);
  assert.equal(holdsNumbered('Sales: 1st Qtr 8.2, 2nd Qtr 3.2, 3rd Qtr 1.4', numberedThings('What were the sales in the 3rd quarter?', 'en')[0], 'en'), true);
  assert.equal(holdsNumbered('Sales: 1st Qtr 8.2, 2nd Qtr 3.2, 3rd Qtr 1.4', numberedThings('What were the sales in the 5th quarter?', 'en')[0], 'en'), false);
  assert.equal(holdsNumbered('Sales rose all year.', numberedThings('What were the sales in the 5th quarter?', 'en')[0], 'en'), true);
});

test('a four-digit year is a time, not a numbered thing ("the 2012 conference" is not conference number 2012)', () => {
  assert.deepEqual(numberedThings('Who chaired the 2012 conference?', 'en'), []);
  assert.deepEqual(numberedThings('What was revenue in 2009 for Series 4?', 'en').map((x) => [x.n, x.term[0]]), [[4, 'seri']]);
});
