import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createRerankClient } from '../../engines/search/rerank';
import { createReranker } from '../../engines/search/reranked';
import { startFakeRerank, type FakeRerank } from '../../testing/fake-rerank';
import { formatEval, runEval } from './retrieval';

/** One article of six paragraphs that share their subject words, so each question has several candidates. */
const PARAGRAPHS = [
  { context: 'The smart hub pairs with a sensor over Zigbee; pairing the hub takes about thirty seconds.', q: 'How long does pairing the hub take?', a: 'about thirty seconds' },
  { context: 'The smart hub needs a 5 volt power supply and the hub stays on during a power cut for two hours.', q: 'How long does the hub stay on during a power cut?', a: 'two hours' },
  { context: 'To reset the smart hub, hold the hub button for ten seconds until the ring blinks red.', q: 'How do I reset the hub?', a: 'ten seconds' },
  { context: 'The smart hub updates its firmware at night; a hub update takes five minutes.', q: 'How long does a hub firmware update take?', a: 'five minutes' },
  { context: 'Place the smart hub in the middle of the home, at least one metre from the router.', q: 'How far from the router should the hub be?', a: 'one metre' },
  { context: 'The smart hub app shows every sensor the hub controls, with its battery level.', q: 'What does the hub app show?', a: 'every sensor' },
];

describe('cms eval with a reranker: both orders scored, the reranker\'s order being the one it returned', () => {
  let fake: FakeRerank;
  let dir: string;
  before(async () => {
    fake = await startFakeRerank();
    dir = await mkdtemp(path.join(os.tmpdir(), 'eval-rerank-'));
    const squad = { data: [{ title: 'Hub', paragraphs: PARAGRAPHS.map((p) => ({ context: p.context, qas: [{ question: p.q, answers: [{ text: p.a }] }] })) }] };
    await writeFile(path.join(dir, 'hub.en.json'), JSON.stringify(squad));
  });
  after(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  const reranker = (p = '/rerank') => createReranker(createRerankClient({ url: `${fake.url}${p}` }), { topN: 30 });

  it('without a reranker the report is the fused order only', async () => {
    const r = await runEval({ dataDir: dir, chromaUrl: null });
    assert.equal(r.reranked, undefined);
    assert.equal(fake.requests.length, 0);
    assert.doesNotMatch(formatEval(r), /reranked/);
  });

  it('a reranker that reverses the candidates turns Hit@1 from all to none; the fused scores stay as they were', async () => {
    const plain = await runEval({ dataDir: dir, chromaUrl: null });
    assert.equal(plain.languages.en.hit1, 1, 'every gold passage is first in the fused order');
    fake.setMode({ kind: 'score', score: (_q, _t, i) => i });
    const sent = fake.requests.length;
    const r = await runEval({ dataDir: dir, chromaUrl: null, reranker: reranker() });
    assert.equal(fake.requests.length - sent, PARAGRAPHS.length, 'one request per question');
    assert.ok(fake.requests.slice(sent).every((q) => q.body.texts!.length >= 2), 'every question had several candidates');
    assert.deepEqual(r.languages, plain.languages);
    assert.deepEqual(r.reranked!.outcomes, { ok: PARAGRAPHS.length });
    assert.equal(r.reranked!.languages.en.questions, PARAGRAPHS.length);
    assert.equal(r.reranked!.languages.en.hit1, 0);
    assert.ok(r.reranked!.languages.en.mrr10 < plain.languages.en.mrr10);
    const text = formatEval(r);
    assert.match(text, /fused order\n.*\nen\s+6\s+1\.000/);
    assert.match(text, /reranked by http:\/\/127\.0\.0\.1:\d+\/rerank\n.*\nen\s+6\s+0\.000/);
    assert.match(text, /reranking: 6 ok/);
  });

  it('a reranker that knows the answers puts them first (Cohere shape), beside a fused order made worse on purpose', async () => {
    // Titles only in fusion: the fused order misses some; the reranker scoring the text holding an answer fixes them.
    const answerOf = new Map(PARAGRAPHS.map((p) => [p.q, p.a]));
    fake.setMode({ kind: 'score', score: (q, t) => (t.includes(answerOf.get(q)!) ? 1 : 0) });
    const weak = { weights: { words: 0, grams: 0, title: 1, vector: 0 } };
    const r = await runEval({ dataDir: dir, chromaUrl: null, index: weak, reranker: reranker('/v1/rerank') });
    assert.ok(r.languages.en.hit1 < 1, `fused Hit@1 ${r.languages.en.hit1}`);
    assert.equal(r.reranked!.languages.en.hit1, 1);
  });

  it('a failing reranker is scored as the fused order and its failures are reported', async () => {
    fake.setMode({ kind: 'status', status: 503, body: '{"error":"loading model"}' });
    const r = await runEval({ dataDir: dir, chromaUrl: null, reranker: reranker() });
    assert.deepEqual(r.reranked!.languages, r.languages);
    assert.deepEqual(r.reranked!.outcomes, { error: PARAGRAPHS.length });
    fake.setMode({ kind: 'score' });
  });
});
