import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../errors';
import { fixtures } from '../../testing/fixtures';
import { buildZip } from '../../testing/zip-writer';
import { checkZipLimits, DEFAULT_ZIP_LIMITS, openSafeZip } from './zip-read';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'zip-guard-test-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

const isCorrupt = (pattern: RegExp) => (e: unknown) => {
  assert.ok(e instanceof AppError, String(e));
  assert.equal(e.code, 'corrupt_file');
  assert.match(e.message, pattern);
  return true;
};

test('a real DOCX opens and its parts read back intact', async () => {
  const zip = await openSafeZip((await fixtures.docx()).path, { label: 'The file "guide.docx"' });
  try {
    assert.ok(zip.has('word/document.xml'));
    assert.ok(zip.has('[CONTENT_TYPES].XML'), 'names match case-insensitively like Office');
    assert.match(await zip.readText('word/document.xml'), /Somfy-style tubular motor/);
  } finally {
    await zip.close();
  }
});

test('a zip bomb is rejected from its declared sizes in milliseconds, before anything is inflated', async () => {
  const bomb = await fixtures.zipBombDocx();
  const t0 = performance.now();
  const rss0 = process.memoryUsage().rss;
  await assert.rejects(openSafeZip(bomb.path, { label: 'The file "bomb.docx"' }), isCorrupt(/^The file "bomb.docx" was rejected as a possible zip bomb: "word\/media\/filler.bin" would expand \d+ times to 1.0 GiB\.$/));
  assert.ok(performance.now() - t0 < 300, `took ${performance.now() - t0} ms`);
  assert.ok(process.memoryUsage().rss - rss0 < 50 * 1024 * 1024, 'nothing big was allocated');
  assert.equal(bomb.declaredBytes, 1024 ** 3);
});

test('the total declared size and the entry count are capped', () => {
  const entry = (name: string, size: number) => ({ name, method: 8, flags: 0, crc32: 0, compressedSize: size / 2, uncompressedSize: size, localHeaderOffset: 0 });
  const many = Array.from({ length: 10 }, (_, i) => entry(`part${i}.xml`, 100 * 1024 * 1024));
  assert.throws(() => checkZipLimits(many, 'The file "x.pptx"'), isCorrupt(/would expand to 1000.0 MiB \(the limit is 512.0 MiB\)/));
  const lots = Array.from({ length: 11 }, (_, i) => entry(`p${i}`, 10));
  assert.throws(() => checkZipLimits(lots, 'The file "x.pptx"', { ...DEFAULT_ZIP_LIMITS, maxEntries: 10 }), isCorrupt(/holds 11 files \(the limit is 10\)/));
  assert.doesNotThrow(() => checkZipLimits(lots, 'x'));
});

test('an entry that inflates past its declared size is stopped at that size', async () => {
  const lying = await fixtures.lyingZipDocx();
  const zip = await openSafeZip(lying.path, { label: 'The file "lying.docx"' });
  try {
    const rss0 = process.memoryUsage().rss;
    await assert.rejects(zip.read('word/document.xml'), isCorrupt(/"word\/document.xml" expands beyond its declared size of 4.0 KiB/));
    assert.ok(process.memoryUsage().rss - rss0 < 32 * 1024 * 1024, 'the 64 MiB payload was not inflated');
  } finally {
    await zip.close();
  }
});

test('files that are not ZIP archives, or are cut off, are corrupt with a plain reason', async () => {
  await assert.rejects(openSafeZip((await fixtures.notZipDocx()).path, { label: 'The file "a.docx"' }), isCorrupt(/^The file "a.docx" is damaged: it is not a ZIP archive/));
  await assert.rejects(openSafeZip((await fixtures.truncatedDocx()).path, { label: 'The file "b.docx"' }), isCorrupt(/the ZIP archive is incomplete/));
  const tiny = join(dir, 'tiny.docx');
  await writeFile(tiny, 'PK');
  await assert.rejects(openSafeZip(tiny, { label: 'The file "tiny.docx"' }), isCorrupt(/too small/));
});

test('a damaged entry fails its checksum instead of returning wrong bytes', async () => {
  const data = Buffer.from('<w:document>KNX gateway</w:document>'.repeat(50));
  const zipBuf = buildZip([{ name: 'word/document.xml', data, store: true }]);
  const at = zipBuf.indexOf('KNX gateway');
  zipBuf[at] = 'X'.charCodeAt(0);
  const path = join(dir, 'crc.docx');
  await writeFile(path, zipBuf);
  const zip = await openSafeZip(path, { label: 'The file "crc.docx"' });
  try {
    await assert.rejects(zip.read('word/document.xml'), isCorrupt(/fails its checksum/));
    await assert.rejects(zip.read('word/missing.xml'), isCorrupt(/the part "word\/missing.xml" is missing/));
  } finally {
    await zip.close();
  }
});

test('stored and deflated entries round-trip byte for byte', async () => {
  const png = await readFile((await fixtures.png()).path);
  const path = join(dir, 'mixed.zip');
  await writeFile(path, buildZip([{ name: 'a.png', data: png, store: true }, { name: 'b.xml', data: '<x>שלום</x>' }]));
  const zip = await openSafeZip(path, { label: 'x' });
  try {
    assert.ok((await zip.read('a.png')).equals(png));
    assert.equal(await zip.readText('b.xml'), '<x>שלום</x>');
  } finally {
    await zip.close();
  }
});
