import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chunkSections } from './chunker';
import { startChroma, type ChromaServer } from './chroma-server';
import { createHashEmbedder } from './hash-embedder';
import { createSearchIndex } from './index';
import { createVectorIndex } from './vector-index';
import { SAMPLE_CHUNKS } from '../../testing/search-chunks';

let dir: string;
let chroma: ChromaServer;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'search-test-'));
  chroma = await startChroma({ dataDir: path.join(dir, 'chroma'), port: 0 });
});
after(async () => {
  await chroma?.stop();
  await rm(dir, { recursive: true, force: true });
});

const HEBREW_PAGE = 'המדריך מסביר איך להתקין את הרכזת החכמה בבית. כדי לאפס את חיישן התנועה, לחצו על הכפתור במשך עשר שניות עד שהנורית מהבהבת בכחול. החיישן שולח התראה לטלפון כאשר מזוהה תנועה בלילה.';
const ENGLISH_PAGE = 'This guide explains how to install the smart hub at home. The garage door opener pairs with the hub in under a minute. Battery replacement: open the back cover with a coin and insert two AA batteries.';

test('finds Hebrew and English text by a phrase, with page and images, through the chunker', async () => {
  const idx = await createSearchIndex({ dataDir: path.join(dir, 'lex1'), chromaUrl: chroma.url, embedder: createHashEmbedder(), collection: 'phrases' });
  const he = chunkSections([{ page: 1, text: HEBREW_PAGE }, { page: 2, text: 'עמוד שני על התרמוסטט והחימום.' }], { itemType: 'document', itemId: 1, title: 'מדריך', imagesByPage: new Map([[1, [10]]]) });
  const en = chunkSections([{ page: 1, text: 'Cover page' }, { page: 2, text: ENGLISH_PAGE }], { itemType: 'document', itemId: 2, title: 'Guide', imagesByPage: new Map([[2, [20, 21]]]) });
  await idx.upsert([...he, ...en, ...SAMPLE_CHUNKS.filter((c) => c.itemId === 3)]);
  assert.equal(await idx.count(), he.length + en.length + 1);

  const [h1] = await idx.search('איך מאפסים את חיישן התנועה?', { k: 3 });
  assert.equal(h1.chunk.itemId, 1);
  assert.equal(h1.chunk.page, 1);
  assert.deepEqual(h1.chunk.imageIds, [10]);
  const [e1] = await idx.search('how do I replace the batteries', { k: 3 });
  assert.equal(e1.chunk.itemId, 2);
  assert.deepEqual(e1.chunk.imageIds, [20, 21]);
  const [f1] = await idx.search('réinitialiser le détecteur de mouvement', { k: 3 });
  assert.equal(f1.chunk.id, 'presentation:3:0');
  const filtered = await idx.search('חיישן התנועה', { k: 5, filters: { itemType: 'presentation' } });
  assert.ok(filtered.every((h) => h.chunk.itemType === 'presentation'));
  assert.deepEqual((await idx.health()).ok, true);
  await idx.close();
});

test('deleting an item removes its chunks from both indexes; clear empties both', async () => {
  const idx = await createSearchIndex({ dataDir: path.join(dir, 'lex2'), chromaUrl: chroma.url, embedder: createHashEmbedder(), collection: 'deletes' });
  await idx.upsert(SAMPLE_CHUNKS);
  await idx.deleteItem('document', 2);
  const hits = await idx.search('חיישן התנועה כפתור', { k: 10 });
  assert.ok(hits.every((h) => h.chunk.itemId !== 2));
  assert.equal(await idx.count(), SAMPLE_CHUNKS.length - 2);
  const health = await idx.health();
  assert.equal(health.ok, true, health.detail);
  await idx.clear();
  assert.equal(await idx.count(), 0);
  assert.deepEqual(await idx.search('motion sensor', { k: 5 }), []);
  assert.equal((await idx.health()).ok, true);
  await idx.close();
});

