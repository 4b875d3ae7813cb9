import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { PPTX_SLIDES } from '../../testing/fixture-office';
import { fixtures } from '../../testing/fixtures';
import { ocrImage } from '../../foundation/tools/ocr';
import { extractPptx, type PptxOptions } from './pptx';
import { parseNotes, parseRels, parseSlide, partText, slideIdsInOrder } from '../../foundation/tools/pptx-xml';
import { readImageSize } from '../../formats/sniff';

let root: string;
let n = 0;
before(async () => { root = await mkdtemp(join(tmpdir(), 'pptx-test-')); });
after(async () => { await rm(root, { recursive: true, force: true }); });
const opts = (extra: Partial<PptxOptions> = {}): PptxOptions => ({ workDir: join(root, `w${n++}`), ocrLanguages: ['eng', 'heb'], renderSlides: false, ...extra });
const rejectsWith = (code: string, pattern: RegExp) => (e: unknown) => {
  assert.ok(e instanceof AppError, String(e));
  assert.equal(e.code, code);
  assert.match(e.message, pattern);
  return true;
};

test('a PPTX gives one section per slide with title, body text, speaker notes and slide number', async () => {
  const f = await fixtures.pptx();
  const r = await extractPptx(f.path, opts());
  assert.equal(r.kind, 'pptx');
  assert.equal(r.slideCount, f.slideCount);
  assert.deepEqual(r.sections.map((s) => s.slide), [1, 2, 3, 4]);
  assert.deepEqual(r.sections.map((s) => s.heading), f.titles);
  assert.deepEqual(r.sections.map((s) => s.notes), f.notes);
  PPTX_SLIDES.forEach((spec, i) => {
    const text = r.sections[i]?.text ?? '';
    assert.equal(text.split('\n')[0], spec.title);
    for (const line of spec.body) assert.ok(text.includes(line), line);
  });
  assert.ok(r.sections[f.hebrewSlide - 1]?.text.includes('וילון גלילה ממונע'));
  assert.equal(r.slideRenders, undefined, 'rendering was turned off');
});

test('the embedded picture is extracted once, tagged with its slide and the slide text', async () => {
  const f = await fixtures.pptx();
  const r = await extractPptx(f.path, opts());
  assert.equal(r.images.length, 1);
  const img = r.images[0]!;
  assert.equal(img.slide, f.imageSlide);
  assert.deepEqual([img.ext, img.width, img.height], ['png', 800, 320]);
  assert.match(img.nearbyText, /Somfy-style Tubular Motor/);
  assert.match(img.ocrText ?? '', /Tubular motor 6 Nm/);
});

test('slide order comes from presentation.xml, not from the slide file names', async () => {
  const f = await fixtures.pptxReordered();
  const r = await extractPptx(f.path, opts({ imageOcrBudgetMs: 0 }));
  assert.deepEqual(r.sections.map((s) => s.heading), f.titles);
  assert.equal(r.sections[0]?.heading, PPTX_SLIDES[3]?.title);
  assert.equal(r.images[0]?.slide, f.imageSlide);
});

test('LibreOffice renders one thumbnail per slide in presentation order', async () => {
  const f = await fixtures.pptxReordered();
  const r = await extractPptx(f.path, opts({ renderSlides: true, imageOcrBudgetMs: 0 }));
  assert.deepEqual(r.slideRenders?.map((s) => s.slide), [1, 2, 3, 4]);
  for (const render of r.slideRenders ?? []) {
    const size = await readImageSize(render.path);
    assert.equal(size?.width, 600);
  }
  // The first render shows the first slide in presentation order: the Hebrew one.
  assert.match(await ocrImage(r.slideRenders![0]!.path, ['heb', 'eng']), /תריסים חכמים/);
  assert.match(await ocrImage(r.slideRenders![3]!.path, ['eng']), /Smart Home Showcase/);
  assert.deepEqual(r.warnings, []);
});

