import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reflowLines, sentences } from './terms';

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
