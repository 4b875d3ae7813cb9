import assert from 'node:assert/strict';
import { open, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../foundation/errors';
import { fixtures } from '../testing/fixtures';
import { assertKind, imageSizeFromBytes, readImageSize, sniffFile, type SniffKind } from './sniff';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'sniff-test-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

const gif = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x40, 0x01, 0xf0, 0x00]), Buffer.alloc(20)]);
/** A WebP lossless header for 320 x 240. */
const webp = () => {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0); b.writeUInt32LE(32, 4); b.write('WEBP', 8); b.write('VP8L', 12); b.writeUInt32LE(20, 16);
  b[20] = 0x2f;
  b.writeUInt32LE((320 - 1) | ((240 - 1) << 14), 21);
  return b;
};

test('every generated fixture is sniffed as what it really is', async () => {
  const expected: Array<[Promise<{ path: string }>, SniffKind]> = [
    [fixtures.docx(), 'docx'], [fixtures.pptx(), 'pptx'], [fixtures.textPdf(3), 'pdf'], [fixtures.scannedPdf(), 'pdf'],
    [fixtures.encryptedPdf(), 'pdf'], [fixtures.truncatedPdf(), 'pdf'], [fixtures.corruptPdf(), 'pdf'],
    [fixtures.pngAsPdf(), 'png'], [fixtures.zipBombDocx(), 'docx'], [fixtures.lyingZipDocx(), 'docx'],
    [fixtures.notZipDocx(), 'unknown'], [fixtures.truncatedDocx(), 'zip'], [fixtures.emptyDocx(), 'docx'],
    [fixtures.mp4(), 'mp4'], [fixtures.corruptMp4(), 'mp4'], [fixtures.png(), 'png'], [fixtures.jpeg(), 'jpeg'],
  ];
  for (const [p, kind] of expected) {
    const f = await p;
    const r = await sniffFile(f.path);
    assert.equal(r.kind, kind, `${f.path} sniffed as ${r.kind}`);
  }
  assert.equal((await sniffFile((await fixtures.mp4()).path)).mime, 'video/mp4');
  assert.equal((await sniffFile((await fixtures.docx()).path)).mime, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  const truncated = await sniffFile((await fixtures.truncatedDocx()).path);
  assert.equal(truncated.damaged, true);
});

test('GIF, WebP, plain text, OLE2 and empty files are recognised from their first bytes', async () => {
  const cases: Array<[string, Buffer, SniffKind, RegExp]> = [
    ['a.gif', gif(), 'gif', /GIF/],
    ['a.webp', webp(), 'webp', /WebP/],
    ['notes.txt', Buffer.from('Hello KNX\n'), 'unknown', /plain text/],
    ['old.doc', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(100)]), 'unknown', /legacy Microsoft Office/],
    ['empty.pdf', Buffer.alloc(0), 'unknown', /empty/],
  ];
  for (const [name, data, kind, desc] of cases) {
    await writeFile(join(dir, name), data);
    const r = await sniffFile(join(dir, name));
    assert.equal(r.kind, kind, name);
    assert.match(r.description, desc, name);
  }
});

test('assertKind names the file and says what its content really is', async () => {
  const png = await fixtures.pngAsPdf();
  await assert.rejects(assertKind(png.path, ['pdf'], 'brochure.pdf'), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'unsupported_type');
    assert.equal(e.message, 'The file "brochure.pdf" is not a PDF: its content is PNG image data');
    return true;
  });
  await assert.rejects(assertKind((await fixtures.notZipDocx()).path, ['docx'], 'guide.docx'), {
    code: 'unsupported_type', message: 'The file "guide.docx" is not a Word document (DOCX): its content is plain text',
  });
  await assert.rejects(assertKind((await fixtures.mp4()).path, ['pdf', 'docx'], 'clip.pdf'), {
    code: 'unsupported_type', message: 'The file "clip.pdf" is not a PDF or a Word document (DOCX): its content is MP4 video data',
  });
  const ok = await assertKind((await fixtures.pptx()).path, ['pptx'], 'deck.pptx');
  assert.equal(ok.kind, 'pptx');
});

test('a DOCX cut off during upload is reported as corrupt, not as the wrong type', async () => {
  await assert.rejects(assertKind((await fixtures.truncatedDocx()).path, ['docx'], 'guide.docx'), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'corrupt_file');
    assert.match(e.message, /^The file "guide.docx" is damaged: its ZIP structure is incomplete/);
    return true;
  });
});

test('sniffing a 4 GiB file reads only its head and tail', async () => {
  for (const [name, head, kind] of [['big.mp4', Buffer.from('\0\0\0\x20ftypisom', 'latin1'), 'mp4'], ['big.zip', Buffer.from('PK\x03\x04', 'latin1'), 'zip']] as const) {
    const path = join(dir, name);
    const fh = await open(path, 'w');
    await fh.write(head, 0, head.length, 0);
    await fh.truncate(4 * 1024 ** 3);
    await fh.close();
    const t0 = performance.now();
    const r = await sniffFile(path);
    assert.equal(r.kind, kind);
    assert.ok(performance.now() - t0 < 500, `took ${performance.now() - t0} ms`);
  }
});

test('image sizes are read from PNG, JPEG, GIF and WebP headers', async () => {
  const png = await fixtures.png();
  assert.deepEqual(await readImageSize(png.path), { width: png.width, height: png.height });
  const jpeg = await fixtures.jpeg();
  assert.deepEqual(await readImageSize(jpeg.path), { width: jpeg.width, height: jpeg.height });
  assert.deepEqual(imageSizeFromBytes(gif()), { width: 320, height: 240 });
  assert.deepEqual(imageSizeFromBytes(webp()), { width: 320, height: 240 });
  assert.equal(imageSizeFromBytes(Buffer.from('not an image')), undefined);
});
