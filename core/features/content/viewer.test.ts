import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { runTool } from '../../foundation/tools/exec';
import { viewerUrl } from './viewer-url';
import { bestParagraph, highlightBoxes, litMarks, parsePageWords, type PageWords } from './viewer';

/** The TraceMonkey paper (pdf.js test corpus): one page of real two-column text. */
const PDF = corpusFile('pdf/tracemonkey_a11y.pdf');
const QUOTE = 'traditional compilers need to emit generic code that can handle all possible type combinations at runtime';

async function page1(): Promise<PageWords> {
  const r = await runTool('pdftotext', ['-f', '1', '-l', '1', '-bbox-layout', PDF, '-'], { timeoutMs: 30_000 });
  return parsePageWords(r.stdout.toString('utf8'));
}

/** Fractions of the page of one word's box. */
const frac = (p: PageWords, w: PageWords['words'][number]) => ({ x: w.x0 / p.width, y: w.y0 / p.height, x1: w.x1 / p.width, y1: w.y1 / p.height });

describe('the viewer lights the quoted words on a PDF page (word boxes from pdftotext -bbox-layout)', () => {
  it('a quoted sentence is lit as a phrase: every one of its words, on its lines, and nothing else', async () => {
    const page = await page1();
    assert.equal(page.width, 612);
    assert.equal(page.height, 792);
    const boxes = highlightBoxes(page, QUOTE);
    // The sentence's words on the page, in order ("traditional" ... "runtime."), found without the viewer's matcher.
    const texts = page.words.map((w) => w.text);
    const start = texts.indexOf('traditional');
    const end = texts.findIndex((t, i) => i > start && t.startsWith('runtime'));
    assert.ok(start > 0 && end > start, `sentence at ${start}..${end}`);
    const sentence = page.words.slice(start, end + 1);
    assert.equal(sentence.length, QUOTE.split(' ').length);
    // It spans two lines: one box per line.
    assert.equal(boxes.length, new Set(sentence.map((w) => w.line)).size);
    assert.equal(boxes.length, 2);
    for (const w of sentence) {
      const f = frac(page, w);
      const cx = (f.x + f.x1) / 2;
      const cy = (f.y + f.y1) / 2;
      assert.ok(boxes.some((b) => b.x <= cx && cx <= b.x + b.w && b.y <= cy && cy <= b.y + b.h), `"${w.text}" is lit`);
    }
    // The boxes are the words' own extent, to the point (no padding, no other words).
    const minX = Math.min(...sentence.map((w) => w.x0)) / page.width;
    const maxX = Math.max(...sentence.map((w) => w.x1)) / page.width;
    const minY = Math.min(...sentence.map((w) => w.y0)) / page.height;
    const maxY = Math.max(...sentence.map((w) => w.y1)) / page.height;
    for (const b of boxes) {
      assert.ok(b.x >= minX - 1e-3 && b.x + b.w <= maxX + 1e-3 && b.y >= minY - 1e-3 && b.y + b.h <= maxY + 1e-3, JSON.stringify(b));
    }
  });

  it('a few words (a question\'s) are lit wherever they are on the page', async () => {
    const page = await page1();
    const boxes = highlightBoxes(page, 'JavaScript');
    const places = page.words.filter((w) => /^javascript/i.test(w.text));
    assert.ok(places.length >= 2, `${places.length} occurrences`);
    assert.equal(boxes.length, places.length);
    assert.deepEqual(highlightBoxes(page, ''), []);
    assert.deepEqual(highlightBoxes(page, 'zebra giraffe'), []);
  });

  it('the quoted words are marked in text (a slide, a DOCX paragraph, a cue) and the best paragraph is chosen', () => {
    const text = 'Set the end limits first. Then pair the remote control with the motor.';
    assert.deepEqual(litMarks(text, 'pair the remote').map(([s, e]) => text.slice(s, e)), ['pair', 'remote']);
    const phrase = litMarks(text, 'Then pair the remote control with the motor');
    assert.deepEqual(phrase.map(([s, e]) => text.slice(s, e)), ['pair the remote control with the motor']);
    const best = bestParagraph(['Warranty: five years.\nThe motor is quiet.', 'Pair the remote control.'], 'remote control');
    assert.equal(best.text, 'Pair the remote control.');
    assert.deepEqual(best.marks.map(([s, e]) => best.text.slice(s, e)), ['remote control']);
    // A long paragraph (a PDF's wrapped lines) is shown as the sentences around the quoted words.
    const long = bestParagraph([`${'Filler words about nothing. '.repeat(40)}Pair the remote\ncontrol now. ${'More filler text here. '.repeat(40)}`], 'remote control');
    assert.ok(long.text.length < 400 && long.text.startsWith('…') && long.text.endsWith('…'), long.text);
    assert.deepEqual(long.marks.map(([s, e]) => long.text.slice(s, e)), ['remote control']);
    const he = 'מנוע שקט. השלט הרחוק מתחבר למנוע בלחיצה אחת.';
    assert.ok(litMarks(he, 'השלט הרחוק').length >= 1);
  });

  it('the viewer link names the place and the words', () => {
    assert.equal(viewerUrl({ itemType: 'document', itemId: 12, page: 3, slide: null }, 'the motor [1]'), '/view/document/12?page=3&q=the+motor');
    assert.equal(viewerUrl({ itemType: 'presentation', itemId: 4, page: null, slide: 2 }, 'x'), '/view/presentation/4?slide=2&q=x');
    assert.equal(viewerUrl({ itemType: 'video', itemId: 7, page: null, slide: null, start: 12.53 }, ''), '/view/video/7?t=12.5');
    assert.ok(viewerUrl({ itemType: 'document', itemId: 1 }, 'word '.repeat(200)).length < 400);
  });
});
