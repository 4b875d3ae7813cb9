import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { createServices, type Services } from '../../composition/services';
import { sharedChromaEnv, testCollection } from '../../testing/shared-chroma';
import { SAMPLE_CHUNKS } from '../../testing/search-chunks';
import { startChroma, type ChromaServer } from './chroma-server';
import { createHashEmbedder } from './hash-embedder';
import { createVectorIndex } from './vector-index';

/**
 * Two deployments on one Chroma server, each with its own CHROMA_COLLECTION (operators sharing a Chroma; the
 * test run's one Chroma): each writes its own collection, and clearing one (what reindex and delete-all do)
 * leaves the other's vectors.
 */

let tmp: string;
let chroma: ChromaServer | null = null;
let url: string;
const services: Services[] = [];

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'shared-chroma-'));
  // The run's shared Chroma when there is one (scripts/test.sh), else one of this file's own.
  url = process.env.CMS_TEST_CHROMA_URL ?? (chroma = await startChroma({ dataDir: path.join(tmp, 'chroma'), port: 0 })).url;
});
after(async () => {
  for (const s of services) await s.close();
  await chroma?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const deployment = async (name: string, collection: string) => {
  const s = await createServices(loadConfig({
    DATA_DIR: path.join(tmp, name), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789',
    CHROMA_URL: url, CHROMA_COLLECTION: collection,
  }), { lock: false, startWorker: false });
  services.push(s);
  return s;
};

test('two deployments sharing one Chroma write their own collections; clearing one leaves the other whole', async () => {
  const unique = `${process.pid}-${Date.now()}`;
  const [a, b] = [`deploy-a-${unique}`, `deploy-b-${unique}`];
  const [sa, sb] = await Promise.all([deployment('a', a), deployment('b', b)]);
  await sa.search.upsert(SAMPLE_CHUNKS);
  await sb.search.upsert(SAMPLE_CHUNKS.slice(0, 2));
  const vectors = (collection: string) => createVectorIndex({ url, embedder: createHashEmbedder(), collection });
  assert.deepEqual([await vectors(a).count(), await vectors(b).count()], [SAMPLE_CHUNKS.length, 2]);
  await sa.search.clear();
  assert.deepEqual([await vectors(a).count(), await vectors(b).count()], [0, 2]);
  assert.equal((await sb.search.search('reset the motion sensor button'))[0]?.chunk.id, 'document:1:0');
});

test('the test harness names a collection after the data folder, only when the run has a shared Chroma and the test chose none', () => {
  const saved = process.env.CMS_TEST_CHROMA_URL;
  try {
    process.env.CMS_TEST_CHROMA_URL = 'http://127.0.0.1:9';
    assert.deepEqual(sharedChromaEnv('/tmp/x'), { CHROMA_URL: 'http://127.0.0.1:9', CHROMA_COLLECTION: testCollection('/tmp/x') });
    assert.equal(testCollection('/tmp/x'), testCollection('/tmp/x/'), 'a restart on the same folder finds its vectors');
    assert.notEqual(testCollection('/tmp/x'), testCollection('/tmp/y'));
    assert.match(testCollection('/tmp/x'), /^[a-z0-9][a-z0-9-]{1,60}[a-z0-9]$/);
    assert.deepEqual(sharedChromaEnv('/tmp/x', { CHROMA_URL: '' }), {}, 'a test about the embedded Chroma keeps it');
    assert.deepEqual(sharedChromaEnv('/tmp/x', { CHROMA_PORT: '8123' }), {});
    delete process.env.CMS_TEST_CHROMA_URL;
    assert.deepEqual(sharedChromaEnv('/tmp/x'), {}, 'a file run on its own starts the embedded Chroma');
  } finally {
    if (saved === undefined) delete process.env.CMS_TEST_CHROMA_URL;
    else process.env.CMS_TEST_CHROMA_URL = saved;
  }
});
