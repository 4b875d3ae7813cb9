import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openCatalog, type CatalogStore } from '../../engines/catalog/catalog';
import { catalogMigrations, openPgCatalog } from '../../engines/catalog/pg-catalog';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { createHashEmbedder, createSearchIndex } from '../../engines/search/index';
import type { Chunk, SearchHit, SearchIndex, SearchOptions } from '../../engines/search/types';
import type { Document } from '../../foundation/types';
import { chunk } from '../../testing/chat-fixtures';
import { isPublic, PUBLIC_ID_LIST_MAX, publicItemIds, publicSearchIndex } from './visibility';

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

const pgServer = postgresForTests(after);
type Mode = 'lowdb' | 'PostgreSQL';

async function openStore(mode: Mode): Promise<{ catalog: CatalogStore; close: () => Promise<void> }> {
  if (mode === 'lowdb') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'public-search-'));
    return { catalog: openCatalog(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const pool = await openPool({ url: await (await pgServer.server()).createDatabase(), max: 4 });
  await migrate(pool, catalogMigrations);
  const catalog = await openPgCatalog({ pool, location: 'PostgreSQL' });
  return { catalog, close: async () => { await catalog.close(); await pool.end(); } };
}

/** A catalog of documents (the given governance fields) with one chunk each, the real lexical index, and every search's options recorded. */
async function setup(mode: Mode, items: { fields: Record<string, unknown>; text: string }[]) {
  const store = await openStore(mode);
  const catalog = store.catalog;
  const index = await createSearchIndex({ dataDir: null, chromaUrl: null, embedder: createHashEmbedder() });
  const chunks: Chunk[] = [];
  const rows = await catalog.transaction(async (tx) => {
    const out = [];
    for (const it of items) out.push(await tx.documents.insert({
      title: 'Manual', description: '', status: 'completed', fileName: 'm.pdf', fileType: 'application/pdf', fileKey: 'documents/m.pdf', pageCount: 1,
      chunkCount: 1, imageCount: 0, sourceLanguage: 'en', categoryId: null, createdAt: NOW.toISOString(), ...it.fields,
    } as unknown as Omit<Document, 'id'>));
    return out;
  });
  rows.forEach((d, i) => chunks.push(chunk({ type: 'document', id: d.id, title: 'Manual' }, 0, items[i]!.text, { page: 1, language: 'en' })));
  await index.upsert(chunks);
  const asked: SearchOptions[] = [];
  const recorded: SearchIndex = { ...index, search: (q, o = {}) => { asked.push(o); return index.search(q, o); } };
  return {
    catalog, index, asked, pub: publicSearchIndex(recorded, catalog, () => NOW),
    async cleanup() { await index.close(); await store.close(); },
  };
}

const STRONG = 'warranty warranty warranty of the M2 motor: five years, warranty card inside';
const WEAK = 'the M2 motor carries a warranty';

for (const mode of ['lowdb', 'PostgreSQL'] as const) {
 describe(`public search: ${mode}`, { skip: mode === 'PostgreSQL' && pgServer.skipReason }, () => {
  it('an anonymous search in a mostly public catalog answers k public hits without sending the index a list of item ids', async () => {
    // 400 public items, and 8 of each hidden kind matching the question better than any public one (more than 4 k: the deeper probe is needed).
    const items = [
      ...Array.from({ length: 400 }, (_, i) => ({ fields: PUBLIC, text: `${WEAK}, manual ${i}` })),
      ...Object.values(HIDDEN).flatMap((fields) => Array.from({ length: 8 }, () => ({ fields, text: STRONG }))),
    ];
    const t = await setup(mode, items);
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

  it('an anonymous search in a mostly hidden catalog still finds the few public items, and nothing hidden', async () => {
    const items = [
      ...Object.values(HIDDEN).flatMap((fields) => Array.from({ length: 30 }, () => ({ fields, text: STRONG }))),
      ...Array.from({ length: 3 }, (_, i) => ({ fields: PUBLIC, text: `${WEAK}, manual ${i}` })),
    ];
    const t = await setup(mode, items);
    try {
      const hits = await t.pub.search('How long is the warranty of the M2 motor?', { k: 5 });
      assert.equal(hits.length, 3);
      for (const h of hits) assert.ok(isPublic(await t.catalog.documents.get(h.chunk.itemId), NOW), `item ${h.chunk.itemId} is not public`);
    } finally {
      await t.cleanup();
    }
  });

  it('an anonymous search restricted to some items answers only those of them that are public', async () => {
    const items = [
      ...Array.from({ length: 10 }, (_, i) => ({ fields: PUBLIC, text: `${WEAK}, manual ${i}` })),
      ...Object.values(HIDDEN).map((fields) => ({ fields, text: STRONG })),
    ];
    const t = await setup(mode, items);
    try {
      const all = await t.catalog.documents.list();
      const wanted = [all[0]!.id, all[1]!.id, ...all.slice(10).map((d) => d.id)];
      const hits = await t.pub.search('warranty of the M2 motor', { k: 5, filters: { itemIds: wanted } });
      assert.deepEqual(new Set(hits.map((h) => h.chunk.itemId)), new Set([all[0]!.id, all[1]!.id]));
    } finally {
      await t.cleanup();
    }
  });

    /** What the search answered before it had bounds: the index asked once with the list of every public item. */
    const withTheWholeList = async (t: Awaited<ReturnType<typeof setup>>, q: string, k: number): Promise<SearchHit[]> => {
      const ids = [...(await publicItemIds(t.catalog, NOW))!];
      return t.index.search(q, { k, filters: { itemIds: ids } });
    };
    const Q = 'How long is the warranty of the M2 motor?';

    it('with more public items than a short list holds, all ranked below the first 16 k hits, it asks 64 k deep and sends no list', async () => {
      const publicCount = PUBLIC_ID_LIST_MAX + 44;
      const items = [
        ...Array.from({ length: publicCount }, (_, i) => ({ fields: PUBLIC, text: `${WEAK}, manual ${i}` })),
        ...Object.values(HIDDEN).flatMap((fields) => Array.from({ length: 15 }, () => ({ fields, text: STRONG }))),
      ];
      const t = await setup(mode, items);
      try {
        const hits = await t.pub.search(Q, { k: 5 });
        assert.deepEqual(t.asked.map((o) => [o.k, o.filters?.itemIds?.length]), [[20, undefined], [80, undefined], [320, undefined]]);
        assert.equal(hits.length, 5);
        for (const h of hits) assert.ok(isPublic(await t.catalog.documents.get(h.chunk.itemId), NOW), `item ${h.chunk.itemId} is not public`);
        assert.deepEqual(hits.map((h) => h.chunk.id), (await withTheWholeList(t, Q, 5)).map((h) => h.chunk.id), 'the same hits as asking with every public item');
      } finally {
        await t.cleanup();
      }
    });

    it('with many public items all ranked below the first 64 k hidden hits, it still finds them through the list of public items', async () => {
      const publicCount = PUBLIC_ID_LIST_MAX + 4;
      const items = [
        ...Object.values(HIDDEN).flatMap((fields) => Array.from({ length: 50 }, () => ({ fields, text: STRONG }))),
        ...Array.from({ length: publicCount }, (_, i) => ({ fields: PUBLIC, text: `${WEAK}, manual ${i}` })),
      ];
      const t = await setup(mode, items);
      try {
        const hits = await t.pub.search(Q, { k: 5 });
        assert.deepEqual(t.asked.map((o) => [o.k, o.filters?.itemIds?.length]), [[20, undefined], [80, undefined], [320, undefined], [5, publicCount]]);
        assert.equal(hits.length, 5);
        assert.deepEqual(hits.map((h) => h.chunk.id), (await withTheWholeList(t, Q, 5)).map((h) => h.chunk.id));
      } finally {
        await t.cleanup();
      }
    });
 });
}
