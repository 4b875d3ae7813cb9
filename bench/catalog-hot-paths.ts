/**
 * What one public answer reads from the catalog besides the index, at N
 * items (3/5 documents, 1/5 presentations, 1/5 videos; three pictures per
 * document and per presentation), in both store modes:
 *   node --import tsx bench/catalog-hot-paths.ts [items=10000] [lowdb|pg|both]
 * - the catalog's languages (what chat asks before every answer);
 * - the source images of an answer citing five chunks (pages and slides);
 * - the public search of a mostly hidden catalog (one public item in
 *   `every`, default 20; each item one chunk, lexical index), the hidden
 *   items matching the question better (`ranking` hidden-first, the
 *   default) or as well (`same`: public hits among the first, one in `every`).
 *   node --import tsx bench/catalog-hot-paths.ts 10000 pg 30 same
 * Per path: median ms, and in PostgreSQL mode the rows the catalog read.
 * Prints one JSON line per mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { openCatalog } from '../core/engines/catalog/catalog';
import { catalogMigrations, openPgCatalog } from '../core/engines/catalog/pg-catalog';
import type { Catalog } from '../core/engines/catalog/types';
import { catalogLanguages } from '../core/features/chat/plan-query';
import { sourceImages } from '../core/features/chat/sources';
import { publicSearchIndex } from '../core/features/governance/visibility';
import { migrate } from '../core/engines/postgres/migrate';
import { openPool } from '../core/engines/postgres/pool';
import { createHashEmbedder } from '../core/engines/search/hash-embedder';
import { createSearchIndex } from '../core/engines/search/index';
import type { Chunk, SearchOptions } from '../core/engines/search/types';
import { startPostgres } from '../core/testing/postgres';

const N = Number(process.argv[2] ?? 10_000);
const modes = (process.argv[3] ?? 'both') === 'both' ? ['lowdb', 'pg'] : [process.argv[3]!];
const EVERY = Number(process.argv[4] ?? 20);
const RANKING = process.argv[5] ?? 'hidden-first';
const LANGS = ['English', 'Hebrew', 'French', 'German'];
const NOW = new Date();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Row = { collection: string; data: Record<string, unknown> & { id: number } };

/** The generated catalog's rows, ids 1.. in insertion order. */
function rows(): Row[] {
  const out: Row[] = [];
  let id = 0;
  for (let i = 0; i < N; i++) {
    const kind = i % 5 < 3 ? 'documents' : i % 5 === 3 ? 'presentations' : 'videos';
    const itemId = ++id;
    const pub = i % EVERY === 0;
    out.push({
      collection: kind,
      data: {
        id: itemId, title: `Item ${itemId}`, description: 'text '.repeat(40), status: i % 10 === 9 ? 'failed' : 'completed', progress: 100, step: null, error: null,
        fileName: `f${itemId}.pdf`, fileType: kind === 'documents' ? 'application/pdf' : 'application/octet-stream', fileKey: `${kind}/${itemId}/f`, pageCount: 3,
        sourceLanguage: LANGS[i % LANGS.length], review: pub ? 'approved' : 'pending', audience: 'public', categoryId: null, createdAt: NOW.toISOString(),
        translation: { state: 'none', targetLanguage: null, fileKey: null, error: null },
      },
    });
    if (kind === 'videos') continue;
    for (let p = 1; p <= 3; p++) {
      const img = ++id;
      out.push(kind === 'documents'
        ? { collection: 'botImages', data: { id: img, image: `/uploads/i${img}.png`, imageKey: `images/i${img}.png`, documentId: itemId, documentTitle: `Item ${itemId}`, page: p, description: '', tags: [], createdAt: NOW.toISOString() } }
        : { collection: 'presentationImages', data: { id: img, image: `/uploads/s${img}.png`, imageKey: `slides/s${img}.png`, presentationId: itemId, presentationTitle: `Item ${itemId}`, slide: p, kind: 'embedded', tags: [], description: '', uploadedAt: NOW.toISOString() } });
    }
  }
  return out;
}

