import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Passage } from './plan-query';
import { askedExtreme, chartExtreme } from './chart-extreme';

const passage = (text: string): Passage => ({
  hit: { chunk: { id: 'presentation:1:0', itemType: 'presentation', itemId: 1, title: 'chart', text, page: null, slide: 1, heading: null, language: 'en', imageIds: [], ordinal: 0 }, score: 1 },
  relevance: 1, matched: 1, focus: 1, relevant: true,
} as unknown as Passage);

const CHART = passage('Series 1: Category 1 4.3, Category 2 2.5, Category 3 3.5, Category 4 4.5\nSeries 2: Category 1 2.4, Category 2 4.4, Category 3 1.8, Category 4 2.8\nSeries 3: Category 1 2.0, Category 2 2.0, Category 3 3.0, Category 4 5.0');

test('superlatives of a value ask for an extreme; "maximum" (often a setting\'s name) does not', () => {
  assert.equal(askedExtreme('What is the biggest value anywhere on the chart?'), 'high');
  assert.equal(askedExtreme('Which category has the lowest Series 2 value?'), 'low');
  assert.equal(askedExtreme('Which axis crossing is set to the maximum?'), null);
});

test('the series line holding the extreme among the points the question names is chosen', () => {
  assert.match(chartExtreme([CHART], 'What is the biggest value anywhere on the chart?', 'en')!.line, /^Series 3/);
  assert.match(chartExtreme([CHART], 'Which series is highest in the first category?', 'en')!.line, /^Series 1/);
  assert.match(chartExtreme([CHART], 'Which series is lowest in Category 3?', 'en')!.line, /^Series 2/);
  assert.match(chartExtreme([CHART], 'Where is Series 2 highest?', 'en')!.line, /^Series 2/);
  assert.equal(chartExtreme([CHART], 'What is the highest value of Series 4?', 'en'), null);
  assert.equal(chartExtreme([passage('The highest tower in the city.')], 'What is the highest tower?', 'en'), null);
});