test('a vector hit takes its chunk from the lexical index: one Chroma holds but this index does not (another server\'s write not replayed yet) is left out', async () => {
  const onlyVectors = { words: 0, grams: 0, title: 0, vector: 1 };
  const idx = await createSearchIndex({ dataDir: path.join(dir, 'lex-vec'), chromaUrl: chroma.url, embedder: createHashEmbedder(), collection: 'vector_text', weights: onlyVectors });
  await idx.upsert(SAMPLE_CHUNKS.filter((c) => c.itemId !== 1));
  // Another writer of the same collection (a second server) put item 1 in Chroma only.
  await createVectorIndex({ url: chroma.url, embedder: createHashEmbedder(), collection: 'vector_text' }).upsert(SAMPLE_CHUNKS.filter((c) => c.itemId === 1));
  const hits = await idx.search('reset the motion sensor button', { k: 10 });
  assert.ok(hits.length > 0, 'vector hits found');
  assert.ok(hits.every((h) => h.chunk.itemId !== 1), 'the chunk only Chroma holds is left out');
  for (const h of hits) assert.deepEqual(h.chunk, SAMPLE_CHUNKS.find((c) => c.id === h.chunk.id), `${h.chunk.id} is the chunk as written, text and fields`);
  await idx.upsert(SAMPLE_CHUNKS.filter((c) => c.itemId === 1));
  assert.equal((await idx.search('reset the motion sensor button', { k: 1 }))[0]?.chunk.id, 'document:1:0');
  await idx.close();
});

test('an embedder change is detected and reindex rebuilds vectors from the stored chunks', async () => {
  const a = await createSearchIndex({ dataDir: path.join(dir, 'lex3'), chromaUrl: chroma.url, embedder: createHashEmbedder({ dimension: 512 }), collection: 'reidx' });
  await a.upsert(SAMPLE_CHUNKS);
  await a.close();
  const b = await createSearchIndex({ dataDir: path.join(dir, 'lex3'), chromaUrl: chroma.url, embedder: createHashEmbedder({ dimension: 256 }), collection: 'reidx' });
  assert.equal(await b.needsReindex(), true);
  const h = await b.health();
  assert.equal(h.ok, false);
  assert.match(h.detail, /cms reindex/);
  // Search still answers from the lexical side meanwhile.
  assert.equal((await b.search('thermostat schedule', { k: 1 }))[0].chunk.id, 'document:1:1');
  const seen: number[] = [];
  assert.equal(await b.reindex({ onProgress: (d) => seen.push(d) }), SAMPLE_CHUNKS.length);
  assert.equal(seen.at(-1), SAMPLE_CHUNKS.length);
  assert.equal(await b.needsReindex(), false);
  assert.equal((await b.health()).ok, true);
  await b.close();
});

test('when Chroma goes down, writes fail with unavailable and search degrades to lexical with a health flag', async () => {
  const own = await startChroma({ dataDir: path.join(dir, 'chroma-own'), port: 0 });
  const idx = await createSearchIndex({ dataDir: path.join(dir, 'lex4'), chromaUrl: own.url, embedder: createHashEmbedder() });
  await idx.upsert(SAMPLE_CHUNKS);
  await own.stop();
  await assert.rejects(idx.upsert(SAMPLE_CHUNKS.slice(0, 1)), (e: Error & { code?: string }) => e.code === 'unavailable' && e.message.includes(own.url));
  const hits = await idx.search('thermostat schedule heating', { k: 2 });
  assert.equal(hits[0].chunk.id, 'document:1:1');
  const health = await idx.health();
  assert.equal(health.ok, false);
  assert.match(health.detail, /degraded to lexical search/);
  await assert.rejects(idx.deleteItem('document', 1), (e: Error & { code?: string }) => e.code === 'unavailable');
  await idx.close();
});

// Its speed (pages per second) is a figure of `npm run bench` (ingest), measured on a quiet machine, not asserted here.
test('chunks and indexes a 200-page document (Chroma included): every chunk is counted and a page is found by its words', async () => {
  const idx = await createSearchIndex({ dataDir: path.join(dir, 'lex5'), chromaUrl: chroma.url, embedder: createHashEmbedder(), collection: 'throughput' });
  const page = (i: number) => `Page ${i}. ${ENGLISH_PAGE} ${HEBREW_PAGE} `.repeat(6);
  const pages = Array.from({ length: 200 }, (_, i) => ({ page: i + 1, text: i === 136 ? `${page(i)} The zigbee repeater sits behind the pantry door.` : page(i) }));
  const chunks = chunkSections(pages, { itemType: 'document', itemId: 50, title: 'Big manual' });
  // One call: Chroma writes a batch while the next is embedded and the last goes to the lexical index.
  const progress: Array<[number, number]> = [];
  const counted: number[] = [];
  await idx.upsert(chunks, (done, total) => { progress.push([done, total]); counted.push(idx.lexical.count()); });
  assert.ok(chunks.length >= 400, `${chunks.length} chunks`);
  assert.deepEqual(progress.map(([, total]) => total), progress.map(() => chunks.length));
  // Chroma takes 256 at a time; the lexical index each of those 64 at a time (the event loop free between two).
  assert.deepEqual(progress.map(([done]) => done), Array.from({ length: Math.ceil(chunks.length / 64) }, (_, i) => Math.min(64 * (i + 1), chunks.length)));
  assert.deepEqual(counted, progress.map(([done]) => done), 'progress is told once that many chunks are searchable');
  assert.equal(await idx.count(), chunks.length);
  const [hit] = await idx.search('where is the zigbee repeater?', { k: 3 });
  assert.equal(hit.chunk.page, 137);
  await idx.close();
});

