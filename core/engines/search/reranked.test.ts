import assert from 'node:assert/strict';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { metricsText } from '../metrics';
import { makeChunk } from '../../testing/search-chunks';
import { startFakeRerank, type FakeRerank } from '../../testing/fake-rerank';
import { createHashEmbedder } from './hash-embedder';
import { createSearchIndex, type LocalSearchIndex } from './index';
import { createRerankClient } from './rerank';
import { createReranker, rerankerFromConfig, type Reranker } from './reranked';
import { queryVariant, retrieve } from './retrieve';

const CHUNKS = [
  makeChunk(1, 0, 'To reset the motion sensor, hold its button for ten seconds until the light blinks blue.'),
  makeChunk(1, 1, 'The motion sensor reports movement to the hub within a second.'),
  makeChunk(2, 0, 'Mount the motion sensor two metres above the floor, away from heaters.'),
  makeChunk(2, 1, 'The motion sensor battery lasts two years; the app warns when it runs low.'),
  makeChunk(3, 0, 'A motion sensor that does not pair: reset it and bring it closer to the hub.'),
  makeChunk(3, 1, 'Motion sensor lights: blue is pairing, red is a low battery.'),
];
const QUESTION = queryVariant('How do I reset the motion sensor?', 'en');

/** The count of cms_rerank_requests_total for an outcome, from the metrics text. */
async function counted(outcome: string): Promise<number> {
  const { body } = await metricsText();
  const m = body.match(new RegExp(`^cms_rerank_requests_total\\{outcome="${outcome}"\\} (\\d+)`, 'm'));
  return m ? Number(m[1]) : 0;
}

describe('reranking applied to retrieval (retrieve() with a reranker in front of a real index)', () => {
  let fake: FakeRerank;
  let index: LocalSearchIndex;
  let fusedIds: string[];
  const warnings: string[] = [];
  const reranker = (options: { topN?: number; timeoutMs?: number; path?: string } = {}): Reranker =>
    createReranker(createRerankClient({ url: `${fake.url}${options.path ?? '/rerank'}`, timeoutMs: options.timeoutMs ?? 2000 }),
      { topN: options.topN ?? 30, warn: (m) => warnings.push(m) });
  const ids = async (r: Reranker | null, k?: number) => (await retrieve(index, [QUESTION], { reranker: r, k })).map((p) => p.hit.chunk.id);

  before(async () => {
    fake = await startFakeRerank();
    index = await createSearchIndex({ dataDir: null, chromaUrl: null, embedder: createHashEmbedder() });
    await index.upsert(CHUNKS);
    fusedIds = await ids(null);
    assert.equal(fusedIds.length, CHUNKS.length, 'every chunk is a candidate');
  });
  after(async () => {
    await index.close();
    await fake.close();
  });

  it('the reranker\'s order is the order returned (a reversing reranker reverses it), over both protocols', async () => {
    for (const path of ['/rerank', '/v1/rerank']) {
      // Scores rising with the index: the last fused candidate first.
      fake.setMode({ kind: 'score', score: (_q, _t, i) => i });
      const before = fake.requests.length;
      assert.deepEqual(await ids(reranker({ path })), [...fusedIds].reverse(), path);
      assert.equal(fake.requests.length, before + 1);
      assert.equal(fake.requests.at(-1)!.body.query, QUESTION.text);
    }
    // A reranker that picks the passage about mounting puts it first, the others after it in their fused order.
    fake.setMode({ kind: 'score', score: (_q, t) => (t.includes('Mount') ? 1 : 0) });
    const got = await ids(reranker());
    assert.equal(got[0], 'document:2:0');
    assert.deepEqual(got.slice(1), fusedIds.filter((id) => id !== 'document:2:0'));
    // What the endpoint reads: title and text of each candidate.
    assert.match(fake.requests.at(-1)!.body.texts![0], /^Doc \d\n/);
  });

  it('only the top N are sent and reordered; the candidates after them keep their fused order behind them', async () => {
    fake.setMode({ kind: 'score', score: (_q, _t, i) => i });
    const got = await ids(reranker({ topN: 3 }));
    assert.equal(fake.requests.at(-1)!.body.texts!.length, 3);
    assert.deepEqual(got, [fusedIds[2], fusedIds[1], fusedIds[0], ...fusedIds.slice(3)]);
  });

  it('as many passages are returned as k asks for, from the wider set the reranker was given', async () => {
    // The top N (30) candidates are searched and sent; k = 2 keeps the reranker's best two, here the fused 6th and 5th.
    fake.setMode({ kind: 'score', score: (_q, _t, i) => i });
    assert.deepEqual(await ids(reranker(), 2), [fusedIds[5], fusedIds[4]]);
    assert.equal(fake.requests.at(-1)!.body.texts!.length, CHUNKS.length);
  });

  it('a 500, a timeout, a 429 and a reply that is not JSON leave the fused order, each counted, the failure logged once', async () => {
    warnings.length = 0;
    const r = reranker({ timeoutMs: 200 });
    const cases = [
      { mode: { kind: 'status', status: 500 } as const, outcome: 'error' },
      { mode: { kind: 'hang' } as const, outcome: 'timeout' },
      { mode: { kind: 'status', status: 429, body: '{"error":"Model is overloaded"}' } as const, outcome: 'rate_limited' },
      { mode: { kind: 'garbage' } as const, outcome: 'error' },
    ];
    for (const c of cases) {
      fake.setMode(c.mode);
      const before = await counted(c.outcome);
      const sent = fake.requests.length;
      // The hanging fake holds its reply until it is closed: the answer comes when the reranker's timeout ends the wait.
      assert.deepEqual(await ids(r), fusedIds, c.outcome);
      assert.equal(fake.requests.length, sent + 1, 'the endpoint was asked');
      assert.equal(await counted(c.outcome), before + 1, `${c.outcome} counted`);
    }
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /Reranking failed \(error: .*500.*\); answering in the fused order/);
    fake.setMode({ kind: 'score', score: (_q, _t, i) => i });
    const ok = await counted('ok');
    assert.deepEqual(await ids(r), [...fusedIds].reverse());
    assert.equal(await counted('ok'), ok + 1);
    assert.equal(warnings.length, 2);
    assert.match(warnings[1], /works again \(4 request\(s\) fell back/);
  });

  it('a question the visitor abandons is not answered in the fused order: the abort is passed on', async () => {
    fake.setMode({ kind: 'hang' });
    const ac = new AbortController();
    const pending = retrieve(index, [QUESTION], { reranker: reranker({ timeoutMs: 60_000 }), signal: ac.signal });
    await fake.nextRequest();
    ac.abort(new Error('closed the chat'));
    await assert.rejects(pending, /closed the chat/);
  });

  it('the index\'s own reranker is used when retrieve() is not given one', async () => {
    fake.setMode({ kind: 'score', score: (_q, _t, i) => i });
    const withReranker = { ...index, reranker: reranker() };
    const got = (await retrieve(withReranker, [QUESTION])).map((p) => p.hit.chunk.id);
    assert.deepEqual(got, [...fusedIds].reverse());
  });
});

