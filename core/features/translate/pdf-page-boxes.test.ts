import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { corpusFile } from '../../testing/corpus';
import * as boxes from '../../testing/pdf-page-boxes';
import { runTool } from '../../foundation/tools/exec';
import { decodeEntities } from '../../foundation/tools/tidy';
import { createApertiumTranslator } from './apertium';
import { createFileTranslationMemory } from './memory';
import { parseBboxLayout } from './pdf-blocks';
import { cropFrame, rectToDisplay } from './pdf-page-frame';
import { renderRasters, type Raster } from './pdf-style';
import { translateFile, type TranslateFileResult } from './translate-file';

/**
 * Issue 37 point 1: a translated PDF page is drawn as it was. Every page box
 * is honoured (a MediaBox origin off 0,0, an inverted MediaBox, a CropBox,
 * /Rotate 90), vector rules and form field boxes stay where they were (once),
 * each separately placed line keeps its own place, no word is split and
 * linked words stay visible under their link. Compared as a reader sees the
 * pages: poppler's word boxes of the original and the translation (Apertium,
 * English to Spanish, the product's offline translator) and MuPDF's renders
 * of both without their text.
 */

let dir: string;
before(async () => { dir = await mkdtemp(path.join(tmpdir(), 'pdf-boxes-test-')); });
after(() => rm(dir, { recursive: true, force: true }));

const translate = async (src: string, name: string): Promise<{ out: string; r: TranslateFileResult }> => {
  const out = path.join(dir, `${name}.es.pdf`);
  const r = await translateFile({ input: src, output: out, source: 'english', target: 'spanish', translator: createApertiumTranslator(),
    memory: createFileTranslationMemory(path.join(dir, `memory-${name}`)) });
  return { out, r };
};
const fixture = (name: string, make: () => Promise<boxes.BoxFixture>) => boxes.writeFixture(path.join(dir, `${name}.pdf`), make);

interface Line { page: number; x0: number; y0: number; x1: number; y1: number; text: string; words: string[] }
/** Every text line as the reader sees it (crop box, turned by /Rotate, top-left origin), from poppler. */
const linesOf = async (file: string): Promise<Line[]> => {
  const html = (await runTool('pdftotext', ['-bbox-layout', '-cropbox', file, '-'])).stdout.toString('utf8');
  const out: Line[] = [];
  [...html.matchAll(/<page\b[^>]*>([\s\S]*?)<\/page>/g)].forEach((pm, i) => {
    for (const lm of pm[1]!.matchAll(/<line xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([\s\S]*?)<\/line>/g)) {
      const words = [...lm[5]!.matchAll(/<word[^>]*>([^<]*)<\/word>/g)].map((w) => decodeEntities(w[1]!));
      if (words.some((w) => /[\p{L}\p{N}]/u.test(w))) out.push({ page: i + 1, x0: +lm[1]!, y0: +lm[2]!, x1: +lm[3]!, y1: +lm[4]!, text: words.join(' '), words });
    }
  });
  return out;
};

/** The first line of each block the translator reads (a paragraph reflows inside its box; every other line is a block of its own). */
const blockStarts = async (file: string): Promise<Line[]> => {
  const html = (await runTool('pdftotext', ['-bbox-layout', '-cropbox', file, '-'])).stdout.toString('utf8');
  return parseBboxLayout(html).blocks.map((b) => ({ page: b.page, x0: b.x, y0: b.y, x1: b.x + (b.lines?.[0]?.w ?? b.w), y1: b.y + (b.lines?.[0]?.h ?? b.h), text: b.text, words: [] }));
};

/** Source lines with no translated line starting at their place (left edge and top within a third of the line's height, 2.5 pt at least). */
const misplaced = (src: Line[], out: Line[]) => src.filter((l) => {
  const tol = Math.max(2.5, Math.min(l.y1 - l.y0, l.x1 - l.x0) / 3);
  return !out.some((o) => o.page === l.page && Math.abs(o.x0 - l.x0) <= tol && Math.abs(o.y0 - l.y0) <= tol);
}).map((l) => `p${l.page} "${l.text}" at ${l.x0.toFixed(1)},${l.y0.toFixed(1)}`);

/** Share of pixels that differ between the renders of two files without their text (rules, boxes, field frames, images). */
const drawingChange = async (a: string, b: string, name: string): Promise<number[]> => {
  const [ra, rb] = [await renderRasters(a, dir, `${name}-a`, 36, { noText: true }), await renderRasters(b, dir, `${name}-b`, 36, { noText: true })];
  assert.equal(rb.length, ra.length, 'page count');
  return ra.map((p, i) => share(p, rb[i]!));
};
const share = (a: Raster, b: Raster) => {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let n = 0;
  for (let i = 0; i + 2 < a.data.length; i += 3) {
    if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!) > 120) n++;
  }
  return n / (a.width * a.height);
};