test('lexical-only mode finds Chinese, Arabic and Japanese passages by a question', async () => {
  const idx = await createSearchIndex({ dataDir: null, chromaUrl: null, embedder: createHashEmbedder() });
  const texts = [
    '智能中枢通过无线网络连接到您的家庭网络。如果指示灯闪烁红色，说明中枢无法连接互联网。',
    '恒温器会在一周内学习您的作息时间，并在夜间降低暖气温度以节省能源。',
    'يتصل المحور بشبكتك المنزلية عبر واي فاي. إذا كان الضوء يومض باللون الأحمر، فلم يتمكن المحور من الوصول إلى الإنترنت.',
    'يتعلم منظم الحرارة جدولك خلال أسبوع ويخفض التدفئة في الليل لتوفير الطاقة.',
    'ハブはWi-Fiで家庭のネットワークに接続します。ランプが赤く点滅する場合、ハブはインターネットに接続できません。',
    'サーモスタットは一週間であなたのスケジュールを学習し、夜間に暖房を下げます。',
  ];
  await idx.upsert(texts.flatMap((t, i) => chunkSections([{ text: t }], { itemType: 'document', itemId: i + 1, title: 't' })));
  const questions: Array<[string, number, string]> = [
    ['指示灯为什么闪烁红色？', 1, 'zh'], ['恒温器什么时候降低暖气？', 2, 'zh'],
    ['لماذا يومض الضوء باللون الأحمر؟', 3, 'ar'], ['متى يخفض منظم الحرارة التدفئة؟', 4, 'ar'],
    ['ランプが赤く点滅するのはなぜですか', 5, 'ja'], ['暖房はいつ下がりますか', 6, 'ja'],
  ];
  for (const [q, itemId, lang] of questions) {
    const [hit] = await idx.search(q, { k: 1 });
    assert.equal(hit?.chunk.itemId, itemId, q);
    assert.equal(hit.chunk.language, lang);
  }
  assert.match((await idx.health()).detail, /lexical search only/);
  await idx.close();
});

test('a search allowed hundreds of items (the public widget) returns only allowed items, the same as Chroma filtering them, a mostly private catalog included', async () => {
  const idx = await createSearchIndex({ dataDir: path.join(dir, 'lex-many'), chromaUrl: chroma.url, embedder: createHashEmbedder(), collection: 'many_ids' });
  const colours = ['amber', 'violet', 'teal', 'crimson', 'olive', 'indigo'];
  const chunks = Array.from({ length: 300 }, (_, i) => ({
    id: `document:${i + 1}:0`, itemType: 'document' as const, itemId: i + 1, title: `Manual ${i + 1}`,
    text: `The ${colours[i % 6]} relay model SH-${1000 + i} switches the garden lights; pair relay SH-${1000 + i} with the hub in zone ${i}.`,
    page: 1, slide: null, heading: null, language: 'en', imageIds: [], ordinal: 0,
  }));
  await idx.upsert(chunks);
  const query = 'pair the relay SH-1042 with the hub';
  const all = Array.from({ length: 300 }, (_, i) => i + 1);
  // More ids than MAX_WHERE_ITEM_IDS: filtered here, after an unfiltered vector query.
  const open = await idx.search(query, { k: 10, filters: { itemIds: all.filter((id) => id !== 7) } });
  assert.equal(open[0].chunk.itemId, 43);
  assert.ok(open.length === 10 && open.every((h) => h.chunk.itemId !== 7));
  const without = await idx.search(query, { k: 10, filters: { itemIds: all.filter((id) => id !== 43) } });
  assert.ok(without.length === 10 && without.every((h) => h.chunk.itemId !== 43));
  // Mostly private: 260 allowed ids of which 4 are indexed; too few survive the wide query, Chroma is asked with the list.
  const few = [43, 44, 45, 46, ...Array.from({ length: 256 }, (_, i) => 10_000 + i)];
  const priv = await idx.search(query, { k: 10, filters: { itemIds: few } });
  assert.deepEqual(priv.map((h) => h.chunk.itemId).sort((a, b) => a - b), [43, 44, 45, 46]);
  assert.equal(priv[0].chunk.itemId, 43);
  await idx.close();
});
