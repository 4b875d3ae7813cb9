import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { DOCX_TEXT } from '../../testing/fixture-office';
import { fixtures } from '../../testing/fixtures';
import { blocksToSections, extractDocx, htmlToBlocks, type DocxOptions } from './docx';

let root: string;
let n = 0;
before(async () => { root = await mkdtemp(join(tmpdir(), 'docx-test-')); });
after(async () => { await rm(root, { recursive: true, force: true }); });
const opts = (extra: Partial<DocxOptions> = {}): DocxOptions => ({ workDir: join(root, `w${n++}`), ocrLanguages: ['eng', 'heb'], ...extra });
const sha = async (path: string) => createHash('sha256').update(await readFile(path)).digest('hex');
const rejectsWith = (code: string, pattern: RegExp) => (e: unknown) => {
  assert.ok(e instanceof AppError, String(e));
  assert.equal(e.code, code);
  assert.match(e.message, pattern);
  return true;
};

test('a DOCX gives sections under heading paths, with English, Hebrew, list and table text and no page numbers', async () => {
  const f = await fixtures.docx();
  const r = await extractDocx(f.path, opts({ imageOcrBudgetMs: 0 }));
  assert.equal(r.kind, 'docx');
  const t = DOCX_TEXT;
  assert.deepEqual(r.sections.map((s) => s.heading), [
    t.title,
    `${t.title} > ${t.beforeHeading}`,
    `${t.title} > ${t.stepsHeading}`,
    `${t.title} > ${t.stepsHeading} > ${t.knxHeading}`,
    `${t.title} > ${t.warrantyHeading}`,
    `${t.title} > ${t.hebrewHeading}`,
  ]);
  for (const s of r.sections) assert.equal(s.page, undefined);
  const byHeading = (h: string) => r.sections.find((s) => s.heading?.endsWith(h))?.text ?? '';
  assert.match(byHeading(t.title), /Somfy-style tubular motor/);
  for (const item of t.listItems) assert.ok(byHeading(t.beforeHeading).includes(item), item);
  assert.match(byHeading(t.knxHeading), /AuraShade S \| 2\.4 m \| 6 Nm/);
  assert.ok(byHeading(t.hebrewHeading).includes(t.hebrew));
  const all = r.sections.map((s) => s.text).join('\n');
  for (const p of [...f.phrases.en, ...f.phrases.he]) assert.ok(all.includes(p), p);
});

test('the two images come out byte-identical, with the text of the paragraphs around them', async () => {
  const f = await fixtures.docx();
  const r = await extractDocx(f.path, opts());
  assert.equal(r.images.length, f.imageCount);
  assert.deepEqual(await Promise.all(r.images.map((i) => sha(i.path))), await Promise.all(f.imageFiles.map(sha)));
  assert.deepEqual(r.images.map((i) => [i.ext, i.width, i.height, i.page]), [['png', 800, 300, undefined], ['png', 800, 300, undefined]]);
  assert.match(r.images[0]?.nearbyText ?? '', /Step 1: Fix the mounting brackets.*Step 2: Slide the tubular motor/);
  assert.match(r.images[1]?.nearbyText ?? '', /KNX gateway with the green and white bus cable/);
  assert.match(r.images[0]?.ocrText ?? '', /Bracket spacing 600/);
  assert.match(r.images[1]?.ocrText ?? '', /KNX gateway wiring/);
});

test('a zip bomb DOCX is refused in milliseconds, before mammoth inflates anything', async () => {
  const bomb = await fixtures.zipBombDocx();
  const t0 = performance.now();
  await assert.rejects(extractDocx(bomb.path, opts({ fileName: 'bomb.docx' })),
    rejectsWith('corrupt_file', /^The Word document "bomb.docx" was rejected as a possible zip bomb/));
  assert.ok(performance.now() - t0 < 500, `${Math.round(performance.now() - t0)} ms`);
});

test('a DOCX whose part inflates past its declared size is refused', async () => {
  await assert.rejects(extractDocx((await fixtures.lyingZipDocx()).path, opts({ fileName: 'lying.docx' })),
    rejectsWith('corrupt_file', /possible zip bomb: "word\/document.xml" expands beyond its declared size/));
});

test('a text file named .docx, a cut-off DOCX and a PPTX are corrupt with a plain reason', async () => {
  await assert.rejects(extractDocx((await fixtures.notZipDocx()).path, opts({ fileName: 'notes.docx' })),
    rejectsWith('corrupt_file', /^The Word document "notes.docx" is damaged: it is not a ZIP archive/));
  await assert.rejects(extractDocx((await fixtures.truncatedDocx()).path, opts({ fileName: 'cut.docx' })),
    rejectsWith('corrupt_file', /is damaged: the ZIP archive is incomplete/));
  await assert.rejects(extractDocx((await fixtures.pptx()).path, opts({ fileName: 'deck.docx' })),
    rejectsWith('corrupt_file', /^The Word document "deck.docx" is damaged and cannot be read/));
});

test('an empty DOCX is refused as having no text', async () => {
  await assert.rejects(extractDocx((await fixtures.emptyDocx()).path, opts({ fileName: 'empty.docx' })),
    rejectsWith('validation', /^The Word document "empty.docx" is empty: it has no text and no pictures\.$/));
});

test('HTML walking: text before any heading has no heading, nested headings pop back, entities decode', () => {
  const html = '<p>Intro &amp; scope</p><h1>A</h1><h2>B</h2><p>in B</p><h3>C</h3><p>in C</p><h2>D</h2><p>x&lt;y &#x5D0;</p><ul><li>one</li><li>two</li></ul>';
  const sections = blocksToSections(htmlToBlocks(html));
  assert.deepEqual(sections.map((s) => [s.heading, s.text]), [
    [undefined, 'Intro & scope'],
    ['A > B', 'B\nin B'],
    ['A > B > C', 'C\nin C'],
    ['A > D', 'D\nx<y א\none\ntwo'],
  ]);
});
