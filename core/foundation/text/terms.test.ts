import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { americanSpelling, contentTerms, hasTerm, identifierParts, passageTermSet, reflowLines, sentences, termSet } from './terms';

describe('reflowing extracted text into sentences', () => {
  const page = [
    'Connecting the KNX gateway',
    'Wire the motor to the KNX gateway with the green and white bus cable, then pair it in the',
    'installer app.',
    '● Two mounting brackets',
  ].join('\n');

  it('joins a line the page layout wrapped, keeping headings and bullets on their own', () => {
    assert.deepEqual(reflowLines(page), [
      'Connecting the KNX gateway',
      'Wire the motor to the KNX gateway with the green and white bus cable, then pair it in the installer app.',
      '● Two mounting brackets',
    ]);
  });

  it('gives whole sentences, so an answer never ends mid-sentence', () => {
    assert.ok(sentences(page).includes('Wire the motor to the KNX gateway with the green and white bus cable, then pair it in the installer app.'));
  });

  it('joins wrapped lines of a caseless script after a long line', () => {
    const he = 'חברו את המנוע לשער החכם בעזרת כבל התקשורת הירוק והלבן ולאחר מכן צמדו אותו\nבאפליקציית המתקין.';
    assert.equal(reflowLines(he).length, 1);
  });
});

describe('spelling and language variants of the same words', () => {
  it('British spellings are read as American ones; words that only look alike are kept', () => {
    assert.equal(americanSpelling('colours'), 'colors');
    assert.equal(americanSpelling('centre'), 'center');
    assert.equal(americanSpelling('organised'), 'organized');
    assert.equal(americanSpelling('travelled'), 'traveled');
    assert.equal(americanSpelling('grey'), 'gray');
    for (const w of ['hour', 'four', 'flour', 'promise', 'emphasis', 'entire']) assert.equal(americanSpelling(w), w);
    const [colours] = contentTerms('colours', 'en');
    assert.ok(hasTerm(passageTermSet('A paragraph having background color Yellow', 'en', 'en'), colours));
  });

  it('a passage detected in another Latin-script language still shares its terms with the question', () => {
    const [types] = contentTerms('types', 'en');
    // Dutch stemming leaves "Types" as "types" and English as "type": the passage is read both ways.
    assert.ok(hasTerm(passageTermSet('Font Types', 'nl', 'en'), types));
  });
});

test('a question word matches the text\'s abbreviation of it, and an abbreviation in the question matches the whole word', () => {
  const set = termSet('Sales: 1st Qtr 8.2, 2nd Qtr 3.2, 3rd Qtr 1.4', 'en');
  assert.ok(hasTerm(set, contentTerms('quarter', 'en')[0]));
  assert.ok(hasTerm(termSet('Series 3: Category 4 5.0', 'en'), contentTerms('cat', 'en')[0]));
  assert.ok(hasTerm(termSet('Maximum temperature 40 degrees', 'en'), contentTerms('temp', 'en')[0]));
  assert.ok(!hasTerm(set, contentTerms('quite', 'en')[0]));
});

test('a word expanded to other words matches them exactly, not by a shared head ("app" is not "applies")', () => {
  const set = termSet('It applies blacklisting if needed.', 'en');
  assert.ok(!hasTerm(set, contentTerms('app', 'en')[0]));
  assert.ok(hasTerm(termSet('Download the application.', 'en'), contentTerms('app', 'en')[0]));
});

test('an ordinal in figures matches its number; irregular verb forms and synonyms match their word', () => {
  assert.ok(hasTerm(termSet('Series 3: Category 1 2.0', 'en'), contentTerms('3rd', 'en')[0]));
  assert.ok(hasTerm(termSet('StrikeOut: the words are struck', 'en'), contentTerms('strike', 'en')[0]));
  assert.ok(hasTerm(termSet('Notes in modified position and size.', 'en'), contentTerms('placed', 'en')[0]));
});

test('a count or an ordinal in English words matches its figure ("series two", "the third category")', () => {
  const set = termSet('Series 2: Category 1 2.4, Category 3 1.8', 'en');
  for (const w of ['two', 'third', 'first']) assert.ok(hasTerm(set, contentTerms(w, 'en')[0]), w);
  assert.ok(!hasTerm(set, contentTerms('fifth', 'en')[0]));
});

test('the parts of identifiers and CamelCase words are terms of a passage', () => {
  assert.equal(identifierParts('value_axis.crosses == XL_AXIS_CROSSES.MAXIMUM'), 'value axis crosses\nXL AXIS CROSSES MAXIMUM');
  const set = termSet('value_axis.crosses == XL_AXIS_CROSSES.MAXIMUM and a StrikeOut', 'en');
  for (const w of ['axis', 'crossing', 'maximum', 'strike']) assert.ok(hasTerm(set, contentTerms(w, 'en')[0]), w);
});

test('"e-mail" and "email" are one word, and a comparative matches its adjective ("bigger" / "Large")', () => {
  assert.ok(hasTerm(termSet('Secret Key, email address, ID, salt from local storage', 'en'), contentTerms('e-mail', 'en')[0]));
  assert.ok(hasTerm(termSet('Write to our e-mail desk', 'en'), contentTerms('email', 'en')[0]));
  // Hyphenated words keep their parts ("Y-Value" holds "value", "y-val" abbreviates it).
  assert.ok(hasTerm(termSet('Y-Value 1: 0.7 2.7, 1.8 3.2, 2.6 0.8', 'en'), contentTerms('value', 'en')[0]));
  assert.ok(hasTerm(termSet('E-SIGNED by tt tt on 2023-03-07', 'en'), contentTerms('e-signed', 'en')[0]));
  assert.ok(hasTerm(termSet('Paragraph in Large Size style', 'en'), contentTerms('bigger', 'en')[0]));
  assert.ok(hasTerm(termSet('the highest value', 'en'), contentTerms('high', 'en')[0]));
});

test('a line ending in a word no sentence ends with goes on, whatever starts the next ("in about / 35 cycles")', () => {
  // Lines as pdftotext reads page 12 of the TraceMonkey paper (core/testing/data/corpus/pdf/tracemonkey_with_annotations.pdf).
  assert.deepEqual(sentences('shows that on average, a bytecode executes in about\n35 cycles. Native traces take about 9 cycles per bytecode.'),
    ['shows that on average, a bytecode executes in about 35 cycles.', 'Native traces take about 9 cycles per bytecode.']);
  assert.deepEqual(reflowLines('Revenue grew (previously 4%) to\n296 MEUR in 2009.'), ['Revenue grew (previously 4%) to 296 MEUR in 2009.']);
  // A chart's label ending in a capital letter is not the article "a".
  assert.deepEqual(reflowLines('Sales of Category A\n2009 4.3'), ['Sales of Category A', '2009 4.3']);
});
