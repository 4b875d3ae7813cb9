import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFTextField } from 'pdf-lib';
import { corpusFile } from '../../testing/corpus';
import { markerTranslate } from '../../testing/fake-translate';
import { makeTextImage } from '../../testing/fixture-media';
import { buildPdf } from '../../testing/pdf-writer';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { runTool } from '../../foundation/tools/exec';
import { decodeEntities } from '../../foundation/tools/tidy';
import { outlineItems } from './pdf';
import { luminance, parseStext } from './pdf-style';
import { translateFile } from './translate-file';

/**
 * Issue points 2, 3 and 4 (PDF): form fields, bookmarks and links survive
 * translation; a white-on-dark bold header stays light and bold; an
 * invisible OCR layer over a scan gets its translation on a box over the
 * scanned words (not painted over them).
 */

let rig: TranslateRig;
before(async () => { rig = await startTranslateRig(); });
after(() => rig.close());

const translate = async (input: string, name: string, target: 'french' | 'arabic' = 'french') => {
  const output = path.join(rig.dir, name);
  const r = await translateFile({ input, output, source: 'english', target, translator: rig.translator(), memory: rig.memory() });
  return { output, r };
};
const load = async (f: string) => PDFDocument.load(await readFile(f), { updateMetadata: false });
const annots = (doc: PDFDocument, subtype: string) => doc.getPages().flatMap((p, i) => {
  const a = p.node.lookup(PDFName.of('Annots'));
  return a instanceof PDFArray ? a.asArray().map((x) => doc.context.lookup(x)).filter((d): d is PDFDict => d instanceof PDFDict && d.lookup(PDFName.of('Subtype')) === PDFName.of(subtype))
    .map((d) => ({ page: i + 1, rect: (d.lookup(PDFName.of('Rect')) as PDFArray).asArray().map((n) => Number(n.toString())) })) : [];
});

test('a PDF form keeps every field, widget, value and position (form_two_pages.pdf)', async () => {
  const src = corpusFile('pdf/form_two_pages.pdf');
  const { output } = await translate(src, 'form.fr.pdf');
  const [a, b] = [await load(src), await load(output)];
  const fields = (d: PDFDocument) => d.getForm().getFields().map((f) => `${f.getName()}:${f.constructor.name}`).sort();
  assert.ok(fields(a).length >= 3, `${fields(a).length} fields`);
  assert.deepEqual(fields(b), fields(a));
  assert.deepEqual(annots(b, 'Widget'), annots(a, 'Widget'), 'widgets in the same places');
  for (const f of a.getForm().getFields().filter((x): x is PDFTextField => x instanceof PDFTextField)) assert.equal(b.getForm().getTextField(f.getName()).getText(), f.getText(), `${f.getName()} value`);
  assert.equal(b.getPageCount(), a.getPageCount());
});

test('bookmarks are kept with translated titles (bug1907000_reduced.pdf)', async () => {
  const src = corpusFile('pdf/bug1907000_reduced.pdf');
  const { output } = await translate(src, 'outline.fr.pdf');
  const before = outlineItems(await load(src)).map((o) => o.title);
  const after = outlineItems(await load(output)).map((o) => o.title);
  assert.ok(before.length >= 2, `${before.length} bookmarks`);
  assert.deepEqual(after, before.map((t) => (/\p{L}/u.test(t) ? markerTranslate(t) : t)));
});

