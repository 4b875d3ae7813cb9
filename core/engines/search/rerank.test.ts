import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeRerank, type FakeRerank } from '../../testing/fake-rerank';
import { createRerankClient, readScores, RerankError, rerankApiFor } from './rerank';

describe('reranking client against a fake endpoint speaking both protocols', () => {
  let fake: FakeRerank;
  before(async () => { fake = await startFakeRerank({ apiKey: 'rk-test' }); });
  after(() => fake.close());

  const texts = ['the hub pairs over zigbee', 'reset the motion sensor', 'motion sensor reset: hold the button'];

  it('TEI: POST /rerank {query, texts, truncate} and the [{index, score}] reply (best first) read back by index', async () => {
    const client = createRerankClient({ url: `${fake.url}/rerank`, apiKey: 'rk-test' });
    assert.equal(client.api, 'tei');
    const scores = await client.scores('reset motion sensor', texts);
    const req = fake.requests.at(-1)!;
    assert.deepEqual(req.body, { query: 'reset motion sensor', texts, truncate: true });
    assert.equal(req.path, '/rerank');
    assert.equal(req.authorization, 'Bearer rk-test');
    assert.deepEqual(scores, [0, 1, 1]);
  });

  it('Cohere/Jina/vLLM: POST /v1/rerank {model, query, documents, top_n} and {results: [{index, relevance_score}]}', async () => {
    const client = createRerankClient({ url: `${fake.url}/v1/rerank`, apiKey: 'rk-test', model: 'bge-reranker-v2-m3' });
    assert.equal(client.api, 'cohere');
    const scores = await client.scores('hub zigbee', texts);
    const req = fake.requests.at(-1)!;
    assert.deepEqual(req.body, { model: 'bge-reranker-v2-m3', query: 'hub zigbee', documents: texts, top_n: 3 });
    assert.deepEqual(scores, [1, 0, 0]);
  });

  it('RERANK_API overrides what the path suggests; a bare host is sent to /rerank', async () => {
    const client = createRerankClient({ url: fake.url, apiKey: 'rk-test', api: 'cohere' });
    await client.scores('hub', texts);
    assert.equal(fake.requests.at(-1)!.path, '/rerank');
    assert.deepEqual(Object.keys(fake.requests.at(-1)!.body).sort(), ['documents', 'query', 'top_n']);
  });

  it('an error status, a 429, a reply that is not JSON and a wrong key are RerankErrors with their outcome', async () => {
    const client = createRerankClient({ url: `${fake.url}/rerank`, apiKey: 'rk-test' });
    fake.setMode({ kind: 'status', status: 500, body: '{"error":"model crashed"}' });
    await assert.rejects(client.scores('q', texts), (e) => e instanceof RerankError && e.outcome === 'error' && /500.*model crashed/.test(e.message));
    fake.setMode({ kind: 'status', status: 429, body: '{"error":"Model is overloaded"}' });
    await assert.rejects(client.scores('q', texts), (e) => e instanceof RerankError && e.outcome === 'rate_limited' && e.code === 'rate_limited');
    fake.setMode({ kind: 'garbage' });
    await assert.rejects(client.scores('q', texts), (e) => e instanceof RerankError && e.outcome === 'error' && /not JSON|other than JSON/.test(e.message));
    fake.setMode({ kind: 'score' });
    await assert.rejects(createRerankClient({ url: `${fake.url}/rerank`, apiKey: 'wrong' }).scores('q', texts), (e) => e instanceof RerankError && /401/.test(e.message));
  });

  it('no reply within the timeout is a timeout; the caller\'s own abort is passed on as it is', async () => {
    fake.setMode({ kind: 'hang' });
    try {
      const client = createRerankClient({ url: `${fake.url}/rerank`, apiKey: 'rk-test', timeoutMs: 150 });
      await assert.rejects(client.scores('q', texts), (e) => e instanceof RerankError && e.outcome === 'timeout');
      const ac = new AbortController();
      const slow = createRerankClient({ url: `${fake.url}/rerank`, apiKey: 'rk-test', timeoutMs: 60_000 });
      const pending = slow.scores('q', texts, ac.signal);
      await fake.nextRequest();
      ac.abort(new Error('visitor left'));
      await assert.rejects(pending, /visitor left/);
    } finally {
      fake.setMode({ kind: 'score' });
    }
  });

  it('an endpoint that cannot be reached is an error', async () => {
    const client = createRerankClient({ url: 'http://127.0.0.1:1/rerank' });
    await assert.rejects(client.scores('q', texts), (e) => e instanceof RerankError && e.outcome === 'error' && /could not be reached/.test(e.message));
  });
});

describe('reranking request shape and reply reading', () => {
  it('the shape follows the path and the model when RERANK_API does not say', () => {
    assert.equal(rerankApiFor('http://tei:8080/rerank'), 'tei');
    assert.equal(rerankApiFor('http://tei:8080'), 'tei');
    assert.equal(rerankApiFor('https://api.cohere.com/v2/rerank'), 'cohere');
    assert.equal(rerankApiFor('https://api.jina.ai/v1/rerank'), 'cohere');
    assert.equal(rerankApiFor('http://vllm:8000/rerank', 'BAAI/bge-reranker-v2-m3'), 'cohere');
  });

  it('reads both reply shapes; a text left out has no score; anything else is refused', () => {
    assert.deepEqual(readScores([{ index: 1, score: 0.9 }, { index: 0, score: 0.1 }], 2), [0.1, 0.9]);
    assert.deepEqual(readScores({ results: [{ index: 2, relevance_score: 0.7, document: { text: 'x' } }] }, 3), [null, null, 0.7]);
    for (const bad of [{}, null, 'ok', [{ index: 5, score: 1 }], [{ index: 0 }], [{ index: '0', score: 1 }], { results: [] }]) {
      assert.throws(() => readScores(bad, 3), RerankError, JSON.stringify(bad));
    }
  });
});
