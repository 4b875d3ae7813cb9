/**
 * What an answer reads from the catalog besides the index (the catalog's
 * languages, the pictures of the cited pages and slides) gives the same
 * answer as reading every item and picture did, in both store modes, and
 * in PostgreSQL mode reads a few rows, not the collections.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type pg from 'pg';
import { openCatalog } from '../../engines/catalog/catalog';
import { catalogMigrations, openPgCatalog } from '../../engines/catalog/pg-catalog';
import type { Catalog } from '../../engines/catalog/types';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { chunk } from '../../testing/chat-fixtures';
import { postgresForTests } from '../../testing/postgres';
import { languageCode } from '../../foundation/text/language';
import type { BotImage, ContentType, PresentationImage } from '../../foundation/types';
import { catalogLanguages } from './plan-query';
import { sourceImages } from './sources';

const pgServer = postgresForTests(after);

interface Store { catalog: Catalog; rowsRead: () => number; cleanup: () => Promise<void> }

async function open(mode: 'lowdb' | 'PostgreSQL'): Promise<Store> {
  if (mode === 'lowdb') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-reads-'));
    return { catalog: openCatalog(dir), rowsRead: () => 0, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const pool = await openPool({ url: await (await pgServer.server()).createDatabase(), max: 4 });
  await migrate(pool, catalogMigrations);
  // Every row a statement answered: what the catalog read into this process.
  let read = 0;
  const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<pg.QueryResult>;
  (pool as unknown as { query: unknown }).query = async (...a: unknown[]) => {
    const r = await query(...a);
    read += r.rows?.length ?? 0;
    return r;
  };
  const catalog = await openPgCatalog({ pool, location: 'PostgreSQL' });
  return { catalog, rowsRead: () => read, cleanup: async () => { await catalog.close(); await pool.end(); } };
}

const item = (status: string, sourceLanguage: unknown, more: Record<string, unknown> = {}) => ({
  title: 'Item', description: '', status, fileName: 'f.pdf', fileType: 'application/pdf', fileKey: 'documents/f.pdf', pageCount: 3,
  sourceLanguage, review: 'approved', audience: 'public', categoryId: null, createdAt: '2026-01-01T00:00:00.000Z', ...more,
});

/** The catalog's languages as they were found before: every item of every collection read. */
async function languagesReadingEveryItem(catalog: Catalog): Promise<string[]> {
  const langs = new Set<string>();
  for (const type of ['document', 'presentation', 'video'] as const) {
    for (const r of await catalog.items(type).list()) {
      const code = r.sourceLanguage && (r.status === 'completed' || r.status === 'approved') ? languageCode(r.sourceLanguage) : null;
      if (code) langs.add(code);
    }
  }
  return langs.size ? [...langs].sort() : ['en'];
}

const picture = (documentId: number, page: number, name: string, more: Partial<BotImage> = {}): Omit<BotImage, 'id'> => ({
  image: `/uploads/images/${name}`, imageKey: `images/${name}`, documentId, documentTitle: 'Doc', page, description: '', tags: [], createdAt: '2026-01-01T00:00:00.000Z', ...more,
});
const slideImage = (presentationId: number, slide: number, name: string, kind: 'slide' | 'embedded', more: Partial<PresentationImage> = {}): Omit<PresentationImage, 'id'> => ({
  image: `/uploads/slides/${name}`, imageKey: `slides/${name}`, presentationId, presentationTitle: 'Deck', slide, kind, tags: [], description: '', uploadedAt: '2026-01-01T00:00:00.000Z', ...more,
});

