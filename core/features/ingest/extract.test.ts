import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { fixtures } from '../../testing/fixtures';
import { extractFile, type ExtractorOptions } from './extract';
import { assertKind } from '../../formats/sniff';

let root: string;
let n = 0;
before(async () => { root = await mkdtemp(join(tmpdir(), 'extract-test-')); });
after(async () => { await rm(root, { recursive: true, force: true }); });
const opts = async (extra: Partial<ExtractorOptions> = {}): Promise<ExtractorOptions> => {
  const workDir = join(root, `w${n++}`);
  await mkdir(workDir, { recursive: true });
  return { workDir, ocrLanguages: ['eng', 'heb'], renderSlides: false, imageOcrBudgetMs: 0, ...extra };
};

test('each accepted kind is dispatched to its extractor by sniffed content', async () => {
  const cases = [
    [await fixtures.textPdf(3), 'pdf'],
    [await fixtures.docx(), 'docx'],
    [await fixtures.pptx(), 'pptx'],
    [await fixtures.mp4(), 'video'],
  ] as const;
  for (const [f, kind] of cases) {
    const sniffed = await assertKind(f.path, ['pdf', 'docx', 'pptx', 'mp4'], f.fileName);
    const r = await extractFile(f.path, sniffed.kind, await opts({ fileName: f.fileName }));
    assert.equal(r.kind, kind, f.fileName);
  }
});

test('images and other kinds are refused as unsupported, naming the file and what it is', async () => {
  const png = await fixtures.png();
  await assert.rejects(extractFile(png.path, 'png', await opts({ fileName: 'photo.png' })), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'unsupported_type');
    assert.match(e.message, /^Cannot extract "photo\.png": it is a PNG image; upload a PDF, DOCX, PPTX(,| or) MP4/);
    return true;
  });
  await assert.rejects(extractFile(png.path, 'zip', await opts()), { code: 'unsupported_type' });
});
