import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinPrefixLetters, rejoinHyphenation, wholeWords } from './words';

test('a word hyphenated at a line end is one word again, the rest of the line following it', () => {
  assert.equal(rejoinHyphenation('more difficult to com-\npile than statically typed ones'), 'more difficult to compile than statically typed ones');
  assert.equal(rejoinHyphenation('lazily discov-\nered alternative paths'), 'lazily discovered alternative paths');
});

test('a compound the text also writes with its hyphen keeps it at a line end', () => {
  const text = 'types at run-time.\nWe record the run-\ntime types.';
  assert.equal(rejoinHyphenation(text), 'types at run-time.\nWe record the run-time types.');
});

test('a capitalised next line or a dash between sentences is left alone', () => {
  assert.equal(rejoinHyphenation('Intel Corporation-\nAdobe'), 'Intel Corporation-\nAdobe');
  assert.equal(rejoinHyphenation('see below -\n\nnext'), 'see below -\n\nnext');
});

test('Hebrew prefix letters set apart by the PDF text layer are joined to their word', () => {
  assert.equal(joinPrefixLetters('שדות חובה יסומנו ב ירוק'), 'שדות חובה יסומנו בירוק');
  assert.equal(joinPrefixLetters('שאלה ש אין לה מענה'), 'שאלה שאין לה מענה');
  assert.equal(joinPrefixLetters('ה מערכת ו ה משתמש'), 'המערכת והמשתמש');
});

test('Hebrew abbreviations and Latin text are not touched', () => {
  assert.equal(joinPrefixLetters('ה\' באייר, מ"מ 5'), 'ה\' באייר, מ"מ 5');
  assert.equal(joinPrefixLetters('a b c'), 'a b c');
  assert.equal(joinPrefixLetters('מה זה TraceMonkey'), 'מה זה TraceMonkey');
});

test('Arabic prefix letters and the article set apart are joined to their word', () => {
  assert.equal(joinPrefixLetters('و الكتاب'), 'والكتاب');
  assert.equal(joinPrefixLetters('ال كتاب'), 'الكتاب');
});

test('wholeWords does both repairs', () => {
  assert.equal(wholeWords('ב ירוק and com-\npile'), 'בירוק and compile');
});
