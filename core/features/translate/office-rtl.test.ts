import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { markerTranslate } from '../../testing/fake-translate';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { formatKey } from './drawingml';
import { wordFormatKey } from './docx';
import { compareLayouts } from './layout-check';
import { parseXml, readPackage, writePackage } from './ooxml';
import { translateFile } from './translate-file';

/**
 * Issue points 6 and 7: right-to-left Word files keep bold, italic and size
 * (complex-script twins), PPTX tables read right to left, chart labels are
 * translated, decks with line breaks and tables do not overflow, and runs
 * that look the same are merged before translation.
 */

let rig: TranslateRig;
before(async () => { rig = await startTranslateRig(); });
after(() => rig.close());

const part = async (file: string, name: string) => (await readPackage(file, 'file')).parts.get(name)?.toString('utf8') ?? '';
const count = (xml: string, re: RegExp) => (xml.match(re) ?? []).length;

test('Hebrew DOCX: every bold, italic and sized run and style gets its complex-script twin (par-known-styles.docx without its twins, txt-font-props.docx)', async () => {
  // python-docx's par-known-styles.docx with its w:bCs/w:iCs/w:szCs taken out: bold and size only for Latin text, as the file had.
  const pkg = await readPackage(corpusFile('docx/par-known-styles.docx'), 'corpus file');
  for (const name of ['word/document.xml', 'word/styles.xml']) {
    pkg.parts.set(name, Buffer.from(pkg.parts.get(name)!.toString('utf8').replace(/<w:(bCs|iCs|szCs)\b[^>]*\/>/g, ''), 'utf8'));
  }
  const stripped = path.join(rig.dir, 'styles-no-cs.docx');
  await writePackage(stripped, pkg);
  for (const src of [stripped, corpusFile('docx/txt-font-props.docx')]) {
    const out = path.join(rig.dir, `${path.basename(src, '.docx')}.he.docx`);
    await translateFile({ input: src, output: out, source: 'english', target: 'hebrew', translator: rig.translator(), memory: rig.memory() });
    let bolds = 0;
    for (const name of ['word/document.xml', 'word/styles.xml']) {
      const xml = await part(out, name);
      const rPrs = [...xml.matchAll(/<w:rPr>([\s\S]*?)<\/w:rPr>/g)].map((m) => m[1]!);
      const bold = rPrs.filter((r) => /<w:b(?:\/>| w:val="(?:1|true|on)"\/>)/.test(r));
      bolds += bold.length;
      for (const r of bold) assert.match(r, /<w:bCs(?:\/>| w:val="(?:1|true|on)"\/>)/, `${name}: bold has bCs: ${r.slice(0, 120)}`);
      for (const r of rPrs.filter((x) => /<w:sz w:val="(\d+)"/.test(x))) {
        assert.equal(/<w:szCs w:val="(\d+)"/.exec(r)?.[1], /<w:sz w:val="(\d+)"/.exec(r)?.[1], `${name}: size twin equal`);
      }
      for (const r of rPrs.filter((x) => /<w:i\/>/.test(x))) assert.match(r, /<w:iCs\/>/);
    }
    if (src === stripped) assert.ok(bolds >= 18, `${bolds} bold run properties kept bold for Hebrew`);
  }
});

test('runs with equal visible formatting are one run before translation ("T|here\'s" is one word)', () => {
  const doc = parseXml('<w:r xmlns:w="w"><w:rPr><w:rFonts w:hint="eastAsia"/><w:b w:val="0"/><w:lang w:val="en-US"/></w:rPr></w:r>', 'x');
  const rPr = doc.documentElement!.firstChild as Element;
  assert.equal(wordFormatKey(rPr, 'There'), '');
  assert.notEqual(wordFormatKey(rPr, 'שלום'), '', 'on Hebrew text the complex-script hints are visible');
  const a = parseXml('<a:rPr xmlns:a="a" lang="en-US" dirty="0" b="0" kern="1200"/>', 'x').documentElement!;
  assert.equal(formatKey(a), '');
});

test('Arabic PPTX: tables read right to left, chart labels are translated (cht-chart-type.pptx, tbl-cell.pptx)', async () => {
  const tbl = path.join(rig.dir, 'tbl.ar.pptx');
  await translateFile({ input: corpusFile('pptx/tbl-cell.pptx'), output: tbl, source: 'english', target: 'arabic', translator: rig.translator(), memory: rig.memory() });
  const slide = await part(tbl, 'ppt/slides/slide1.xml');
  assert.ok(count(slide, /<a:tblPr\b/g) > 0);
  assert.equal(count(slide, /<a:tblPr\b[^>]*rtl="1"/g), count(slide, /<a:tblPr\b/g), 'every table is right to left');

  const src = corpusFile('pptx/cht-chart-type.pptx');
  const out = path.join(rig.dir, 'charts.ar.pptx');
  await translateFile({ input: src, output: out, source: 'english', target: 'arabic', translator: rig.translator(), memory: rig.memory() });
  const pkgIn = await readPackage(src, 'a');
  const pkgOut = await readPackage(out, 'b');
  let labels = 0;
  for (const name of pkgIn.names.filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n))) {
    const before = [...pkgIn.parts.get(name)!.toString('utf8').matchAll(/<c:strCache>[\s\S]*?<\/c:strCache>/g)].flatMap((m) => [...m[0].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]!));
    const after = [...pkgOut.parts.get(name)!.toString('utf8').matchAll(/<c:strCache>[\s\S]*?<\/c:strCache>/g)].flatMap((m) => [...m[0].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]!));
    assert.equal(after.length, before.length);
    before.forEach((v, i) => { if (/\p{L}{2}/u.test(v) && !/^[A-Z]?\d*$/.test(v)) { labels++; assert.equal(after[i], markerTranslate(v), `${name}: "${v}"`); } });
  }
  assert.ok(labels >= 20, `${labels} chart labels translated`);
});

test('a deck with a table and text with line breaks (txt-text.pptx), translated three times longer: no added overflow or overlap, same slide count', async () => {
  const src = corpusFile('pptx/txt-text.pptx');
  const out = path.join(rig.dir, 'txt-text.de.pptx');
  rig.respond({ expand: 3 });
  try {
    await translateFile({ input: src, output: out, source: 'english', target: 'german', translator: rig.translator(), memory: rig.memory() });
  } finally { rig.respond(); }
  const slide = await part(out, 'ppt/slides/slide1.xml');
  assert.equal(count(slide, /<a:br\b/g), count(await part(src, 'ppt/slides/slide1.xml'), /<a:br\b/g), 'the line breaks are kept');
  const [c] = await compareLayouts([{ source: src, output: out }]);
  assert.ok(c!.samePages, `slides ${c!.source?.pages} -> ${c!.output?.pages}`);
  assert.equal(c!.addedOverflow, 0, JSON.stringify(c!.output?.perPage));
  assert.equal(c!.addedOverlap, 0, JSON.stringify(c!.output?.perPage));
});

test('the layout check sees text over text and text past the page', async () => {
  const { measurePage } = await import('./layout-check');
  const p = measurePage(1, [{ x0: 0, y0: 0, x1: 100, y1: 10 }, { x0: 10, y0: 2, x1: 90, y1: 12 }, { x0: 0, y0: 790, x1: 100, y1: 805 }], 600, 800);
  assert.deepEqual(p, { page: 1, lines: 3, overlapping: 2, overflowing: 1 });
});
