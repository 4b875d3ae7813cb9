import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { fixtures, SCANNED_EN, SCANNED_HE, textPdfPagePhrase } from '../../testing/fixtures';
import { benchPdf, processTreeCpuMs } from '../../testing/pdf-bench';
import { buildPdf } from '../../testing/pdf-writer';
import { extractPdf, type PdfOptions } from './pdf';

let root: string;
let n = 0;
before(async () => { root = await mkdtemp(join(tmpdir(), 'pdf-test-')); });
after(async () => { await rm(root, { recursive: true, force: true }); });
const opts = (extra: Partial<PdfOptions> = {}): PdfOptions => ({ workDir: join(root, `w${n++}`), ocrLanguages: ['eng', 'heb', 'fra'], ...extra });

const rejectsWith = (code: string, pattern: RegExp) => (e: unknown) => {
  assert.ok(e instanceof AppError, String(e));
  assert.equal(e.code, code);
  assert.match(e.message, pattern);
  return true;
};

test('a Word-made PDF gives its English and Hebrew text by page, and its two images with page, size and nearby text', async () => {
  const f = await fixtures.pdf();
  const progress: string[] = [];
  const r = await extractPdf(f.path, opts({ fileName: 'guide.pdf', onProgress: (_d, _t, label) => progress.push(typeof label === 'string' ? label : label.text) }));
  assert.equal(r.kind, 'pdf');
  assert.equal(r.pageCount, f.pageCount);
  const all = r.sections.map((s) => s.text).join('\n').replace(/\s+/g, ' ');
  for (const phrase of f.phrases.en) assert.ok(all.toLowerCase().includes(phrase.toLowerCase()), phrase);
  for (const phrase of f.phrases.he) assert.ok(all.includes(phrase), phrase);
  assert.doesNotMatch(all, /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  assert.deepEqual(r.sections.map((s) => s.page), Array.from({ length: f.pageCount }, (_, i) => i + 1));
  assert.equal(r.ocrPages, undefined);
  assert.equal(r.images.length, 2);
  for (const img of r.images) {
    assert.equal(img.page, 1);
    assert.equal(img.width, 800);
    assert.equal(img.height, 300);
    assert.ok((await stat(img.path)).size > 2048);
    assert.match(img.nearbyText, /motorised roller blind/);
    assert.ok(img.nearbyText.length <= 500);
  }
  assert.ok(r.images.some((i) => /KNX gateway/.test(i.ocrText ?? '')), 'text inside the image was read');
  assert.ok(progress.some((l) => /Reading text of page/.test(l)));
});

test('only the page without a text layer is OCR-ed, and its scan is not listed as an image', async () => {
  const f = await fixtures.mixedPdf();
  const r = await extractPdf(f.path, opts());
  assert.deepEqual(r.ocrPages, [2]);
  assert.deepEqual(r.sections.map((s) => [s.page, s.ocr ?? false]), [[1, false], [2, true], [3, false]]);
  assert.match(r.sections[0]?.text ?? '', new RegExp(textPdfPagePhrase(1)));
  for (const line of SCANNED_EN) assert.match(r.sections[1]?.text ?? '', new RegExp(line, 'i'));
  assert.equal(r.images.length, 0);
});

test('scanned PDFs are read with OCR in English and in Hebrew', async () => {
  const en = await extractPdf((await fixtures.scannedPdf()).path, opts());
  assert.deepEqual(en.ocrPages, [1]);
  assert.equal(en.sections[0]?.ocr, true);
  assert.match(en.sections[0]?.text ?? '', /Serial number 48213/);
  const he = await extractPdf((await fixtures.scannedPdfHebrew()).path, opts());
  for (const line of SCANNED_HE) assert.ok(he.sections[0]?.text.includes(line), line);
});

test('a 200-page text PDF is extracted page by page, well above 50 pages a second of CPU', async () => {
  const f = await fixtures.textPdf(200);
  const cpu0 = await processTreeCpuMs();
  const t0 = performance.now();
  const r = await extractPdf(f.path, opts());
  const secs = (performance.now() - t0) / 1000;
  const cpuSecs = ((await processTreeCpuMs()) - cpu0) / 1000;
  assert.equal(r.pageCount, 200);
  assert.equal(r.sections.length, 200);
  for (const p of [1, 17, 200]) {
    const s = r.sections[p - 1];
    assert.equal(s?.page, p);
    assert.ok(s?.text.includes(textPdfPagePhrase(p)), `page ${p}`);
    assert.match(s?.text ?? '', /motorised blind/);
  }
  console.log(`# 200-page PDF: ${secs.toFixed(2)} s wall (${Math.round(200 / secs)} pages/s), ${cpuSecs.toFixed(2)} s CPU (${Math.round(200 / cpuSecs)} pages per CPU-second)`);
  // CPU time, not wall time: other work on the machine must not make this test flaky.
  assert.ok(200 / cpuSecs >= 100, `${Math.round(200 / cpuSecs)} pages per CPU-second`);
});

test('a 500-page PDF is extracted with a peak memory (this process and its children) under 500 MB', async () => {
  const r = await benchPdf(500);
  console.log(`# 500-page PDF: ${r.pagesPerSec} pages/s wall, ${r.pagesPerCpuSec} pages per CPU-second, peak RSS ${r.peakRssMb} MB`);
  assert.equal(r.pages, 500);
  assert.ok(r.peakRssMb > 0 && r.peakRssMb < 500, `${r.peakRssMb} MB`);
});

test('password-protected, truncated and corrupt PDFs fail as corrupt_file with a plain reason', async () => {
  await assert.rejects(extractPdf((await fixtures.encryptedPdf()).path, opts({ fileName: 'secret.pdf' })),
    rejectsWith('corrupt_file', /^The PDF "secret.pdf" is password-protected\. Remove the password/));
  await assert.rejects(extractPdf((await fixtures.truncatedPdf()).path, opts({ fileName: 'cut.pdf' })),
    rejectsWith('corrupt_file', /^The PDF "cut.pdf" is incomplete: it stops before the end/));
  await assert.rejects(extractPdf((await fixtures.corruptPdf()).path, opts({ fileName: 'noise.pdf' })),
    rejectsWith('corrupt_file', /^The PDF "noise.pdf" is damaged and cannot be read \(Invalid PDF structure\)\.$/));
  await assert.rejects(extractPdf((await fixtures.pngAsPdf()).path, opts({ fileName: 'photo.pdf' })),
    rejectsWith('unsupported_type', /^The PDF "photo.pdf" is not a PDF: its content is PNG image data\.$/));
});

test('a blank PDF (no text, pictures or drawings on any page) is refused instead of giving zero sections', async () => {
  const blank = join(root, 'blank.pdf');
  await writeFile(blank, buildPdf([{ lines: [] }, { lines: [''] }]));
  await assert.rejects(extractPdf(blank, opts({ fileName: 'blank.pdf' })),
    rejectsWith('validation', /^The PDF "blank.pdf" is blank/));
});

test('aborting stops the extraction with an AbortError', async () => {
  const f = await fixtures.textPdf(200);
  const ac = new AbortController();
  // Aborted at the first progress report: the extraction is under way.
  await assert.rejects(extractPdf(f.path, opts({ signal: ac.signal, onProgress: () => ac.abort() })), { name: 'AbortError' });
});
