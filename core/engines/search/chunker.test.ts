import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkItem, chunkSections, splitText } from './chunker';

const sentence = (i: number) => `Sentence number ${i} explains how the motion sensor reports movement to the hub. `;
const longText = Array.from({ length: 60 }, (_, i) => sentence(i)).join('');

test('a chunk never spans two pages, and keeps page, heading and image ids of its page', () => {
  const chunks = chunkSections(
    [
      { page: 1, text: 'First page about the hub.', heading: 'Intro' },
      { page: 2, text: longText },
      { page: 3, text: '   ' },
      { page: 4, text: 'Last page.' },
    ],
    { itemType: 'document', itemId: 7, title: 'Manual', imagesByPage: new Map([[2, [11, 12]], [4, [13]]]) },
    { targetChars: 800 },
  );
  assert.equal(chunks[0].page, 1);
  assert.equal(chunks[0].heading, 'Intro');
  assert.deepEqual(chunks[0].imageIds, []);
  const page2 = chunks.filter((c) => c.page === 2);
  assert.ok(page2.length >= 5, `expected page 2 to be split, got ${page2.length}`);
  for (const c of page2) {
    assert.deepEqual(c.imageIds, [11, 12]);
    assert.ok(c.text.length <= 1000, `chunk of ${c.text.length} chars`);
    assert.ok(!c.text.includes('First page') && !c.text.includes('Last page'));
  }
  assert.equal(chunks.filter((c) => c.page === 3).length, 0, 'blank page gives no chunk');
  assert.deepEqual(chunks.at(-1)!.imageIds, [13]);
  assert.equal(chunks.at(-1)!.title, 'Manual');
});

test('ids are stable and ordinal, and chunking is deterministic', () => {
  const sections = [{ page: 1, text: longText }, { page: 2, text: 'Short.' }];
  const meta = { itemType: 'document' as const, itemId: 3, title: 'T' };
  const a = chunkSections(sections, meta, { targetChars: 600 });
  const b = chunkSections(sections, meta, { targetChars: 600 });
  assert.deepEqual(a, b);
  a.forEach((c, i) => { assert.equal(c.ordinal, i); assert.equal(c.id, `document:3:${i}`); });
});

test('long sections split on sentence boundaries with overlap between parts', () => {
  const parts = splitText(longText, 800, 200, 'en');
  assert.ok(parts.length > 1);
  for (const p of parts) assert.match(p, /^Sentence number \d+ .*hub\.$/s, 'parts start and end on sentence boundaries');
  for (let i = 1; i < parts.length; i++) {
    const lastOfPrev = parts[i - 1].split('. ').at(-1)!;
    assert.ok(parts[i].includes(lastOfPrev.replace(/\.$/, '')), 'next part repeats the end of the previous one');
  }
  const covered = new Set(parts.flatMap((p) => [...p.matchAll(/number (\d+)/g)].map((m) => m[1])));
  assert.equal(covered.size, 60, 'no sentence lost');
});

test('slides carry their notes, slide number and slide images', () => {
  const chunks = chunkSections(
    [{ slide: 1, heading: 'Welcome', text: 'Smart lights', notes: 'Say hello to the audience' }, { slide: 2, text: 'Pricing' }],
    { itemType: 'presentation', itemId: 2, title: 'Deck', imagesBySlide: new Map([[1, [5]], [2, [6, 6]]]) },
  );
  assert.equal(chunks.length, 2);
  assert.match(chunks[0].text, /Smart lights\n\nSay hello to the audience/);
  assert.equal(chunks[0].slide, 1);
  assert.equal(chunks[0].page, null);
  assert.deepEqual(chunks[0].imageIds, [5]);
  assert.deepEqual(chunks[1].imageIds, [6]);
  assert.equal(chunks[0].id, 'presentation:2:0');
});

test('each chunk records its detected language; short chunks take the item language', () => {
  const chunks = chunkSections(
    [
      { page: 1, text: 'הרכזת מתחברת לרשת הביתית שלך באמצעות Wi-Fi. לאחר שהיא מחוברת, פתחו את האפליקציה ועקבו אחר השלבים.' },
      { page: 2, text: 'The hub connects to your home network over Wi-Fi. Open the app and follow the steps to pair each sensor.' },
      { page: 3, text: 'OK' },
    ],
    { itemType: 'document', itemId: 1, title: 'x' },
  );
  assert.deepEqual(chunks.map((c) => c.language), ['he', 'en', 'he']);
});

test('the item\'s language is the one most of its confidently judged text is in, or unknown when none holds half', () => {
  const meta = { itemType: 'document' as const, itemId: 1, title: 'x' };
  const he = 'הרכזת מתחברת לרשת הביתית שלך באמצעות Wi-Fi. לאחר שהיא מחוברת, פתחו את האפליקציה ועקבו אחר השלבים.';
  const en = 'The hub connects to your home network over Wi-Fi. Open the app and follow the steps to pair each sensor.';
  const de = 'Der Bewegungsmelder meldet jede Bewegung an die Zentrale, und die Zentrale schaltet das Licht im Haus.';
  assert.equal(chunkItem([{ page: 1, text: he }, { page: 2, text: he }, { page: 3, text: en }], meta).language, 'he');
  // A short part ("Hello there", two function words) is judged too, and unjudged text (codes, numbers) is left out.
  assert.equal(chunkItem([{ page: 1, text: 'Hello, is there anybody in there?' }, { page: 2, text: 'SH-204 / 48213 / 2026-11-25' }], meta).language, 'en');
  assert.equal(chunkItem([{ page: 1, text: he }, { page: 2, text: en }, { page: 3, text: de }], meta).language, null);
  assert.equal(chunkItem([{ page: 1, text: 'SH-204 / 48213 / 2026-11-25' }], meta).language, null);
  const sections = [{ page: 1, text: he }, { page: 2, text: en }];
  assert.deepEqual(chunkItem(sections, meta).chunks, chunkSections(sections, meta));
});

test('bidi control characters from PDF text are removed', () => {
  const [c] = chunkSections([{ page: 1, text: '\u202Bשלום\u202C   world' }], { itemType: 'document', itemId: 1, title: 'x' });
  assert.equal(c.text, 'שלום world');
});

test('a part cut inside a table starts with the table\'s header row, so its rows keep their column names', () => {
  const rows = Array.from({ length: 60 }, (_, i) => `${2000 + i} | ${100 + i} MEUR | ${i * 10} installations`);
  const text = `Results by year.\nYear | Revenue | Installations\n${rows.join('\n')}\nEnd of the table.`;
  const parts = splitText(text, 400, 60);
  assert.ok(parts.length > 2, `${parts.length} parts`);
  for (const part of parts.slice(1)) {
    if (!/^\d{4} \|/.test(part)) continue;
    assert.ok(part.startsWith('Year | Revenue | Installations\n'), part.slice(0, 80));
  }
  assert.equal(parts.filter((p) => p.includes('Year | Revenue')).length, parts.filter((p) => /\d{4} \| \d+ MEUR/.test(p)).length, 'every part with rows has the header');
});
