import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { CJK_FONT, makeTextImage } from '../../testing/fixture-media';
import { buildPdf } from '../../testing/pdf-writer';
import { hasGarbage } from '../../foundation/text/clean';
import { runTool } from '../../foundation/tools/exec';
import { looksLikeNoise, ocrPage } from '../../foundation/tools/ocr';
import { extractPdf, type PdfOptions } from './pdf';

let root: string;
let n = 0;
before(async () => { root = await mkdtemp(join(tmpdir(), 'pdf-garbled-')); });
after(async () => { await rm(root, { recursive: true, force: true }); });
const opts = (extra: Partial<PdfOptions> = {}): PdfOptions => ({ workDir: join(root, `w${n++}`), ocrLanguages: ['eng', 'heb', 'fra'], ...extra });

const scan = async (name: string, lines: string[], font?: string) =>
  readFile(await makeTextImage(join(root, `${name}.jpg`), { lines, width: 1240, height: 1754, fontSize: 56, quality: 4, font }));

test('a text layer that stores its spaces as control characters yields clean words', async () => {
  const file = join(root, 'controls.pdf');
  await writeFile(file, buildPdf([{ rawLines: ['User\x03acceptance\x03of\x03mandated\x03technology is\x1fmeasured\x03by\x03surveys.'] }]));
  const r = await extractPdf(file, opts());
  assert.equal(r.sections.length, 1);
  assert.equal(r.sections[0]!.text, 'User acceptance of mandated technology is measured by surveys.');
  assert.equal(r.ocrPages, undefined, 'a layer that only needed cleaning is not OCRed');
});

test('a page whose text layer is mostly garbage is read again with OCR from the rendered page', async () => {
  const file = join(root, 'garbage.pdf');
  // An invisible layer of glyph codes without a character map over a scan, as broken OCR'd PDFs have.
  const soup = Array.from({ length: 14 }, (_, i) => Array.from({ length: 8 }, (_, j) => `#$%&'*+${String.fromCharCode(0x21 + ((i + j) % 14))}`).join(' '));
  await writeFile(file, buildPdf([
    { lines: ['Installation guide for the roller blind motor, chapter one.'] },
    { jpeg: { data: await scan('garbage', ['Motorised roller blind', 'Hold the button for five seconds']), width: 1240, height: 1754 }, rawLines: soup, invisibleText: true },
  ]));
  const r = await extractPdf(file, opts());
  assert.deepEqual(r.ocrPages, [2]);
  const page2 = r.sections.find((s) => s.page === 2)!;
  assert.match(page2.text, /Motorised roller blind/);
  assert.match(page2.text, /five seconds/);
  assert.doesNotMatch(page2.text, /[#$%&*+]{3}/);
  for (const s of r.sections) assert.equal(hasGarbage(s.text), false, s.text);
});

test('a scanned Japanese page is read with the installed Japanese OCR even when the configured languages are eng+heb+fra', async () => {
  const file = join(root, 'japanese.pdf');
  const lines = ['取扱説明書 モーターの設置', 'リモコンのボタンを五秒間押してください。'];
  await writeFile(file, buildPdf([{ jpeg: { data: await scan('japanese', lines, CJK_FONT), width: 1240, height: 1754 } }]));
  const r = await extractPdf(file, opts());
  assert.deepEqual(r.ocrPages, [1]);
  const text = r.sections[0]!.text.replace(/\s+/g, '');
  assert.match(text, /取扱説明書/);
  assert.match(text, /モーター/);
});

test('a PDF with a picture and no text (corpus tagged_stamp.pdf) completes with its picture and a "nothing searchable" note', async () => {
  const r = await extractPdf(corpusFile('pdf/tagged_stamp.pdf'), opts({ fileName: 'tagged_stamp.pdf' }));
  assert.equal(r.sections.length, 0);
  assert.equal(r.images.length, 1);
  assert.match(r.notice ?? '', /Nothing in this file is searchable/);
});

test('OCR of a photo (corpus issue5549.pdf, a street scene) gives no text rather than noise in several scripts', async () => {
  const base = join(root, 'photo');
  await runTool('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-png', '-singlefile', corpusFile('pdf/issue5549.pdf'), base]);
  const r = await ocrPage(`${base}.png`, ['eng', 'heb', 'fra']);
  assert.equal(r.text, '');
  assert.equal(looksLikeNoise('AR 1 ~ キーー \' 2: 14 ور\n一一全 ١ NN NeままIN) ييا 此 是一 1 | シイ |'), true);
  assert.equal(looksLikeNoise('取扱説明書 モーターの設置\nリモコンのボタンを五秒間押してください。'), false);
  assert.equal(looksLikeNoise('Motorised roller blind\nHold the button for five seconds'), false);
});