/** Characters drawn mirrored (MuPDF's glyph quads: the down edge turned against the right edge the wrong way). */
const mirroredChars = async (file: string, name: string): Promise<number> => {
  const out = path.join(dir, `${name}.stext`);
  await runTool('mutool', ['draw', '-q', '-F', 'stext', '-o', out, file]);
  let n = 0;
  for (const m of (await readFile(out, 'utf8')).matchAll(/<char quad="([^"]+)"/g)) {
    const [ulx, uly, urx, ury, llx, lly] = m[1]!.split(' ').map(Number) as number[];
    if ((urx! - ulx!) * (lly! - uly!) - (ury! - uly!) * (llx! - ulx!) < 0) n++;
  }
  return n;
};

/** Words of the output that are no whole word of the translation or the source (a word split across lines or drawn letter by letter). */
const brokenWords = (src: Line[], out: Line[], r: TranslateFileResult) => {
  const whole = new Set([...r.text.map((u) => u.text), ...src.map((l) => l.text)].flatMap((t) => t.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase()));
  return out.flatMap((l) => l.words.flatMap((w) => w.match(/[\p{L}\p{N}]+/gu) ?? [])).filter((w) => !whole.has(w.toLowerCase()));
};

const geometry = async (name: string, src: string, o: { maxDrawingChange?: number } = {}) => {
  const { out, r } = await translate(src, name);
  const [a, b] = [await linesOf(src), await linesOf(out)];
  assert.ok(a.length >= 1, `${name}: ${a.length} source lines`);
  assert.deepEqual(misplaced(await blockStarts(src), b), [], `${name}: every line or paragraph at its place`);
  const change = await drawingChange(src, out, name);
  assert.ok(change.every((c) => c <= (o.maxDrawingChange ?? 0.002)), `${name}: drawing changed on ${change.map((c) => `${(c * 100).toFixed(2)} %`)} of the page`);
  assert.equal(await mirroredChars(out, name), await mirroredChars(src, `${name}-src`), `${name}: no text mirrored`);
  assert.deepEqual(brokenWords(a, b, r), [], `${name}: words whole`);
  return { out, r, a, b };
};

test('a MediaBox whose origin is off 0,0: text, rules and field boxes stay in place, each box drawn once (fixture, issue5946.pdf, bug1755507.pdf)', async () => {
  await geometry('offset', (await fixture('offset', boxes.offsetOriginPdf)).path);
  await geometry('issue5946', corpusFile('pdf/issue5946.pdf'));
  await geometry('bug1755507', corpusFile('pdf/bug1755507.pdf'), { maxDrawingChange: 0.01 });
});

test('an inverted MediaBox [0 792 612 0]: the translation is upright at the places of the source lines', async () => {
  await geometry('inverted', (await fixture('inverted', boxes.invertedBoxPdf)).path);
});

test('a CropBox smaller than the page and a page turned by /Rotate 90 (also encrypted): lines where the reader saw them (fixtures, bug1650302_reduced.pdf)', async () => {
  await geometry('crop', (await fixture('crop', boxes.cropBoxPdf)).path);
  const { out } = await geometry('rotated', (await fixture('rotated', boxes.rotatedPdf)).path);
  // The link on "button" is moved onto "botón", on the page as the reader sees it: its rectangle is the word's own.
  const doc = await PDFDocument.load(await readFile(out));
  const link = (doc.getPage(0).node.lookup(PDFName.of('Annots')) as PDFArray).asArray().map((x) => doc.context.lookup(x) as PDFDict)[0]!;
  const [x0, y0, x1, y1] = (link.lookup(PDFName.of('Rect')) as PDFArray).asArray().map((n) => Number(n.toString())) as [number, number, number, number];
  const shown = rectToDisplay(cropFrame(doc.getPage(0)), { x0, y0, x1, y1 });
  const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">botón/.exec((await runTool('pdftotext', ['-bbox', '-cropbox', out, '-'])).stdout.toString('utf8'));
  assert.ok(word, '"botón" is on the page');
  const cy = (Number(word[2]) + Number(word[4])) / 2;
  assert.ok(Math.abs(shown.x0 - Number(word[1])) < 2 && Math.abs(shown.x1 - Number(word[3])) < 2 && cy > shown.y0 && cy < shown.y1,
    `the link (${JSON.stringify(shown)}) is on "botón" (${word.slice(1).join(', ')})`);
  await geometry('bug1650302', corpusFile('pdf/bug1650302_reduced.pdf'));
  // Encrypted (an owner password only), the file is rebuilt from Ghostscript's text-free copy, whose page is turned already.
  const locked = path.join(dir, 'rotated-locked.pdf');
  await runTool('mutool', ['clean', '-E', 'aes-128', '-O', 'owner-secret', path.join(dir, 'rotated.pdf'), locked]);
  await geometry('rotated-locked', locked);
});