test('a DOCX, a zip bomb and a text file given as PPTX are refused with a plain reason', async () => {
  await assert.rejects(extractPptx((await fixtures.docx()).path, opts({ fileName: 'guide.pptx' })),
    rejectsWith('corrupt_file', /^The presentation "guide.pptx" is damaged: it has no ppt\/presentation.xml part\.$/));
  await assert.rejects(extractPptx((await fixtures.zipBombDocx()).path, opts({ fileName: 'bomb.pptx' })),
    rejectsWith('corrupt_file', /^The presentation "bomb.pptx" was rejected as a possible zip bomb/));
  await assert.rejects(extractPptx((await fixtures.notZipDocx()).path, opts({ fileName: 'notes.pptx' })),
    rejectsWith('corrupt_file', /is damaged: it is not a ZIP archive/));
});

test('XML reading: hidden slides, tables, line breaks, entities, fallbacks and notes placeholders', () => {
  const slide = `<p:sld show="0"><p:cSld><p:spTree>
    <p:sp><p:nvSpPr><p:nvPr><p:ph type="ctrTitle"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>KNX &amp; Zigbee</a:t></a:r></a:p></p:txBody></p:sp>
    <p:sp><p:txBody><a:p><a:r><a:t>line one</a:t></a:r><a:br/><a:r><a:t>line two</a:t></a:r></a:p><a:p/><a:p><a:pPr/><a:r><a:t>next</a:t></a:r></a:p></p:txBody></p:sp>
    <mc:AlternateContent><mc:Choice><p:sp><p:txBody><a:p><a:r><a:t>choice</a:t></a:r></a:p></p:txBody></p:sp></mc:Choice><mc:Fallback><p:sp><p:txBody><a:p><a:r><a:t>choice</a:t></a:r></a:p></p:txBody></p:sp></mc:Fallback></mc:AlternateContent>
    <p:graphicFrame><a:graphic><a:tbl><a:tr><a:tc><a:txBody><a:p><a:r><a:t>Model</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>Torque</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphic></p:graphicFrame>
    <p:sp><p:nvSpPr><p:nvPr><p:ph type="sldNum"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>7</a:t></a:r></a:p></p:txBody></p:sp>
  </p:spTree></p:cSld></p:sld>`;
  assert.deepEqual(parseSlide(slide), { title: 'KNX & Zigbee', lines: ['KNX & Zigbee', 'line one\nline two', 'next', 'choice', 'Model | Torque'], hidden: true });
  const notes = '<p:notes><p:sp><p:nvSpPr><p:nvPr><p:ph type="sldImg"/></p:nvPr></p:nvSpPr></p:sp><p:sp><p:nvSpPr><p:nvPr><p:ph type="body" idx="1"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>Say hello</a:t></a:r></a:p></p:txBody></p:sp></p:notes>';
  assert.equal(parseNotes(notes), 'Say hello');
  const smartArt = '<dgm:dataModel><dgm:ptLst><dgm:pt><dgm:t><a:bodyPr/><a:p><a:r><a:t>Pair the remote</a:t></a:r></a:p></dgm:t></dgm:pt><dgm:pt><dgm:t><a:p><a:r><a:t>Set end limits</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>';
  assert.deepEqual(partText(smartArt), ['Pair the remote', 'Set end limits']);
  assert.deepEqual(slideIdsInOrder('<p:sldIdLst><p:sldId id="300" r:id="rId9"/><p:sldId id="256" r:id="rId2"/></p:sldIdLst>'), ['rId9', 'rId2']);
  const rels = parseRels('<Relationships><Relationship Id="rId1" Type="t/image" Target="../media/a.png"/><Relationship Id="rId2" Type="t/hyperlink" Target="https://x.test" TargetMode="External"/></Relationships>', 'ppt/slides/slide3.xml');
  assert.equal(rels.get('rId1')?.target, 'ppt/media/a.png');
  assert.equal(rels.get('rId2')?.external, true);
});
