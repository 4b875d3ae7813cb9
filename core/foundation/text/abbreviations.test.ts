import assert from 'node:assert/strict';
import { test } from 'node:test';
import { abbreviates, expansions, mayAbbreviate } from './abbreviations';

test('a vowel-less abbreviation matches a longer word of the same first letter holding its letters in order', () => {
  for (const [a, w] of [['qtr', 'quarter'], ['bldg', 'building'], ['mgmt', 'management'], ['pwr', 'power'], ['std', 'standard']]) {
    assert.ok(abbreviates(a, w), `${a} ~ ${w}`);
  }
});

test('the rule refuses other first letters, letters out of order, words too short, and tokens with vowels', () => {
  assert.ok(!abbreviates('qtr', 'quite'));
  assert.ok(!abbreviates('qtr', 'torque'));
  assert.ok(!abbreviates('rtq', 'quarter'));
  assert.ok(!abbreviates('std', 'stud'));
  assert.ok(!abbreviates('try', 'territory'));
  assert.ok(!abbreviates('set', 'settings'));
  assert.ok(!mayAbbreviate('cat') && !mayAbbreviate('gym') && mayAbbreviate('qtr'));
});

test('the table gives the words an abbreviation stands for, and nothing for other words', () => {
  assert.deepEqual(expansions('cat'), ['category']);
  assert.deepEqual(expansions('ser'), ['series']);
  assert.ok(expansions('min').includes('minute') && expansions('min').includes('minimum'));
  assert.deepEqual(expansions('house'), []);
  assert.deepEqual(expansions('constructor'), []);
});
