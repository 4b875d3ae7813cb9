import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import PptxGenJS from 'pptxgenjs';
import { closeSharedOffice } from '../../foundation/tools/office';
import { openSafeZip } from '../../foundation/tools/zip-read';
import { zipOf } from '../../foundation/tools/zip-write';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { checkOfficeReaderLayout } from './office-reader-check';
import { translateFile } from './translate-file';
import type { TranslatableFile } from './types';

/**
 * Issue 37 point 3 for decks: the reader-side layout check runs on a
 * translated PPTX (both files rendered by LibreOffice), so a non-wrapping
 * text box grown past the slide's left edge completes with a warning naming
 * the slide, and a translation that fits passes.
 */

const LINES = ['Quiet motor', 'Easy pairing', 'Long warranty'];
/** What a translator wrote into the box: three lines far longer than the box, which does not wrap (bodyPr wrap="none"). */
const GROWN = [
  'Motor silencioso con detección de obstáculos integrada',
  'Emparejamiento sencillo con la pasarela doméstica',
  'Garantía larga de cinco años en todos los motores',
];

let rig: TranslateRig;
let dir: string;
before(async () => { rig = await startTranslateRig(); dir = await mkdtemp(path.join(tmpdir(), 'office-reader-check-')); });
after(async () => { await closeSharedOffice(); await rig.close(); await rm(dir, { recursive: true, force: true }); });

/** One slide: a title, and near the left edge a centred text box of three lines that does not wrap. */
async function noWrapDeck(file: string): Promise<string> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  const slide = pptx.addSlide();
  slide.addText('Roller blinds', { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28 });
  slide.addText(LINES.map((text) => ({ text, options: { breakLine: true } })), { x: 0.3, y: 1.5, w: 3, h: 1.5, fontSize: 18, wrap: false, align: 'center' });
  await writeFile(file, (await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
  return file;
}

/** The deck with its slide's text replaced in the slide XML (the "translated" output, written directly). */
async function rewritten(source: string, file: string, texts: Map<string, string>): Promise<string> {
  const zip = await openSafeZip(source, { label: 'the deck' });
  try {
    const entries = await Promise.all(zip.entries.filter((e) => !e.name.endsWith('/')).map(async (e) => {
      let data = await zip.read(e.name);
      if (e.name === 'ppt/slides/slide1.xml') {
        let xml = data.toString('utf8');
        for (const [from, to] of texts) {
          assert.ok(xml.includes(`<a:t>${from}</a:t>`), from);
          xml = xml.replace(`<a:t>${from}</a:t>`, `<a:t>${to}</a:t>`);
        }
        assert.match(xml, /<a:bodyPr wrap="none"/);
        data = Buffer.from(xml, 'utf8');
      }
      return { name: e.name, data };
    }));
    await writeFile(file, zipOf(entries));
    return file;
  } finally {
    await zip.close();
  }
}

/** A file whose writer puts a ready-made deck in place of the translation (the check sees only the two files). */
const writes = (made: string): TranslatableFile => ({
  format: 'pptx', units: 1, segments: LINES.map((text, i) => ({ id: String(i + 1), text, unit: 1 })),
  async write(_t, out) { await copyFile(made, out); return []; },
});

test('a deck whose non-wrapping text box grew past the slide\'s left edge completes with a warning naming the slide', async () => {
  const source = await noWrapDeck(path.join(dir, 'blinds.pptx'));
  const bad = await rewritten(source, path.join(dir, 'blinds-grown.pptx'), new Map(LINES.map((l, i) => [l, GROWN[i]!])));
  const check = await checkOfficeReaderLayout('pptx', source, bad);
  assert.notEqual(check, 'unavailable');
  if (check === 'unavailable') return;
  assert.equal(check.samePages, true);
  assert.equal(check.pages[0]!.offPage, 3, `the three lines run past the slide's left edge: ${JSON.stringify(check.pages)}`);
  assert.deepEqual(check.warnPages, [1]);

  const output = path.join(dir, 'blinds.es.pptx');
  const r = await translateFile({ input: source, output, file: writes(bad), source: 'english', target: 'spanish', translator: rig.translator(), memory: rig.memory() });
  assert.deepEqual(r.warnings.map((w) => [w.unit, w.code?.code]), [[1, 'warning.layout_outside']], JSON.stringify(r.warnings));
  assert.match(r.warnings[0]!.message, /outside the page/);
});

test('a deck translated so that it fits (same lengths) passes the check: no warning', async () => {
  const source = await noWrapDeck(path.join(dir, 'fits.pptx'));
  const output = path.join(dir, 'fits.fr.pptx');
  const r = await translateFile({ input: source, output, source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory() });
  assert.deepEqual(r.warnings, []);
  const check = await checkOfficeReaderLayout('pptx', source, output);
  assert.notEqual(check, 'unavailable');
  if (check !== 'unavailable') assert.deepEqual(check.pages.map((p) => [p.page, p.level, p.offPage, p.overText]), [[1, 'ok', 0, 0]]);
});