for (const mode of ['lowdb', 'PostgreSQL'] as const) {
  describe(`an answer's catalog reads: ${mode}`, { skip: mode === 'PostgreSQL' && pgServer.skipReason }, () => {
    it('the catalog\'s languages are those of ready items only, as reading every item found them, and no item is read', async () => {
      const s = await open(mode);
      try {
        const { catalog } = s;
        assert.deepEqual(await catalogLanguages(catalog), ['en'], 'English when nothing is recorded');
        const add = (type: ContentType, status: string, lang: unknown, more?: Record<string, unknown>) => catalog.items(type).insert(item(status, lang, more) as never);
        await add('document', 'completed', 'English');
        await add('document', 'approved', 'Hebrew');
        await add('document', 'failed', 'French');
        await add('document', 'processing', 'German');
        await add('document', 'completed', '');
        await add('document', 'completed', null);
        await add('document', 'completed', 'Klingon');
        await add('document', 'completed', 'Russian', { versionOf: 1 });
        await add('presentation', 'completed', 'spanish');
        await add('presentation', 'converting', 'Arabic');
        await add('video', 'completed', 'English (United States)');
        for (let i = 0; i < 40; i++) await add('document', 'completed', 'English');
        const before = s.rowsRead();
        const langs = await catalogLanguages(catalog);
        const read = s.rowsRead() - before;
        assert.deepEqual(langs, ['en', 'es', 'he', 'ru']);
        assert.deepEqual(langs, await languagesReadingEveryItem(catalog));
        if (mode === 'PostgreSQL') assert.ok(read <= 8, `${read} rows read for the languages of 51 items`);
      } finally {
        await s.cleanup();
      }
    });

    it('the source images of cited pages and slides are those pictures, best first, reading those pictures only', async () => {
      const s = await open(mode);
      try {
        const { catalog } = s;
        const doc = await catalog.documents.insert(item('completed', 'English') as never);
        const other = await catalog.documents.insert(item('completed', 'English') as never);
        const p1 = await catalog.botImages.insert(picture(doc.id, 1, 'p1.png'));
        await catalog.botImages.insert(picture(doc.id, 1, 'logo.png', { decorative: true }));
        await catalog.botImages.insert(picture(doc.id, 1, 'drawing.svg'));
        const p2 = await catalog.botImages.insert(picture(doc.id, 2, 'p2.jpg'));
        await catalog.botImages.insert(picture(other.id, 1, 'other-p1.png'));
        const deck = await catalog.presentations.insert(item('completed', 'English', { fileName: 'd.pptx' }) as never);
        const embedded = await catalog.presentationImages.insert(slideImage(deck.id, 2, 'embedded.png', 'embedded'));
        const render = await catalog.presentationImages.insert(slideImage(deck.id, 2, 'slide2.png', 'slide'));
        await catalog.presentationImages.insert(slideImage(deck.id, 2, 'bg.png', 'embedded', { decorative: true }));
        await catalog.presentationImages.insert(slideImage(deck.id, 3, 'slide3.png', 'slide'));
        const otherDeck = await catalog.presentations.insert(item('completed', 'English', { fileName: 'o.pptx' }) as never);
        await catalog.presentationImages.insert(slideImage(otherDeck.id, 2, 'other-slide2.png', 'slide'));
        // Pictures of many other pages: an answer must not read them.
        for (let i = 0; i < 60; i++) await catalog.botImages.insert(picture(other.id, 10 + i, `filler-${i}.png`));

        const D = { type: 'document' as const, id: doc.id, title: 'Doc' };
        const P = { type: 'presentation' as const, id: deck.id, title: 'Deck' };
        const before = s.rowsRead();
        assert.deepEqual(await sourceImages(catalog, [chunk(D, 0, 'a', { page: 1, language: 'en' })]), [p1.image]);
        assert.deepEqual(await sourceImages(catalog, [chunk(P, 0, 'b', { slide: 2, language: 'en' })]), [render.image, embedded.image]);
        assert.deepEqual(await sourceImages(catalog, [chunk(D, 1, 'c', { page: 1, language: 'en', imageIds: [p2.id] })]), [p2.image], 'the chunk\'s own pictures first');
        assert.deepEqual(
          await sourceImages(catalog, [chunk(D, 2, 'd', { page: 2, language: 'en' }), chunk(P, 1, 'e', { slide: 3, language: 'en' })], 'https://shop.example'),
          [`https://shop.example${p2.image}`, 'https://shop.example/uploads/slides/slide3.png'],
        );
        const read = s.rowsRead() - before;
        if (mode === 'PostgreSQL') assert.ok(read <= 12, `${read} rows read for four answers' images (${await catalog.botImages.count()} pictures held)`);
      } finally {
        await s.cleanup();
      }
    });
  });
}
