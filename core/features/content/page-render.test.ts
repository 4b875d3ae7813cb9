import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openCatalog } from '../../engines/catalog/catalog';
import type { Document } from '../../foundation/types';
import { canRenderPage } from './page-render';

async function withCatalog(fn: (catalog: ReturnType<typeof openCatalog>) => Promise<void>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'page-render-'));
  try {
    await fn(openCatalog(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const doc = (fields: Record<string, unknown>) => ({
  title: 'Manual', description: '', status: 'completed', fileName: 'manual.pdf', fileType: 'application/pdf', pageCount: 3,
  chunkCount: 1, imageCount: 0, sourceLanguage: 'en', categoryId: null, createdAt: new Date().toISOString(), ...fields,
}) as unknown as Omit<Document, 'id'>;

test('a completed PDF renders its pages, and only the pages it has', async () => {
  await withCatalog(async (catalog) => {
    const d = await catalog.documents.insert(doc({}));
    assert.equal(await canRenderPage(catalog, d.id, 1), true);
    assert.equal(await canRenderPage(catalog, d.id, 3), true);
    assert.equal(await canRenderPage(catalog, d.id, 4), false);
    assert.equal(await canRenderPage(catalog, d.id, 0), false);
  });
});

test('a document row without a stored type is judged by its name instead of failing the answer that cites it', async () => {
  // Rows written outside the product (a bulk SQL load) may lack fileType; an anonymous rag-query citing one answered 500.
  await withCatalog(async (catalog) => {
    const pdf = await catalog.documents.insert(doc({ fileType: undefined }));
    const word = await catalog.documents.insert(doc({ fileType: undefined, fileName: 'manual.docx' }));
    const nameless = await catalog.documents.insert(doc({ fileType: undefined, fileName: undefined }));
    assert.equal(await canRenderPage(catalog, pdf.id, 1), true);
    assert.equal(await canRenderPage(catalog, word.id, 1), false);
    assert.equal(await canRenderPage(catalog, nameless.id, 1), false);
  });
});

test('a document that has not finished processing hands out no page renders', async () => {
  await withCatalog(async (catalog) => {
    const d = await catalog.documents.insert(doc({ status: 'processing' }));
    assert.equal(await canRenderPage(catalog, d.id, 1), false);
  });
});