async function openStore(mode: string, data: Row[]): Promise<{ catalog: Catalog; rowsRead: () => number; close: () => Promise<void> }> {
  if (mode === 'lowdb') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-hot-'));
    const catalog = openCatalog(dir);
    await catalog.transaction(async (tx) => {
      for (const r of data) await (tx as unknown as Record<string, { put(x: unknown): Promise<unknown> }>)[r.collection]!.put(r.data);
    });
    return { catalog, rowsRead: () => 0, close: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const server = await startPostgres();
  const pool = await openPool({ url: await server.createDatabase(), max: 10 });
  await migrate(pool, catalogMigrations);
  for (let i = 0; i < data.length; i += 5000) {
    const part = data.slice(i, i + 5000);
    await pool.query('INSERT INTO catalog_rows (collection, id, data) SELECT * FROM unnest($1::text[], $2::bigint[], $3::jsonb[])',
      [part.map((r) => r.collection), part.map((r) => r.data.id), part.map((r) => JSON.stringify(r.data))]);
  }
  await pool.query("SELECT setval('catalog_ids', $1)", [data.length + 1]);
  // As autovacuum leaves a table after a bulk load (the GIN index's pending entries merged).
  await pool.query('VACUUM ANALYZE catalog_rows');
  // Rows each statement returned: what the catalog read into this process.
  let read = 0;
  const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<pg.QueryResult>;
  (pool as unknown as { query: unknown }).query = async (...a: unknown[]) => {
    const r = await query(...a);
    read += r.rows?.length ?? 0;
    return r;
  };
  const catalog = await openPgCatalog({ pool, location: 'bench' });
  return { catalog, rowsRead: () => read, close: async () => { await catalog.close(); await pool.end(); await server.stop(); } };
}

async function measure(rowsRead: () => number, times: number, fn: () => Promise<unknown>) {
  await fn();
  const ms: number[] = [];
  const r0 = rowsRead();
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return { medianMs: +median(ms).toFixed(2), rowsReadPerCall: Math.round((rowsRead() - r0) / times) };
}

const data = rows();
for (const mode of modes) {
  const store = await openStore(mode, data);
  try {
    const { catalog } = store;
    const docs = data.filter((r) => r.collection === 'documents').slice(0, 3).map((r) => r.data.id);
    const pres = data.filter((r) => r.collection === 'presentations').slice(0, 2).map((r) => r.data.id);
    const cited: Chunk[] = [
      ...docs.map((id, i): Chunk => ({ id: `document:${id}:0`, itemType: 'document', itemId: id, title: 't', text: 'x', page: 1 + i, slide: null, heading: null, language: 'en', imageIds: [], ordinal: 0 })),
      ...pres.map((id): Chunk => ({ id: `presentation:${id}:0`, itemType: 'presentation', itemId: id, title: 't', text: 'x', page: null, slide: 2, heading: null, language: 'en', imageIds: [], ordinal: 0 })),
    ];
    const languages = await catalogLanguages(catalog);
    const images = await sourceImages(catalog, cited);

    // Public search of a mostly hidden catalog: each item one chunk; hidden ones say "warranty" more often.
    const index = await createSearchIndex({ dataDir: null, chromaUrl: null, embedder: createHashEmbedder() });
    const items = data.filter((r) => ['documents', 'presentations', 'videos'].includes(r.collection));
    const type = { documents: 'document', presentations: 'presentation', videos: 'video' } as const;
    await index.upsert(items.map((r): Chunk => ({
      id: `${type[r.collection as keyof typeof type]}:${r.data.id}:0`, itemType: type[r.collection as keyof typeof type], itemId: r.data.id, title: 'Manual',
      text: r.data.review === 'approved' || RANKING === 'same' ? `the M2 motor carries a warranty, manual ${r.data.id}` : `warranty warranty warranty of the M2 motor, sheet ${r.data.id}`,
      page: 1, slide: null, heading: null, language: 'en', imageIds: [], ordinal: 0,
    })));
    let idsSent = 0;
    const pub = publicSearchIndex({ ...index, search: (q: string, o: SearchOptions = {}) => { idsSent += o.filters?.itemIds?.length ?? 0; return index.search(q, o); } }, catalog, () => NOW);
    const hits = await pub.search('How long is the warranty of the M2 motor?', { k: 5 });
    idsSent = 0;
    const search = await measure(store.rowsRead, 10, () => pub.search('How long is the warranty of the M2 motor?', { k: 5 }));
    await index.close();

    console.log(JSON.stringify({
      mode, items: N, rows: data.length, load: os.loadavg()[0]!.toFixed(1),
      catalogLanguages: { ...(await measure(store.rowsRead, 20, () => catalogLanguages(catalog))), answer: languages },
      sourceImages5Chunks: { ...(await measure(store.rowsRead, 20, () => sourceImages(catalog, cited))), answer: images.length },
      publicSearchMostlyHidden: { publicItems: Math.ceil(N / EVERY), ranking: RANKING, ...search, idListSentPerSearch: Math.round(idsSent / 11), hits: hits.map((h) => h.chunk.itemId) },
    }));
  } finally {
    await store.close();
  }
}
