import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ChromaClient } from 'chromadb';
import { startChroma, type ChromaServer } from './chroma-server';
import { createHashEmbedder } from './hash-embedder';
import { makeChunk, SAMPLE_CHUNKS } from '../../testing/search-chunks';
import type { Chunk, Embedder } from './types';
import { createVectorIndex } from './vector-index';

let dir: string;
let chroma: ChromaServer;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chroma-test-'));
  chroma = await startChroma({ dataDir: path.join(dir, 'chroma'), port: 0 });
});
after(async () => {
  await chroma?.stop();
  await rm(dir, { recursive: true, force: true });
});

test('startChroma picks a free port and answers the heartbeat', async () => {
  assert.match(chroma.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const res = await fetch(`${chroma.url}/api/v2/heartbeat`);
  assert.equal(res.status, 200);
});

test('upsert, search with the filter fields, delete an item, clear', async () => {
  const v = createVectorIndex({ url: chroma.url, embedder: createHashEmbedder(), collection: 'roundtrip' });
  await v.upsert(SAMPLE_CHUNKS);
  await v.upsert(SAMPLE_CHUNKS); // upsert, not add: no duplicates, no error
  assert.equal(await v.count(), SAMPLE_CHUNKS.length);
  const hits = await v.search('reset the motion sensor button', 3);
  assert.deepEqual(hits[0], { ...hits[0], id: 'document:1:0', itemType: 'document', itemId: 1, language: 'en' });
  const he = await v.search('לאפס את חיישן התנועה', 1);
  assert.equal(he[0].id, 'document:2:0');
  const onlyFr = await v.search('reset sensor', 5, { itemType: 'presentation' });
  assert.deepEqual(onlyFr.map((h) => h.id), ['presentation:3:0']);
  await v.deleteItem('document', 1);
  assert.equal(await v.count(), SAMPLE_CHUNKS.length - 2);
  const after = await v.search('reset the motion sensor button', 5);
  assert.ok(after.every((h) => h.itemId !== 1), 'deleted item returns no chunk');
  await v.reset();
  assert.equal(await v.count(), 0);
});

test('a different embedder on an existing collection reports needsReindex; reset rebuilds it', async () => {
  const a = createVectorIndex({ url: chroma.url, embedder: createHashEmbedder({ dimension: 256 }), collection: 'switch' });
  await a.upsert(SAMPLE_CHUNKS);
  assert.equal(await a.needsReindex(), false);
  const b = createVectorIndex({ url: chroma.url, embedder: createHashEmbedder({ dimension: 128 }), collection: 'switch' });
  assert.equal(await b.needsReindex(), true);
  await assert.rejects(b.upsert(SAMPLE_CHUNKS), (e: Error & { code?: string }) => e.code === 'conflict' && /cms reindex/.test(e.message));
  await b.reset();
  assert.equal(await b.needsReindex(), false);
  await b.upsert(SAMPLE_CHUNKS);
  assert.equal(await b.count(), SAMPLE_CHUNKS.length);
});

test('two collections on one Chroma (deployments sharing it): resetting one leaves the other whole', async () => {
  const mine = createVectorIndex({ url: chroma.url, embedder: createHashEmbedder(), collection: 'deployment-a' });
  const theirs = createVectorIndex({ url: chroma.url, embedder: createHashEmbedder(), collection: 'deployment-b' });
  await mine.upsert(SAMPLE_CHUNKS);
  await theirs.upsert(SAMPLE_CHUNKS.slice(0, 2));
  await mine.reset();
  await mine.deleteItem('document', 1);
  assert.equal(await mine.count(), 0);
  assert.equal(await theirs.count(), 2);
  assert.deepEqual((await theirs.search('reset the motion sensor button', 5)).map((h) => h.id).sort(), SAMPLE_CHUNKS.slice(0, 2).map((c) => c.id).sort());
});

test('a write in batches hands each batch on, in order, once Chroma holds it', async () => {
  const v = createVectorIndex({ url: chroma.url, embedder: createHashEmbedder(), collection: 'batches', batchSize: 2 });
  const chunks = Array.from({ length: 7 }, (_, i) => makeChunk(40, i, `Paragraph ${i} of the blind manual: ${SAMPLE_CHUNKS[i % 2]!.text}`));
  const handed: string[][] = [];
  const heldWhenHanded: Array<Promise<number>> = [];
  await v.upsert(chunks, undefined, (batch) => {
    handed.push(batch.map((c) => c.id));
    heldWhenHanded.push(v.count());
  });
  assert.deepEqual(handed, [[0, 1], [2, 3], [4, 5], [6]].map((b) => b.map((i) => `document:40:${i}`)));
  const held = await Promise.all(heldWhenHanded);
  held.forEach((n, k) => assert.ok(n >= Math.min(2 * (k + 1), 7), `Chroma held ${n} chunks when batch ${k + 1} was handed on`));
  assert.equal(await v.count(), 7);
  await v.reset();
});

test('an embedding that fails mid-write stops the write: only the batches Chroma holds were handed on', async () => {
  const hash = createHashEmbedder();
  let calls = 0;
  const failing: Embedder = {
    id: hash.id, dimension: hash.dimension,
    embed: async (texts, signal) => {
      if (++calls === 3) throw new Error('the embedding model stopped');
      return hash.embed(texts, signal);
    },
  };
  const v = createVectorIndex({ url: chroma.url, embedder: failing, collection: 'failing', batchSize: 2 });
  const chunks: Chunk[] = Array.from({ length: 6 }, (_, i) => makeChunk(41, i, `Part ${i}: ${SAMPLE_CHUNKS[0]!.text}`));
  const handed: string[] = [];
  await assert.rejects(v.upsert(chunks, undefined, (batch) => { handed.push(...batch.map((c) => c.id)); }), /the embedding model stopped/);
  // Batch 1 was confirmed before batch 3's embedding failed; batch 2 was under way and is finished, not handed on.
  assert.deepEqual(handed, ['document:41:0', 'document:41:1']);
  assert.equal(await v.count(), 4);
  await v.reset();
});

test('a write stores the same vectors as the Chroma client, the filter fields and no text', async () => {
  const v = createVectorIndex({ url: chroma.url, embedder: createHashEmbedder(), collection: 'as-client' });
  await v.upsert(SAMPLE_CHUNKS);
  const client = new ChromaClient({ host: '127.0.0.1', port: Number(new URL(chroma.url).port) });
  const ids = SAMPLE_CHUNKS.map((c) => c.id);
  const reference = await client.getOrCreateCollection({ name: 'by-client', embeddingFunction: null, configuration: { hnsw: { space: 'cosine' } } });
  await reference.upsert({ ids, embeddings: await createHashEmbedder().embed(SAMPLE_CHUNKS.map((c) => c.text)), documents: SAMPLE_CHUNKS.map((c) => c.text) });
  const ours = await (await client.getCollection({ name: 'as-client' } as never)).get({ ids, include: ['embeddings', 'documents', 'metadatas'] as never });
  const theirs = await reference.get({ ids, include: ['embeddings', 'documents'] as never });
  for (const id of ids) {
    const [a, b] = [ours.ids.indexOf(id), theirs.ids.indexOf(id)];
    assert.deepEqual(ours.embeddings[a], theirs.embeddings[b], id);
    assert.equal(theirs.documents[b], SAMPLE_CHUNKS.find((c) => c.id === id)!.text);
    assert.equal(ours.documents[a], null, `${id}: the text lives in the lexical index only`);
  }
  assert.deepEqual(ours.metadatas[ours.ids.indexOf('document:1:0')], { itemType: 'document', itemId: 1, language: 'en' });
});

test('an unreachable Chroma gives AppError unavailable naming the URL', async () => {
  const v = createVectorIndex({ url: 'http://127.0.0.1:9', embedder: createHashEmbedder() });
  await assert.rejects(v.upsert(SAMPLE_CHUNKS), (e: Error & { code?: string }) =>
    e.code === 'unavailable' && e.message.includes('The search index (Chroma at http://127.0.0.1:9) is not reachable'));
});

test('a Chroma server that cannot start reports why', async () => {
  await assert.rejects(startChroma({ dataDir: path.join(dir, 'second'), port: Number(new URL(chroma.url).port) }),
    (e: Error & { code?: string }) => e.code === 'conflict' || e.code === 'unavailable');
});
