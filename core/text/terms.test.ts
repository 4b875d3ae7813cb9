import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { americanSpelling, contentTerms, hasTerm, passageTermSet, reflowLines, sentences } from './terms';

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
