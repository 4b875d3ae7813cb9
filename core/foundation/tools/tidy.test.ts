import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { repairRtlPunctuation, tidyText } from './tidy';

describe('text tidying', () => {
  it('drops bidi controls and collapses spaces', () => {
    assert.equal(tidyText('\u200fשלום   עולם\u200e \n\n\n\nx'), 'שלום עולם\n\nx');
  });

  it('moves the end punctuation a PDF stored first off a right-to-left line', () => {
    assert.equal(repairRtlPunctuation('. : התקנת וילון גלילה ממונע חברו את המנוע'), 'התקנת וילון גלילה ממונע חברו את המנוע.');
    assert.equal(repairRtlPunctuation('، مرحبا بكم'), 'مرحبا بكم');
  });

  it('leaves left-to-right lines and well-formed lines alone', () => {
    assert.equal(repairRtlPunctuation('. Hello'), '. Hello');
    assert.equal(repairRtlPunctuation('שלום עולם.'), 'שלום עולם.');
  });
});
