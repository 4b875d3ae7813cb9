import assert from 'node:assert/strict';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runTool } from '../foundation/tools/exec';
import { readZipDirectory } from '../foundation/tools/zip-read';
import { createFixtures, textPdfPagePhrase, type Fixtures } from './fixtures';

let dir: string;
let fx: Fixtures;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'fixtures-test-')); fx = createFixtures(dir); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

test('fixtures are written into the given folder once and reused', async () => {
  const a = await fx.textPdf(3);
  const mtime = (await stat(a.path)).mtimeMs;
  const b = await fx.textPdf(3);
  assert.equal(a.path, join(dir, 'manual-3-pages.pdf'));
  assert.equal(b, a);
  assert.equal((await stat(b.path)).mtimeMs, mtime);
});

test('the generated text PDF is valid for poppler, with the known phrase on each page', async () => {
  const f = await fx.textPdf(3);
  const out = (await runTool('pdftotext', ['-layout', f.path, '-'])).stdout.toString('utf8').split('\f');
  for (const p of [1, 2, 3]) assert.ok(out[p - 1]?.includes(textPdfPagePhrase(p)), `page ${p}`);
  const info = (await runTool('pdfinfo', [f.path])).stderr;
  assert.equal(info, '', 'no syntax warnings');
});

test('the encrypted PDF opens only with its password', async () => {
  const f = await fx.encryptedPdf();
  const locked = await runTool('pdftotext', [f.path, '-'], { allowFailure: true });
  assert.notEqual(locked.exitCode, 0);
  assert.match(locked.stderr, /Incorrect password/);
  const open = await runTool('pdftotext', ['-upw', f.password, f.path, '-']);
  assert.match(open.stdout.toString('utf8'), /Page 1 of 2/);
});

test('the scanned PDF has no text layer, only an image', async () => {
  const f = await fx.scannedPdf();
  assert.equal((await runTool('pdftotext', [f.path, '-'])).stdout.toString('utf8').trim(), '');
  assert.match((await runTool('pdfimages', ['-list', f.path])).stdout.toString('utf8'), /jpeg/);
});

test('the video has 5 s of H.264 video and AAC audio', async () => {
  const f = await fx.mp4();
  const probe = JSON.parse((await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', f.path])).stdout.toString('utf8')) as { format: { duration: string }; streams: Array<{ codec_name: string }> };
  assert.ok(Math.abs(Number(probe.format.duration) - 5) < 0.1);
  assert.deepEqual(probe.streams.map((s) => s.codec_name).sort(), ['aac', 'h264']);
});

test('the zip bomb is small on disk but declares a gigabyte', async () => {
  const f = await fx.zipBombDocx();
  assert.ok((await stat(f.path)).size < 2 * 1024 * 1024);
  assert.equal(f.declaredBytes, 1024 ** 3);
  const fh = await open(f.path, 'r');
  try {
    const entries = await readZipDirectory(fh, (await fh.stat()).size, 'x');
    assert.equal(entries.find((e) => e.name === 'word/media/filler.bin')?.uncompressedSize, 1024 ** 3);
  } finally {
    await fh.close();
  }
});
