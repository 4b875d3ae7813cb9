/**
 * Right file type: an image is stored under the extension of its bytes, so
 * it is served with the matching Content-Type and downloads with the right
 * name, whatever extension its document declared for it.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fixtures } from '../../testing/fixtures';
import { addDocument, tempCatalog } from '../../testing/chat-fixtures';
import { createLocalStore } from '../../engines/storage/local';
import type { Extraction } from '../../formats/types';
import { storeExtractedImages } from './images';

let env: Awaited<ReturnType<typeof tempCatalog>>;
before(async () => { env = await tempCatalog(); });
after(() => env.cleanup());

test('right file type: a document picture declared .jpg holding PNG data is stored as .png and served as image/png', async () => {
  const store = createLocalStore({ root: path.join(env.dir, 'objects') });
  const doc = await addDocument(env.catalog, { title: 'Wiring guide', language: 'en', fileName: 'wiring.docx', status: 'completed' });
  const [png, jpeg] = await Promise.all([fixtures.png(), fixtures.jpeg()]);
  const ex = {
    sections: [], warnings: [],
    images: [
      { path: png.path, ext: 'jpg', page: 1, nearbyText: 'KNX wiring' },
      { path: jpeg.path, ext: 'jpg', page: 1, nearbyText: 'Hub front' },
      { path: png.path, ext: 'emf', page: 2, nearbyText: 'Converted drawing' },
    ],
  } as unknown as Extraction;
  await storeExtractedImages({ catalog: env.catalog, store, search: env.index }, { type: 'document', id: doc.id, title: doc.title }, ex);
  const rows = (await env.catalog.botImages.list((r) => r.documentId === doc.id)).sort((a, b) => a.id - b.id);
  assert.deepEqual(rows.map((r) => path.extname(r.imageKey)), ['.png', '.jpg', '.png']);
  for (const [i, type] of ['image/png', 'image/jpeg', 'image/png'].entries()) {
    const obj = await store.get(rows[i]!.imageKey);
    assert.equal(obj.contentType, type, rows[i]!.imageKey);
  }
});
