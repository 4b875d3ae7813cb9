import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { uploadOfKind } from '../content/upload-any';
import { deleteItem } from '../content/remove';
import { describeLocalFile } from '../content/spool';
import { createServices, type Services } from '../../composition/services';
import { fixtures } from '../../testing/fixtures';
import type { Document, Presentation } from '../../foundation/types';
import { sharedChromaEnv } from '../../testing/shared-chroma';

let services: Services;
let dataDir: string;

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pipeline-'));
  services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789' }), { lock: false, startWorker: true });
});
after(async () => {
  await services?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ingestDocument(file: string) {
  const doc = (await uploadOfKind(services.content, 'document', await describeLocalFile(file), {})).item;
  assert.equal(doc.status, 'pending');
  await services.queue.idle();
  return await services.catalog.documents.require(doc.id);
}

const top = async (q: string) => (await services.search.search(q, { k: 3 }))[0]?.chunk;

describe('ingestion pipeline, end to end on generated files', () => {
  it('a PDF: pages, images as bot images with their page, and search by English and Hebrew phrases', async () => {
    const f = await fixtures.pdf();
    const doc = await ingestDocument(f.path);
    assert.equal(doc.status, 'completed', doc.error ?? '');
    assert.equal(doc.progress, 100);
    assert.equal(doc.pageCount, f.pageCount);
    const images = await services.catalog.botImages.list((i) => i.documentId === doc.id);
    assert.equal(images.length, 2);
    assert.ok(images.every((i) => i.page === 1 && i.image.startsWith('/api/files/images/documents/') && i.documentTitle === doc.title));
    for (const phrase of [...f.phrases.en, ...f.phrases.he]) {
      const hit = await top(phrase);
      assert.equal(hit?.itemId, doc.id, `found by "${phrase}"`);
      assert.equal(hit?.page, 1);
    }
    const hit = await top(f.phrases.en[0]);
    assert.ok(hit!.imageIds.length >= 1, 'the chunk knows the images of its page');
  });

  it('a DOCX: heading structure, images placed by their text, searchable in both languages', async () => {
    const f = await fixtures.docx();
    const doc = await ingestDocument(f.path);
    assert.equal(doc.status, 'completed', doc.error ?? '');
    assert.equal(doc.imageCount, f.imageCount);
    assert.equal((await top(f.phrases.en[1]))?.itemId, doc.id);
    assert.equal((await top(f.phrases.he[0]))?.itemId, doc.id);
    const chunks = await services.search.search(f.phrases.en[2], { k: 20, filters: { itemIds: [doc.id] } });
    assert.ok(chunks.some((h) => h.chunk.heading), 'chunks keep their heading');
    assert.ok(chunks.some((h) => h.chunk.imageIds.length > 0), 'images without pages are attached to the chunk around them');
  });

  it('a PPTX: slide count, slide renders as presentation images, notes searchable, slide numbers on chunks', async () => {
    const f = await fixtures.pptx();
    const p = (await uploadOfKind(services.content, 'presentation', await describeLocalFile(f.path), {})).item;
    await services.queue.idle();
    const done = await services.catalog.presentations.require(p.id) as Presentation;
    assert.equal(done.status, 'completed', done.error ?? '');
    assert.equal(done.slideCount, f.slideCount);
    const imgs = await services.catalog.presentationImages.list((i) => i.presentationId === p.id);
    assert.equal(imgs.filter((i) => i.kind === 'slide').length, f.slideCount);
    assert.ok(imgs.some((i) => i.kind === 'embedded' && i.slide === f.imageSlide));
    const noteHit = await top(f.notes[0]);
    assert.equal(noteHit?.itemId, p.id);
    assert.equal(noteHit?.slide, 1);
    assert.equal((await top(f.phrases.he[0]))?.slide, f.hebrewSlide);
  });

  it('a scanned PDF with no text layer is read by OCR, never completed with nothing', async () => {
    const f = await fixtures.scannedPdf();
    const doc = await ingestDocument(f.path);
    assert.equal(doc.status, 'completed', doc.error ?? '');
    assert.ok(doc.chunkCount > 0);
    assert.equal((await top('warranty card serial number'))?.itemId, doc.id);
  });

  it('an MP4: duration and a stored thumbnail', async () => {
    const f = await fixtures.mp4();
    const v = (await uploadOfKind(services.content, 'video', await describeLocalFile(f.path), {})).item;
    await services.queue.idle();
    const done = await services.catalog.videos.require(v.id);
    assert.equal(done.status, 'completed', done.error ?? '');
    assert.ok(Math.abs((done.duration ?? 0) - f.durationSec) < 1);
    assert.ok(done.thumbnailKey && (await services.store.head(done.thumbnailKey)));
  });

  it('bad files end failed with a human reason while other jobs go on', async () => {
    const bad = [await fixtures.encryptedPdf(), await fixtures.truncatedPdf(), await fixtures.emptyDocx(), await fixtures.zipBombDocx()];
    const docs: Document[] = [];
    for (const f of bad) docs.push((await uploadOfKind(services.content, 'document', await describeLocalFile(f.path), { force: true }).catch((e: Error) => { throw new Error(`${f.fileName}: ${e.message}`); })).item as Document);
    const good = (await uploadOfKind(services.content, 'document', await describeLocalFile((await fixtures.textPdf(5)).path), {})).item;
    await services.queue.idle();
    const codes = ['failure.encrypted', 'failure.truncated', 'failure.no_text', 'failure.zip_bomb'];
    for (const [i, d] of docs.entries()) {
      const r = await services.catalog.documents.require(d.id);
      assert.equal(r.status, 'failed', `${r.fileName} failed`);
      assert.ok(r.error && r.error.length > 10 && !/undefined|\[object/.test(r.error), `${r.fileName}: ${r.error}`);
      // The reason also travels as a code with parameters, for the console to word in its language.
      assert.deepEqual(r.errorCode, { code: codes[i], params: { file: r.fileName } }, `${r.fileName}: ${r.error}`);
      assert.deepEqual(r.stepCode, { code: 'failed', params: {} });
    }
    const done = await services.catalog.documents.require(good.id);
    assert.equal(done.status, 'completed');
    assert.deepEqual([done.step, done.stepCode, done.errorCode], ['Completed', { code: 'completed', params: {} }, null]);
  });

  it('deleting a document removes every chunk, image and stored file of it', async () => {
    const f = await fixtures.textPdf(7);
    const doc = await ingestDocument(f.path);
    assert.equal((await top(f.phrases.en[1]))?.itemId, doc.id);
    await deleteItem(services.content, 'document', doc.id);
    const hits = await services.search.search(f.phrases.en[1], { k: 50 });
    assert.ok(!hits.some((h) => h.chunk.itemId === doc.id));
    assert.equal(await services.store.head(doc.fileKey), null);
  });
});
