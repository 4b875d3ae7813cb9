/**
 * Every valid file is indexed or flagged (issue 39): an empty file fails
 * with the same reason whatever its format (a PDF with blank pages, a Word
 * file with nothing in it, a deck of blank slides), as most of them did
 * already; a file that completes with 0 chunks says so in its job's
 * warnings, and a scan in a script the OCR languages do not read names
 * the language to add to OCR_LANGUAGES.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import PptxGenJS from 'pptxgenjs';
import { loadConfig } from '../../foundation/config';
import { uploadOfKind } from '../content/upload-any';
import { describeLocalFile } from '../content/spool';
import { isAppError } from '../../foundation/errors';
import { createServices, type Services } from '../../composition/services';
import { fixtures } from '../../testing/fixtures';
import { makeTextImage } from '../../testing/fixture-media';
import { buildPdf } from '../../testing/pdf-writer';
import { extractDocx } from './docx';
import { extractPdf } from './pdf';
import { extractPptx } from './pptx';
import { sharedChromaEnv } from '../../testing/shared-chroma';

const dir = mkdtempSync(path.join(os.tmpdir(), 'empty-outcomes-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const opts = (sub: string, fileName: string) => ({ workDir: path.join(dir, sub), fileName, imageOcrBudgetMs: 0, ocrLanguages: ['eng'], renderSlides: false });
const noText = (e: unknown) => isAppError(e) && e.code === 'validation' && e.details?.reason === 'no_text';

async function deck(name: string, fill: (slide: PptxGenJS.Slide, pptx: PptxGenJS) => void) {
  const pptx = new PptxGenJS();
  fill(pptx.addSlide(), pptx);
  const file = path.join(dir, name);
  writeFileSync(file, (await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
  return file;
}

describe('an empty file fails with the same reason in every format', () => {
  it('blank PDF pages, an empty Word file and a deck of blank slides all fail as "no text" (validation)', async () => {
    const blank = path.join(dir, 'blank.pdf');
    writeFileSync(blank, buildPdf([{ lines: [] }, { lines: [] }]));
    await assert.rejects(extractPdf(blank, opts('pdf', 'blank.pdf')), noText);
    await assert.rejects(extractDocx((await fixtures.emptyDocx()).path, opts('docx', 'empty.docx')), noText);
    await assert.rejects(extractPptx(await deck('blank.pptx', () => {}), opts('pptx', 'blank.pptx')), noText);
  });

  it('a deck whose only content is a drawn shape is not empty: it completes with the nothing-searchable note', async () => {
    const file = await deck('shape.pptx', (slide, pptx) => slide.addShape(pptx.ShapeType.rect, { x: 1, y: 1, w: 3, h: 2, fill: { color: 'FF0000' } }));
    const r = await extractPptx(file, opts('shape', 'shape.pptx'));
    assert.ok(r.notice);
  });
});

describe('a file that completes with 0 chunks says why', () => {
  let dataDir: string;
  let services: Services;
  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zero-chunks-'));
    services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789', OCR_LANGUAGES: 'eng+heb+fra' }), { lock: false, startWorker: true });
  });
  after(async () => {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a scanned Russian page with OCR_LANGUAGES=eng+heb+fra completes with 0 chunks, the "nothing indexed" warning and the language to add (rus, OCR_LANGUAGES)', async () => {
    const lines = ['Гарантийный талон', 'Моторизованная рулонная штора', 'Серийный номер 48213', 'Установка и подключение привода', 'Срок гарантии пять лет'];
    const jpg = await makeTextImage(path.join(dir, 'ru.jpg'), { lines, width: 1240, height: 1754, fontSize: 56, quality: 4 });
    const pdf = path.join(dir, 'russian-scan.pdf');
    writeFileSync(pdf, buildPdf([{ jpeg: { data: await readFile(jpg), width: 1240, height: 1754 } }], { title: 'Scan' }));
    const doc = (await uploadOfKind(services.content, 'document', await describeLocalFile(pdf), {})).item;
    await services.queue.idle();
    const done = await services.catalog.documents.require(doc.id);
    assert.deepEqual([done.status, done.chunkCount], ['completed', 0], done.error ?? '');
    const job = (await services.catalog.jobs.list({ where: { itemType: 'document', itemId: doc.id } }))[0]!;
    const parts = job.step?.parts ?? [];
    assert.deepEqual(parts.map((p) => p.code).sort(), ['warning.nothing_indexed', 'warning.ocr_script_not_configured'], JSON.stringify(job.step));
    const script = parts.find((p) => p.code === 'warning.ocr_script_not_configured')!;
    assert.deepEqual([script.params.script, script.params.code, script.params.configured], ['Cyrillic', 'rus', 'eng+heb+fra']);
    assert.match(job.step?.params?.warnings as string, /add rus to OCR_LANGUAGES/);
  });
});
