import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openCatalog, type CatalogStore } from '../catalog/catalog';
import { createHashEmbedder, createSearchIndex } from '../search/index';
import type { SearchIndex, SearchOptions } from '../search/types';
import type { Document } from '../types';
import { chunk } from '../testing/chat-fixtures';
import { isPublic, publicSearchIndex } from './visibility';

const NOW = new Date('2026-06-01T12:00:00Z');
const PUBLIC = { review: 'approved', audience: 'public' };
/** One of each way an item is not public. */
const HIDDEN: Record<string, Record<string, unknown>> = {
  pending: { review: 'pending', audience: 'public' },
  rejected: { review: 'rejected', audience: 'public' },
  staff: { review: 'approved', audience: 'staff' },
  expired: { ...PUBLIC, validUntil: '2026-01-01' },
  archived: { ...PUBLIC, archivedAt: '2026-05-01T00:00:00Z' },
  draft: { ...PUBLIC, versionOf: 1 },
  processing: { ...PUBLIC, status: 'processing' },
};

/** A catalog of documents (the given governance fields) with one chunk each, the real lexical index, and every search's options recorded. */
async function setup(items: { fields: Record<string, unknown>; text: string }[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'public-search-'));
  const catalog: CatalogStore = openCatalog(dir);
  const index = await createSearchIndex({ dataDir: null, chromaUrl: null, embedder: createHashEmbedder() });
  const chunks = [];
  for (const it of items) {
    const d = await catalog.documents.insert({
      title: 'Manual', description: '', status: 'completed', fileName: 'm.pdf', fileType: 'application/pdf', fileKey: 'documents/m.pdf', pageCount: 1,
      chunkCount: 1, imageCount: 0, sourceLanguage: 'en', categoryId: null, createdAt: NOW.toISOString(), ...it.fields,
    } as unknown as Omit<Document, 'id'>);
    chunks.push(chunk({ type: 'document', id: d.id, title: 'Manual' }, 0, it.text, { page: 1, language: 'en' }));
  }
  await index.upsert(chunks);
  const asked: SearchOptions[] = [];
  const recorded: SearchIndex = { ...index, search: (q, o = {}) => { asked.push(o); return index.search(q, o); } };
  return {
    catalog, asked, pub: publicSearchIndex(recorded, catalog, () => NOW),
    async cleanup() { await index.close(); rmSync(dir, { recursive: true, force: true }); },
  };
}

const STRONG = 'warranty warranty warranty of the M2 motor: five years, warranty card inside';
const WEAK = 'the M2 motor carries a warranty';

test('an anonymous search in a mostly public catalog answers k public hits without sending the index a list of item ids', async () => {
  // 400 public items, and 8 of each hidden kind matching the question better than any public one (more than 4 k: the deeper probe is needed).
  const items = [
    ...Array.from({ length: 400 }, (_, i) => ({ fields: PUBLIC, text: `${WEAK}, manual ${i}` })),
    ...Object.values(HIDDEN).flatMap((fields) => Array.from({ length: 8 }, () => ({ fields, text: STRONG }))),
  ];
  const t = await setup(items);
  try {
    const hits = await t.pub.search('How long is the warranty of the M2 motor?', { k: 5 });
    assert.equal(hits.length, 5);
    for (const h of hits) assert.ok(isPublic(await t.catalog.documents.get(h.chunk.itemId), NOW), `item ${h.chunk.itemId} is not public`);
    assert.ok(t.asked.length >= 1);
    for (const o of t.asked) assert.equal(o.filters?.itemIds, undefined, 'no id list was sent');
  } finally {
    await t.cleanup();
  }
});

test('an anonymous search in a mostly hidden catalog still finds the few public items, and nothing hidden', async () => {
  const items = [
    ...Object.values(HIDDEN).flatMap((fields) => Array.from({ length: 30 }, () => ({ fields, text: STRONG }))),
    ...Array.from({ length: 3 }, (_, i) => ({ fields: PUBLIC, text: `${WEAK}, manual ${i}` })),
  ];
  const t = await setup(items);
  try {
    const hits = await t.pub.search('How long is the warranty of the M2 motor?', { k: 5 });
    assert.equal(hits.length, 3);
    for (const h of hits) assert.ok(isPublic(await t.catalog.documents.get(h.chunk.itemId), NOW), `item ${h.chunk.itemId} is not public`);
  } finally {
    await t.cleanup();
  }
});

test('an anonymous search restricted to some items answers only those of them that are public', async () => {
  const items = [
    ...Array.from({ length: 10 }, (_, i) => ({ fields: PUBLIC, text: `${WEAK}, manual ${i}` })),
    ...Object.values(HIDDEN).map((fields) => ({ fields, text: STRONG })),
  ];
  const t = await setup(items);
  try {
    const all = await t.catalog.documents.list();
    const wanted = [all[0]!.id, all[1]!.id, ...all.slice(10).map((d) => d.id)];
    const hits = await t.pub.search('warranty of the M2 motor', { k: 5, filters: { itemIds: wanted } });
    assert.deepEqual(new Set(hits.map((h) => h.chunk.itemId)), new Set([all[0]!.id, all[1]!.id]));
  } finally {
    await t.cleanup();
  }
});
