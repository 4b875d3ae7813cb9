import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ExtractedSection } from '../../formats/types';
import { dropSlideFurniture } from './pptx';

test('a footer repeated on most slides is kept once and does not fill every slide; titles and content stay', () => {
  const footer = 'AuraShade GmbH · Confidential · 2026';
  const sections: ExtractedSection[] = [
    { slide: 1, heading: 'Passwords', text: `Passwords\nUse a password manager and at least 12 characters.\n${footer}` },
    { slide: 2, heading: 'Pairing', text: `Pairing\nHold the P2 button for three seconds.\n${footer}` },
    { slide: 3, heading: 'Warranty', text: `Warranty\nFive years from the date of purchase.\n${footer}` },
    { slide: 4, heading: 'Support', text: `Support\n${footer}` },
  ];
  dropSlideFurniture(sections);
  assert.deepEqual(sections.map((s) => s.text), [
    `Passwords\nUse a password manager and at least 12 characters.\n${footer}`,
    'Pairing\nHold the P2 button for three seconds.',
    'Warranty\nFive years from the date of purchase.',
    'Support',
  ]);
});

test('a deck of two slides, or lines on fewer than half the slides, are left alone', () => {
  const two: ExtractedSection[] = [{ slide: 1, text: 'a\nfooter' }, { slide: 2, text: 'b\nfooter' }];
  dropSlideFurniture(two);
  assert.equal(two[1].text, 'b\nfooter');
  const many: ExtractedSection[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ slide: n, text: n <= 3 ? `slide ${n}\nshared line` : `slide ${n}` }));
  dropSlideFurniture(many);
  assert.equal(many[2].text, 'slide 3\nshared line');
});

test('a deck showing the same chart on every slide keeps it on each slide: repeated content is not furniture', () => {
  const chart = 'Series 1: Category 1 4.3, Category 2 2.5\nSeries 2: Category 1 2.4, Category 2 4.4';
  const sections: ExtractedSection[] = [1, 2, 3].map((n) => ({ slide: n, text: chart }));
  dropSlideFurniture(sections);
  assert.deepEqual(sections.map((s) => s.text), [chart, chart, chart]);
});
