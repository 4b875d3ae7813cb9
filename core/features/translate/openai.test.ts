import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { AppError } from '../../foundation/errors';
import { createLlm } from '../../engines/llm/create';
import { createOpenAiClient } from '../../engines/llm/openai';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai';
import { markerTranslate, requestedSegments, translatingResponder } from '../../testing/fake-translate';
import { createModelTranslator } from './model-translator';
import { createTranslation } from './create';

/**
 * Translation with LLM_PROVIDER=openai: the translator drives the product's
 * LlmClient, here the OpenAI-compatible one through the real `openai` SDK
 * against the local fake /v1/chat/completions answering with the reversible
 * marker transform.
 */

let fake: FakeOpenAi;
before(async () => {
  fake = await startFakeOpenAi({ responder: translatingResponder() });
});
after(() => fake.close());

const llm = () => createOpenAiClient({ apiKey: null, baseUrl: fake.url, model: 'qwen2.5:7b', timeoutMs: 5000, maxRetries: 0, maxTokens: 4096 });
const segs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i + 1), text: `Segment ${i + 1}: mount the <1>bracket</1> first<2/>.` }));

test('openai translation: segments go as one JSON request with the system prompt and come back with their tags', async () => {
  fake.respond(translatingResponder());
  const n0 = fake.requests.length;
  const input = segs(12);
  const out = await createModelTranslator({ llm: llm(), id: 'openai' }).translate({ segments: input, source: 'english', target: 'hebrew' });
  assert.equal(fake.requests.length - n0, 1);
  const req = fake.requests.at(-1)!;
  assert.equal(req.body.messages[0].role, 'system');
  assert.match(req.system, /into Hebrew/);
  assert.equal(req.body.temperature, 0);
  assert.deepEqual(Object.keys(requestedSegments(req)!), input.map((s) => s.id));
  for (const s of input) assert.equal(out.get(s.id), markerTranslate(s.text));
});

test('openai translation: a busy server (429) is retried with back-off; a refusal (400) fails at once as llm_error', async () => {
  fake.respond(translatingResponder({ fail: (i) => (i < 2 ? { status: 429 } : null) }));
  const n0 = fake.requests.length;
  const out = await createModelTranslator({ llm: llm(), id: 'openai', backoffMs: 5, maxAttempts: 3 }).translate({ segments: segs(2), source: 'english', target: 'french' });
  assert.equal(out.size, 2);
  assert.equal(fake.requests.length - n0, 3);
  fake.respond(() => ({ status: 400, errorMessage: 'bad request' }));
  await assert.rejects(createModelTranslator({ llm: llm(), id: 'openai', backoffMs: 5 }).translate({ segments: segs(1), source: 'english', target: 'french' }),
    (e) => e instanceof AppError && e.code === 'llm_error' && e.details?.provider === 'openai');
});

test('with LLM_PROVIDER=openai the translation engine (from config, as the server builds it) translates with the OpenAI-compatible model', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'translate-openai-'));
  try {
    const config = loadConfig({ LLM_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'qwen2.5:7b', TRANSLATION_APERTIUM: 'false', DATA_DIR: dir }, dir);
    const t = createTranslation(config, createLlm(config.llm));
    const chosen = t.resolve('english', 'hebrew');
    assert.deepEqual([chosen.id, chosen.model('english', 'hebrew')], ['openai', 'qwen2.5:7b']);
    fake.respond(translatingResponder());
    const out = await chosen.translate({ segments: segs(1), source: 'english', target: 'hebrew' });
    assert.equal(out.get('1'), markerTranslate(segs(1)[0].text));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