test('a dense form: line numbers stay beside their items, vertical labels stay whole words, a wrapped heading is not broken mid-word', async () => {
  const { a, b } = await geometry('dense', (await fixture('dense', boxes.denseFormPdf)).path);
  for (const [n] of boxes.FORM_ITEMS) {
    const num = b.find((l) => l.text === n);
    assert.ok(num, `line number ${n} is a line of its own`);
    const item = b.find((l) => l !== num && Math.abs(l.y0 - num.y0) < 2 && l.x0 > num.x1);
    assert.ok(item && item.x0 - num.x1 < 20, `line ${n} has its item's text beside it`);
    // A longer translation runs on into the free room after it, up to the amount column's rule, and shrinks only past that.
    assert.ok(item.x1 < boxes.FORM_AMOUNT_X, `item ${n} "${item.text}" ends at ${item.x1.toFixed(1)}, before the rule at ${boxes.FORM_AMOUNT_X}`);
  }
  // The title's longer translation runs on to the right, up to the box border after it.
  const title = a.find((l) => l.text === 'Individual Income Tax Return')!;
  const titled = b.find((l) => Math.abs(l.y0 - title.y0) < 3 && Math.abs(l.x0 - title.x0) < 3);
  assert.ok(titled && titled.x1 > title.x1 && titled.x1 < boxes.FORM_TITLE_END, `the title "${titled?.text}" runs on to ${titled?.x1.toFixed(1)}, before the border at ${boxes.FORM_TITLE_END}`);
  for (const label of ['Forma', 'Carácter']) assert.ok(b.some((l) => l.words.includes(label)), `"${label}" is one word: ${b.map((l) => l.text).join(' | ')}`);
  assert.ok(b.some((l) => l.words.includes('Comportamiento')), 'the heading keeps "Comportamiento" whole');
});

test('a real form of separately placed lines keeps each at its place (issue9972-2.pdf)', async () => {
  await geometry('issue9972', corpusFile('pdf/issue9972-2.pdf'), { maxDrawingChange: 0.01 });
});

test('linked words stay visible in their translated line, with their link moved onto them', async () => {
  const { out, a, b } = await geometry('linked', (await fixture('linked', boxes.linkedWordsPdf)).path);
  // The first line's longer translation runs on into the free room after it at its size (it does not shrink).
  const [first, translated] = [a[0]!, b.find((l) => Math.abs(l.y0 - a[0]!.y0) < 3)];
  assert.ok(translated && translated.y1 - translated.y0 >= 0.96 * (first.y1 - first.y0), `"${translated?.text}" keeps its size`);
  const doc = await PDFDocument.load(await readFile(out));
  const page = doc.getPage(0);
  const annots = (page.node.lookup(PDFName.of('Annots')) as PDFArray).asArray().map((a) => doc.context.lookup(a) as PDFDict);
  const rects = annots.map((d) => (d.lookup(PDFName.of('Rect')) as PDFArray).asArray().map((n) => Number(n.toString())));
  const words = (await runTool('pdftotext', ['-bbox', out, '-'])).stdout.toString('utf8');
  const h = page.getHeight();
  for (const [k, word] of ['Dropbox', 'Slack', 'Linkedin'].entries()) {
    const m = new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${word}`).exec(words);
    assert.ok(m, `"${word}" is in the translation: ${b.map((l) => l.text).join(' | ')}`);
    const [cx, cy] = [(Number(m[1]) + Number(m[3])) / 2, h - (Number(m[2]) + Number(m[4])) / 2];
    const r = rects[k]!;
    assert.ok(cx >= r[0]! && cx <= r[2]! && cy >= r[1]! && cy <= r[3]!, `link ${k + 1} is on "${word}"`);
  }
});

test('words of a link that poppler read as a block of their own go back into the line they sit in', () => {
  const word = (x: number, w: number, t: string) => `<word xMin="${x}" yMin="100" xMax="${x + w}" yMax="111">${t}</word>`;
  const html = `<page width="612" height="792"><flow><block xMin="72" yMin="100" xMax="400" yMax="111"><line xMin="72" yMin="100" xMax="400" yMax="111">
${word(72, 44, 'including')}${word(222, 16, 'and')}${word(242, 158, 'LinkedIn Learning')}</line></block></flow>
<flow><block xMin="120" yMin="100.5" xMax="218" yMax="111.5"><line xMin="120" yMin="100.5" xMax="218" yMax="111.5">${word(120, 50, 'Dropbox,')}${word(174, 44, 'Slack,')}</line></block></flow></page>`;
  const { blocks } = parseBboxLayout(html);
  assert.deepEqual(blocks.map((b) => b.text), ['including Dropbox, Slack, and LinkedIn Learning']);
});
