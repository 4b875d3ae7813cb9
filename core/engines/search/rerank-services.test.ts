/**
 * RERANK_URL through the product as it runs (createServices, a real index,
 * the fake Messages API as the model): both bots (document search and the
 * public assistant) send the question's candidates to the configured
 * endpoint, and the model is given the passages in the order it returned; a
 * failing endpoint leaves the answers as they are without it, told once to
 * the log; without the variable the index has no reranker.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { createServices, type Services } from '../../composition/services';
import { startFakeAnthropic, type FakeAnthropic } from '../../testing/fake-anthropic';
import { isAnswer, passagesOf, readingModel } from '../../testing/chat-model';
import { startFakeRerank, type FakeRerank } from '../../testing/fake-rerank';
import { sharedChromaEnv } from '../../testing/shared-chroma';

const GUIDE = `# Hub guide

## Restarting

To restart the hub after a power cut, wait until its ring glows white; restarting the hub keeps every paired sensor.

## Factory reset

To reset the hub to factory settings, hold the hub's reset button for ten seconds until the ring blinks red.

## Firmware

The hub installs firmware updates at night; an update of the hub takes five minutes.
`;

let dir: string;
let fake: FakeRerank;
let llm: FakeAnthropic;
let services: Services;
const warnings: string[] = [];

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rerank-services-'));
  fake = await startFakeRerank({ apiKey: 'rk-svc' });
  llm = await startFakeAnthropic({ responder: readingModel() });
  services = await createServices(loadConfig({
    DATA_DIR: path.join(dir, 'data'), ...sharedChromaEnv(path.join(dir, 'data')), AUTO_APPROVE: 'true', LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: llm.apiKey, ANTHROPIC_BASE_URL: llm.url, LLM_MAX_RETRIES: '0',
    RERANK_URL: `${fake.url}/v1/rerank`, RERANK_API_KEY: 'rk-svc', RERANK_MODEL: 'bge-reranker-v2-m3', RERANK_TIMEOUT_MS: '300',
  }, dir), { lock: false, startWorker: true, warn: (m) => warnings.push(m) });
  const file = path.join(dir, 'hub-guide.md');
  writeFileSync(file, GUIDE);
  const r = await services.product.upload({ kind: 'document', file: { path: file, fileName: 'hub-guide.md' }, fields: { title: 'Hub guide' } });
  await services.queue.idle();
  const doc = await services.catalog.documents.get(r.item.id);
  assert.equal(doc?.status, 'completed', doc?.error ?? '');
});
after(async () => {
  await services?.close();
  await fake?.close();
  await llm?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a configured reranker in the answer path', () => {
  it('the document-search bot and the public assistant send the question and its candidates (Cohere shape, with key and model)', async () => {
    fake.setMode({ kind: 'score' });
    const before = fake.requests.length;
    const reply = await services.product.ask('How do I reset the hub to factory settings?', 'rerank-svc-1');
    assert.match(reply.answer, /ten seconds/);
    const sent = fake.requests.slice(before);
    assert.ok(sent.length >= 1, 'the endpoint was asked');
    assert.equal(sent[0].body.query, 'How do I reset the hub to factory settings?');
    assert.equal(sent[0].body.model, 'bge-reranker-v2-m3');
    assert.equal(sent[0].authorization, 'Bearer rk-svc');
    assert.ok(sent[0].body.documents!.some((t) => t.includes('ten seconds')));

    const chatBefore = fake.requests.length;
    await services.product.chat({ message: 'How do I reset the hub to factory settings?', referenceId: 'rerank-svc-2', isNewSession: false });
    assert.ok(fake.requests.length > chatBefore, 'the public assistant\'s answer went through the reranker too');
  });

  it('the model is given the passages in the order the reranker returned', async () => {
    const question = 'What does the hub do with the ring?';
    const given = async (id: string) => {
      const from = llm.requests.length;
      await services.product.ask(question, id);
      return passagesOf(llm.requests.slice(from).find(isAnswer)!).map((p) => p.text);
    };
    fake.setMode({ kind: 'status', status: 500 });
    const fused = await given('rerank-svc-3');
    assert.ok(fused.length >= 2, `several passages given: ${fused.length}`);
    // Scores rising with the candidate's place: the fused order reversed.
    fake.setMode({ kind: 'score', score: (_q, _t, i) => i });
    assert.deepEqual(await given('rerank-svc-4'), [...fused].reverse());
  });

  it('an endpoint that times out leaves the answer as it is without reranking, and the log is told once', async () => {
    warnings.length = 0;
    fake.setMode({ kind: 'score', score: () => 0 });
    const normal = await services.product.ask('How long does a firmware update of the hub take?', 'rerank-svc-5');
    fake.setMode({ kind: 'hang' });
    const first = await services.product.ask('How long does a firmware update of the hub take?', 'rerank-svc-6');
    const second = await services.product.ask('How long does a firmware update of the hub take?', 'rerank-svc-7');
    assert.equal(first.answer, normal.answer);
    assert.equal(second.answer, normal.answer);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /Reranking failed \(timeout: no reply from .* within 300 ms\)/);
    fake.setMode({ kind: 'score' });
  });
});

describe('without RERANK_URL', () => {
  it('the search index has no reranker', async () => {
    const plain = await createServices(loadConfig({ DATA_DIR: path.join(dir, 'plain'), ...sharedChromaEnv(path.join(dir, 'plain')) }, dir), { lock: false });
    try {
      assert.equal(plain.search.reranker, undefined);
    } finally {
      await plain.close();
    }
  });
});
