import assert from 'node:assert/strict';
import { test } from 'node:test';
import { charNgrams, contentWords, gramTerms, wordTerms } from './analyze';
import { foldWord, normalizeForMatch, normalizeText } from './normalize';
import { hebrewLightStem, stem } from './stem';
import { splitSentences, words } from './tokenize';

test('normalisation removes bidi controls, niqqud, harakat and folds Hebrew gershayim', () => {
  assert.equal(normalizeText('\u202Bשָׁלוֹם\u202C'), 'שלום');
  assert.equal(normalizeText('مُحَمَّد'), 'محمد');
  assert.equal(normalizeText('רשב״י'), 'רשב"י');
  assert.equal(normalizeText('ＡＢＣ Ｏｎｅ'), 'abc one');
});

test('words are lower-cased, Hebrew acronyms kept whole, French elisions split', () => {
  assert.deepEqual(words('מיהו בנו של רשב״י?'), ['מיהו', 'בנו', 'של', 'רשבי']);
  assert.deepEqual(words('רשב"י ובנו'), ['רשבי', 'ובנו']);
  assert.deepEqual(words("L’installation de l'hôtel"), ['l', 'installation', 'de', 'l', 'hôtel']);
  assert.deepEqual(words('Version 3.5 of the U.S.A. hub'), ['version', '3.5', 'of', 'the', 'usa', 'hub']);
});

test('words segments Chinese and Japanese with the ICU dictionary', () => {
  assert.deepEqual(words('我喜欢吃苹果'), ['我', '喜欢', '吃', '苹果']);
  assert.ok(words('東京タワーに行きました').includes('東京タワー'));
});

test('word segmentation of a long CJK text stays fast (pieces, not one huge string)', () => {
  const text = '我喜欢吃苹果。'.repeat(30_000);
  const t = performance.now();
  const n = words(text).length;
  assert.equal(n, 4 * 30_000);
  assert.ok(performance.now() - t < 10_000, 'segmentation took too long');
});

test('foldWord strips Latin diacritics and folds ß, keeps Hebrew', () => {
  assert.equal(foldWord('hôtel'), 'hotel');
  assert.equal(foldWord('straße'), 'strasse');
  assert.equal(foldWord('ёлка'), 'елка');
  assert.equal(foldWord('שלום'), 'שלום');
  assert.equal(foldWord('أحمد'), 'احمد');
});

test('stemming conflates inflections in several languages', () => {
  assert.equal(stem('connections', 'en'), stem('connected', 'en'));
  assert.equal(stem('installations', 'fr'), stem('installation', 'fr'));
  assert.equal(stem('датчиков', 'ru'), stem('датчики', 'ru'));
  assert.equal(stem('sensores', 'es'), stem('sensor', 'es'));
  assert.equal(hebrewLightStem('והמערה'), 'מערה');
  assert.equal(stem('בית', 'he'), 'בית');
  assert.equal(stem('hub', 'xx'), 'hub');
});

test('word terms drop function words and fold stems; a query of only function words keeps them', () => {
  assert.deepEqual(wordTerms('How do I reset the hub?', 'en'), ['reset', 'hub']);
  assert.deepEqual(contentWords('the', 'en'), ['the']);
});

test('character n-grams are padded at word edges; CJK gives uni- and bigrams', () => {
  assert.deepEqual(charNgrams('hub', 4, 4), ['_hub', 'hub_']);
  assert.deepEqual(charNgrams('苹果', 4, 4), ['苹', '苹果', '果']);
  assert.ok(gramTerms('ובמערה', 'he', 4, 4).includes('מערה'));
});

test('sentences split on boundaries, keep abbreviations together and rejoin to the text', () => {
  const text = 'Dr. Smith went to the U.S. in 2001. He came back! Why? Because 3.5 is ok.\nNew line here';
  const s = splitSentences(text, 'en');
  assert.equal(s.join(''), text);
  assert.equal(s[0], 'Dr. Smith went to the U.S. in 2001. ');
  assert.ok(s.includes('Why? '));
  assert.equal(splitSentences('שלום עולם. מה שלומך? הכל טוב.', 'he').length, 3);
});

test('answer matching normalises case and whitespace', () => {
  assert.equal(normalizeForMatch('  Denver\n Broncos '), 'denver broncos');
});