describe('RERANK_URL configuration', () => {
  const base = { DATA_DIR: os.tmpdir() };

  it('without RERANK_URL there is no reranker and retrieval asks no endpoint', async () => {
    const config = loadConfig(base, os.tmpdir());
    assert.equal(config.search.rerank, null);
    assert.equal(rerankerFromConfig(config.search.rerank), null);
    const fake = await startFakeRerank();
    const index = await createSearchIndex({ dataDir: null, chromaUrl: null, embedder: createHashEmbedder() });
    try {
      await index.upsert(CHUNKS);
      assert.equal(index.reranker, undefined);
      assert.equal((await retrieve(index, [QUESTION])).length, CHUNKS.length);
      assert.equal(fake.requests.length, 0);
    } finally {
      await index.close();
      await fake.close();
    }
  });

  it('reads the endpoint, key, model, shape, timeout and top N, and refuses bad values', () => {
    const config = loadConfig({ ...base, RERANK_URL: 'http://tei:8080/rerank/', RERANK_API_KEY: 'k', RERANK_MODEL: 'm', RERANK_API: 'tei', RERANK_TIMEOUT_MS: '500', RERANK_TOP_N: '20' }, os.tmpdir());
    assert.deepEqual(config.search.rerank, { url: 'http://tei:8080/rerank', apiKey: 'k', model: 'm', api: 'tei', timeoutMs: 500, topN: 20 });
    assert.deepEqual(loadConfig({ ...base, RERANK_URL: 'http://tei:8080' }, os.tmpdir()).search.rerank,
      { url: 'http://tei:8080', apiKey: null, model: null, api: null, timeoutMs: 2000, topN: 30 });
    assert.ok(rerankerFromConfig(loadConfig({ ...base, RERANK_URL: 'http://tei:8080' }, os.tmpdir()).search.rerank));
    assert.throws(() => loadConfig({ ...base, RERANK_URL: 'http://x/rerank', RERANK_API: 'openai' }, os.tmpdir()), /RERANK_API must be tei or cohere/);
    assert.throws(() => loadConfig({ ...base, RERANK_URL: 'ftp://x/rerank' }, os.tmpdir()), /RERANK_URL must be an http or https URL/);
    assert.throws(() => loadConfig({ ...base, RERANK_URL: 'not a url' }, os.tmpdir()), /RERANK_URL must be a URL/);
    assert.throws(() => loadConfig({ ...base, RERANK_URL: 'http://x', RERANK_TOP_N: '0' }, os.tmpdir()), /RERANK_TOP_N must be a whole number/);
    assert.throws(() => loadConfig({ ...base, RERANK_URL: 'http://x', RERANK_TIMEOUT_MS: 'fast' }, os.tmpdir()), /RERANK_TIMEOUT_MS must be a whole number/);
  });
});
