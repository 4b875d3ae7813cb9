/**
 * Anonymous page renders: /api/files/images/documents/{id}/pages/{p}-c{N}.png
 * is made on first request. Only keys naming a chunk that exists are
 * rendered (a flood of made-up chunk numbers renders nothing), one address
 * has a budget of new renders, and a page far larger than a screen is
 * rendered smaller, never as a 1×1 picture.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { after, before, describe, it } from 'node:test';
import { pngSize } from '../core/features/content/page-render';
import { makeTextPdf, textPdfPagePhrase } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;
let dir: string;
let docId: number;
let posterId: number;

async function upload(file: string, title: string): Promise<number> {
  const r = await server.services!.product.upload({ kind: 'document', file: { path: file, fileName: path.basename(file) }, fields: { title } });
  await server.services!.queue.idle();
  const doc = await server.services!.catalog.documents.get(r.item.id);
  assert.equal(doc?.status, 'completed', doc?.error ?? '');
  return r.item.id;
}

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'render-flood-'));
  server = await startTestServer({ worker: true });
  docId = await upload(await makeTextPdf(25, path.join(dir, 'manual.pdf')), 'Blind manual');
  // A 14,400 × 14,400 pt page (200 inches square) with a line of text.
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([14_400, 14_400]);
  page.drawText('Poster of the AuraShade motorised blind range, printed at two hundred inches.', { x: 400, y: 7000, size: 240, font: await pdf.embedFont(StandardFonts.Helvetica) });
  writeFileSync(path.join(dir, 'poster.pdf'), await pdf.save());
  posterId = await upload(path.join(dir, 'poster.pdf'), 'Poster');
});
after(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = (key: string) => fetch(`${server.url}/api/files/${key}`);
const renders = async (id: number) => (await server.services!.store.list({ prefix: `images/documents/${id}/pages/` })).objects.length;

describe('page renders', () => {
  it('50 made-up chunk numbers answer 404 and render nothing; a real chunk of the page renders', async () => {
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => get(`images/documents/${docId}/pages/1-c${1000 + i}.png`).then((r) => r.status)));
    assert.deepEqual([...new Set(statuses)], [404]);
    assert.equal(await renders(docId), 0, 'no render was stored');
    const hit = (await server.services!.search.search(textPdfPagePhrase(2), { k: 1 }))[0]!.chunk;
    assert.equal(hit.page, 2);
    assert.equal((await get(`images/documents/${docId}/pages/2-c${hit.ordinal}.png`)).status, 200);
    assert.equal((await get(`images/documents/${docId}/pages/3-c${hit.ordinal}.png`)).status, 404, 'a chunk of page 2 does not name a passage of page 3');
    assert.equal(await renders(docId), 1);
  });

  it('a page of 14,400 pt is rendered at a size a screen can show, not as a 1×1 picture', async () => {
    const res = await get(`images/documents/${posterId}/pages/1.png`);
    assert.equal(res.status, 200);
    const size = pngSize(Buffer.from(await res.arrayBuffer()));
    assert.ok(size && size.width >= 1000 && size.width <= 4000 && size.height <= 4000, `rendered ${JSON.stringify(size)}`);
  });

  it('one address may cause 20 new renders in 10 minutes; stored renders are served past the budget', async () => {
    // This address used 2 already (a chunk crop and the poster).
    const statuses: number[] = [];
    for (let p = 1; p <= 20; p++) statuses.push((await get(`images/documents/${docId}/pages/${p}.png`)).status);
    assert.deepEqual(statuses.slice(0, 18), Array(18).fill(200));
    assert.deepEqual(statuses.slice(18), [429, 429]);
    assert.equal((await get(`images/documents/${docId}/pages/1.png`)).status, 200, 'a render made before is still served');
  });
});