/** Words of a PDF page as pdftotext places them (points, top-left origin). */
const wordsOf = async (file: string) => {
  const html = (await runTool('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'])).stdout.toString('utf8');
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)]
    .map((m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: decodeEntities(m[5]!) }));
};
/** A link's boxes (its QuadPoints, else its Rect) on page 1, top-left origin. */
const linkBoxes = (doc: PDFDocument) => {
  const page = doc.getPage(0);
  const h = page.getCropBox().height + page.getCropBox().y;
  const a = page.node.lookup(PDFName.of('Annots'));
  const links = a instanceof PDFArray ? a.asArray().map((x) => doc.context.lookup(x)).filter((d): d is PDFDict => d instanceof PDFDict && d.lookup(PDFName.of('Subtype')) === PDFName.of('Link')) : [];
  return links.map((d) => {
    const q = d.lookup(PDFName.of('QuadPoints'));
    const nums = (q instanceof PDFArray ? q : d.lookup(PDFName.of('Rect')) as PDFArray).asArray().map((n) => Number(n.toString()));
    const boxes = [];
    for (let i = 0; i + 3 < nums.length; i += q instanceof PDFArray ? 8 : 4) {
      const xs = q instanceof PDFArray ? [nums[i]!, nums[i + 2]!, nums[i + 4]!, nums[i + 6]!] : [nums[i]!, nums[i + 2]!];
      const ys = q instanceof PDFArray ? [nums[i + 1]!, nums[i + 3]!, nums[i + 5]!, nums[i + 7]!] : [nums[i + 1]!, nums[i + 3]!];
      boxes.push({ x0: Math.min(...xs), x1: Math.max(...xs), y0: h - Math.max(...ys), y1: h - Math.min(...ys) });
    }
    return boxes;
  });
};
const centreIn = (w: { x0: number; y0: number; x1: number; y1: number }, b: { x0: number; y0: number; x1: number; y1: number }) => {
  const cx = (w.x0 + w.x1) / 2; const cy = (w.y0 + w.y1) / 2;
  return cx >= b.x0 && cx <= b.x1 && cy >= b.y0 && cy <= b.y1;
};

test('links move onto the translated words of their span (bigboundingbox.pdf, bug2009627.pdf): the link count is kept', async () => {
  // Translations twice as long (every word doubled): the text reflows and shrinks, so a link left in place would miss its words.
  rig.respond({ expand: 2 });
  // Right to left, a table of contents' entries run from the right: each link's words land far from where they were.
  for (const [name, target] of [['bigboundingbox.pdf', 'french'], ['bug2009627.pdf', 'arabic']] as const) {
    const src = corpusFile(`pdf/${name}`);
    const { output } = await translate(src, `links.${name}`, target);
    const [before, after] = [linkBoxes(await load(src)), linkBoxes(await load(output))];
    assert.ok(before.length >= 1, `${name}: ${before.length} links`);
    assert.equal(after.length, before.length, `${name}: link count`);
    const [srcWords, outWords] = [await wordsOf(src), await wordsOf(output)];
    before.forEach((boxes, k) => {
      // What the link covered, translated: the words its new boxes must cover (and nothing else with letters).
      const core = (w: string) => w.replace(/[^\p{L}\p{N}]/gu, '');
      const span = srcWords.filter((w) => boxes.some((b) => centreIn(w, b))).map((w) => core(markerTranslate(w.text)));
      assert.ok(span.some((w) => /\p{L}/u.test(w)), `${name} link ${k + 1} covers words: ${span}`);
      const covered = outWords.filter((w) => after[k]!.some((b) => centreIn(w, b)) && /\p{L}/u.test(w.text)).map((w) => core(w.text));
      assert.ok(covered.length >= 1, `${name} link ${k + 1}: no translated word under it`);
      for (const w of covered) assert.ok(span.includes(w), `${name} link ${k + 1} covers "${w}", not of its span ${JSON.stringify(span)}`);
      // Every translated word of the span that the page has once (its place is certain) is under the link.
      const once = span.filter((w) => /\p{L}/u.test(w) && srcWords.filter((s) => core(markerTranslate(s.text)) === w).length === 1);
      for (const w of outWords.filter((x) => once.includes(core(x.text)))) {
        assert.ok(after[k]!.some((b) => centreIn(w, b)), `${name} link ${k + 1} misses its word "${w.text}"`);
      }
    });
  }
  rig.respond();
});

