import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import fontkit from '@pdf-lib/fontkit';
import { runTool } from '../../foundation/tools/exec';
import { fixtures, SCANNED_EN } from '../../testing/fixtures';
import { markerTranslate, requestedSegments } from '../../testing/fake-translate';
import { corpusFile } from '../../testing/corpus';
import { pdfPages } from '../../testing/office-inspect';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { translateFile } from './translate-file';
import { keepReason } from './keep';
import { openPdf } from './pdf';

let rig: TranslateRig;
before(async () => { rig = await startTranslateRig(); });
after(() => rig.close());

const text = async (file: string) => (await runTool('pdftotext', [file, '-'])).stdout.toString('utf8');
const imageCount = async (file: string) => (await runTool('pdfimages', ['-list', file])).stdout.toString('utf8').trim().split('\n').length - 2;
const fonts = async (file: string) => (await runTool('pdffonts', [file])).stdout.toString('utf8');
/** Words of 4+ letters that read differently reversed (so a translated copy cannot contain them by chance). */
const words = (s: string) => {
  const all = new Set(s.match(/\p{L}{4,}/gu) ?? []);
  // "time" and "emit" both in a text would each look untranslated: leave such pairs out.
  return [...all].filter((w) => !all.has([...w].reverse().join('')));
};

test('a text PDF keeps its page count and every word of it is translated in place', async () => {
  const f = await fixtures.textPdf(3);
  const out = path.join(rig.dir, 'text.es.pdf');
  const r = await translateFile({ input: f.path, output: out, source: 'english', target: 'spanish', translator: rig.translator(), memory: rig.memory() });
  assert.equal(r.coverage, 1);
  assert.equal(await pdfPages(out), 3);
  const before = words(await text(f.path));
  const after = await text(out);
  const left = before.filter((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, 'u').test(after));
  assert.deepEqual(left, [], 'no original word is left');
  const found = before.filter((w) => after.includes(markerTranslate(w)));
  assert.ok(found.length / before.length > 0.95, `${found.length}/${before.length} translated words found in the output text`);
  assert.equal(r.text.length, 3);
  assert.deepEqual(r.warnings, []);
});

test('a mixed PDF keeps its images and translates the OCR text of its scanned page', async () => {
  const f = await fixtures.mixedPdf();
  const out = path.join(rig.dir, 'mixed.de.pdf');
  const r = await translateFile({ input: f.path, output: out, source: 'english', target: 'german', translator: rig.translator(), memory: rig.memory() });
  assert.equal(await pdfPages(out), f.pageCount);
  assert.equal(await imageCount(out), await imageCount(f.path));
  const scanned = r.text.find((u) => u.unit === 2)!.text;
  for (const line of SCANNED_EN) for (const w of line.split(' ').filter((x) => x.length > 3)) assert.ok(scanned.includes(markerTranslate(w)), `${w} translated`);
  assert.match(await text(out), new RegExp(markerTranslate('warranty')));
});

test('Hebrew output is shaped right to left with a Hebrew font; Japanese gets a Noto CJK font that has every glyph', async () => {
  const f = await fixtures.textPdf(1);
  const HE = 'התקנת וילון גלילה ממונע';
  const JA = '電動ロールブラインドの取り付け';
  rig.fake.respond((req) => JSON.stringify(Object.fromEntries(Object.keys(requestedSegments(req)!).map((id) => [id, req.system.includes('Hebrew') ? HE : JA]))));
  try {
    const he = path.join(rig.dir, 'he.pdf');
    await translateFile({ input: f.path, output: he, source: 'english', target: 'hebrew', translator: rig.translator(), memory: rig.memory() });
    assert.match(await fonts(he), /NotoSansHebrew/);
    assert.ok((await text(he)).replace(/[\u200e\u200f\u202a-\u202e]/g, '').includes(HE), 'Hebrew text reads in logical order');
    const ja = path.join(rig.dir, 'ja.pdf');
    await translateFile({ input: f.path, output: ja, source: 'english', target: 'japanese', translator: rig.translator(), memory: rig.memory() });
    assert.ok((await text(ja)).includes(JA));
    const cjk = fontkit.create(await readFile('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'), 'NotoSansCJKjp-Regular') as unknown as { hasGlyphForCodePoint(c: number): boolean };
    for (const ch of JA) assert.ok(cjk.hasGlyphForCodePoint(ch.codePointAt(0)!), `glyph for ${ch}`);
  } finally {
    rig.respond();
  }
});

test('a block whose translation cannot fit even at the smallest size is reported with its page', async () => {
  const f = await fixtures.textPdf(2);
  rig.respond({ expand: 4 });
  try {
    const r = await translateFile({ input: f.path, output: path.join(rig.dir, 'over.pdf'), source: 'english', target: 'italian', translator: rig.translator(),
      // The writer's own report is under test: its lines, four times longer, run off the page's right edge, which the
      // reader-side check (reader-check.test.ts) fails as unreadable.
      memory: rig.memory(), pdf: { minFontPt: 10 }, layoutCheck: false });
    assert.ok(r.warnings.length >= 1);
    assert.match(r.warnings[0]!.message, /did not fit its place/);
    assert.ok([1, 2].includes(r.warnings[0]!.unit!));
  } finally {
    rig.respond();
  }
});

test('real PDFs of the test corpus keep their page and image counts and all their text is translated', async (t) => {
  const sample = ['tracemonkey_a11y.pdf', 'form_two_pages.pdf', 'mixedfonts.pdf', 'issue7454.pdf'];
  const memory = rig.memory();
  for (const name of sample) {
    const src = corpusFile(`pdf/${name}`);
    const out = path.join(rig.dir, `corpus-${name}`);
    const r = await translateFile({ input: src, output: out, source: 'english', target: 'french', translator: rig.translator(), memory });
    assert.equal(r.coverage, 1, name);
    assert.equal(await pdfPages(out), await pdfPages(src), `${name} pages`);
    assert.equal(await imageCount(out), await imageCount(src), `${name} images`);
    // Words of segments kept as they are (a domain name, a code listing: core/features/translate/keep.ts) stay.
    const file = await openPdf(src, { source: 'english', ocr: false });
    const keptWords = new Set(file.segments.filter((s) => s.keep ?? keepReason(s.text.trim())).flatMap((s) => s.text.match(/\p{L}{4,}/gu) ?? []));
    const before = words(await text(src)).filter((w) => !keptWords.has(w));
    const after = await text(out);
    const left = before.filter((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, 'u').test(after));
    t.diagnostic(`${name}: ${r.units} pages, ${r.segments} blocks, ${before.length} distinct words, ${left.length} left untranslated (${left.join(', ')}), warnings: ${JSON.stringify(r.warnings)}`);
    assert.deepEqual(left, [], name);
  }
});
