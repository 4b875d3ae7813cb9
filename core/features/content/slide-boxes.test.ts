import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { slideShapes } from '../../foundation/tools/pptx-shapes';
import { placedShapes, shapeBoxes } from './slide-boxes';
import { litWords } from './viewer';

const WORD = /[\p{L}\p{N}]+/gu;
const boxesFor = async (file: string, slide: number, q: string) =>
  shapeBoxes(await placedShapes(file, slide), (w) => litWords(w, q), (t) => t.match(WORD) ?? []);
/** A box in EMU as fractions of a 4:3 slide (9144000 x 6858000 EMU), rounded as the viewer sends them. */
const onSlide = (x: number, y: number, cx: number, cy: number) => {
  const r = (v: number) => Math.round(v * 10000) / 10000;
  return { x: r(x / 9144000), y: r(y / 6858000), w: r(cx / 9144000), h: r(cy / 6858000) };
};

describe('the quoted words boxed on a slide\'s picture, from the shape that holds them', () => {
  it('a text box inside a group (corpus test_slides.pptx): the box is the shape\'s a:off/a:ext over the slide size', async () => {
    // ppt/slides/slide1.xml: "Group test text" is TextBox 9 of Group 10, at x=5580112 y=4581128, 1608659 x 369332 EMU.
    assert.deepEqual(await boxesFor(corpusFile('pptx/test_slides.pptx'), 1, 'Group test text'), [onSlide(5580112, 4581128, 1608659, 369332)]);
    // The table's words: its graphic frame (p:xfrm) at x=467544 y=4149080, 4104456 x 741680.
    assert.deepEqual(await boxesFor(corpusFile('pptx/test_slides.pptx'), 1, 'Cell text'), [onSlide(467544, 4149080, 4104456, 741680)]);
    assert.deepEqual(await boxesFor(corpusFile('pptx/test_slides.pptx'), 1, 'thermostat'), []);
  });

  it('a placeholder without its own place is boxed where its layout puts it (corpus missing_rels_item.pptx)', async () => {
    // The slide's subTitle idx=1 has no a:xfrm; slideLayout1.xml places it at 1371600, 3886200, 6400800 x 1752600.
    assert.deepEqual(await boxesFor(corpusFile('pptx/missing_rels_item.pptx'), 1, 'Subtitle Text'), [onSlide(1371600, 3886200, 6400800, 1752600)]);
    // The ctrTitle likewise: 685800, 2130425, 7772400 x 1470025.
    assert.deepEqual(await boxesFor(corpusFile('pptx/missing_rels_item.pptx'), 1, 'Presentation Title Text'), [onSlide(685800, 2130425, 7772400, 1470025)]);
  });

  it('a shape in nested, scaled groups is placed through each group\'s off/ext/chOff/chExt', () => {
    const xfrm = (x: number, y: number, cx: number, cy: number, ch?: [number, number, number, number]) =>
      `<a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/>${ch ? `<a:chOff x="${ch[0]}" y="${ch[1]}"/><a:chExt cx="${ch[2]}" cy="${ch[3]}"/>` : ''}</a:xfrm>`;
    const sp = (text: string, place: string) => `<p:sp><p:nvSpPr><p:cNvPr id="5" name="t"/></p:nvSpPr><p:spPr>${place}</p:spPr><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;
    const xml = `<p:spTree>${sp('outside', xfrm(10, 20, 30, 40))}`
      + `<p:grpSp><p:grpSpPr>${xfrm(1000, 1000, 2000, 2000, [0, 0, 1000, 1000])}</p:grpSpPr>`
      + `${sp('in one group', xfrm(100, 100, 200, 200))}`
      + `<p:grpSp><p:grpSpPr>${xfrm(500, 0, 100, 100, [0, 0, 50, 50])}</p:grpSpPr>${sp('in two groups', xfrm(10, 10, 20, 20))}</p:grpSp>`
      + `</p:grpSp>${sp('after the groups', xfrm(7, 8, 9, 10))}</p:spTree>`;
    assert.deepEqual(slideShapes(xml).map((s) => [s.lines.join(' '), s.box]), [
      ['outside', { x: 10, y: 20, w: 30, h: 40 }],
      ['in one group', { x: 1200, y: 1200, w: 400, h: 400 }],
      // Inner: (10,10) x2 -> 520,20 in the outer group's children; x2 again from (0,0) -> 1000 + 1040, 1000 + 40.
      ['in two groups', { x: 2040, y: 1040, w: 80, h: 80 }],
      ['after the groups', { x: 7, y: 8, w: 9, h: 10 }],
    ]);
  });
});