test('a white-on-dark bold table header stays light and bold; body text stays dark', async () => {
  const html = path.join(rig.dir, 'header.html');
  await writeFile(html, `<!doctype html><meta charset="utf-8"><style>@page{size:400pt 300pt;margin:0}body{margin:40pt;font-family:'Noto Sans'}
th{background:#1f3a5f;color:#fff;font-weight:700;padding:8pt;font-size:14pt;text-align:left}td{padding:8pt;font-size:12pt;color:#222}</style>
<table><tr><th>Motor torque</th><th>Speed</th></tr><tr><td>Six newton metres</td><td>Thirty turns</td></tr></table>`);
  const src = path.join(rig.dir, 'header.pdf');
  await runTool('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--user-data-dir=${path.join(rig.dir, 'chr')}`,
    `--print-to-pdf=${src}`, `file://${html}`], { timeoutMs: 120_000 });
  const { output } = await translate(src, 'header.ar.pdf', 'arabic');
  await runTool('mutool', ['draw', '-q', '-F', 'stext', '-o', path.join(rig.dir, 'h.xml'), output]);
  const xml = await readFile(path.join(rig.dir, 'h.xml'), 'utf8');
  const chars = parseStext(xml);
  // Characters by line of the output: the header's translation ("rotoM", "deepS") and a body cell's.
  const lineOf = (word: string) => {
    const m = new RegExp(`<font name="([^"]*)"[^>]*>((?:(?!</font>)[\\s\\S])*?c="${word[0]}"(?:(?!</font>)[\\s\\S])*?)</font>`).exec(xml);
    return m;
  };
  const header = lineOf('rotoM');
  assert.ok(header, 'the header translation is in the output');
  assert.match(header[1]!, /bold/i, `header font ${header[1]}`);
  const headerColors = [...header[2]!.matchAll(/color="(#[0-9a-f]{6})"/gi)].map((m) => m[1]!.toLowerCase());
  assert.ok(headerColors.every((c) => luminance(c) > 0.8), `header text is light: ${headerColors.slice(0, 3)}`);
  const dark = chars.filter((c) => luminance(c.color) < 0.2);
  assert.ok(dark.length > 10, 'body text stays dark');
});

test('an invisible OCR layer over a scan: the translation sits on a box over the scanned words, said in a warning', async () => {
  const lines = ['Scanned warranty card', 'Motorised roller blind'];
  const jpg = await makeTextImage(path.join(rig.dir, 'scan.jpg'), { lines, width: 1240, height: 1754, fontSize: 56, quality: 4 });
  const src = path.join(rig.dir, 'scan-ocr.pdf');
  // A scan with its OCR text drawn invisibly (render mode 3), as scanners write searchable PDFs.
  await writeFile(src, buildPdf([{ jpeg: { data: await readFile(jpg), width: 1240, height: 1754 }, lines, invisibleText: true, fontSize: 20 }], { title: 'Scan' }));
  const { output, r } = await translate(src, 'scan-ocr.fr.pdf');
  assert.ok(r.warnings.some((w) => /invisible text layer/.test(w.message)), JSON.stringify(r.warnings));
  const text = (await runTool('pdftotext', [output, '-'])).stdout.toString('utf8');
  assert.match(text, new RegExp(markerTranslate('warranty')));
  assert.doesNotMatch(text, /\bwarranty\b/, 'the hidden English layer is gone');
  // The translation's box is opaque: rendered, the place of the hidden text changed (before, only the scan showed there).
  const ppm = async (f: string, n: string) => { await runTool('pdftoppm', ['-r', '20', '-gray', f, path.join(rig.dir, n)]); return readFile(path.join(rig.dir, `${n}-1.pgm`)); };
  const [a, b] = [await ppm(src, 'sa'), await ppm(output, 'sb')];
  let diff = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (Math.abs(a[i]! - b[i]!) > 40) diff++;
  assert.ok(diff > 20, `${diff} pixels changed`);
});
