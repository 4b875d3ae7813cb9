import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai';
import { llmClientContract } from '../../testing/llm-contract';
import { createOpenAiClient } from './openai';

/** The OpenAI-compatible client through the real `openai` SDK against a local fake /v1/chat/completions. */

let fake: FakeOpenAi;
before(async () => {
  fake = await startFakeOpenAi();
});
after(() => fake.close());

const client = (over: Partial<Parameters<typeof createOpenAiClient>[0]> = {}) =>
  createOpenAiClient({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'llama3.1', timeoutMs: 2000, maxRetries: 0, maxTokens: 300, ...over });

const code = (e: unknown) => (e instanceof AppError ? e.code : `not an AppError: ${e}`);

llmClientContract('openai', () => fake, (s) => createOpenAiClient({ ...s, baseUrl: fake.url, model: 'llama3.1' }));

test('openai: the system prompt is the first message, the model and bearer key go with every request', async () => {
  fake.respond(() => 'ok');
  await client().complete([{ role: 'user', content: 'q1' }, { role: 'assistant', content: 'a1' }, { role: 'user', content: 'q2' }], { system: 'Rules.' });
  const req = fake.requests.at(-1)!;
  assert.deepEqual(req.body.messages.map((m) => m.role), ['system', 'user', 'assistant', 'user']);
  assert.equal(req.body.model, 'llama3.1');
  assert.equal(req.headers.authorization, `Bearer ${fake.apiKey}`);
});

test('openai: a local server needs no key (a placeholder is sent); without a base URL a missing key is not_configured', async () => {
  fake.respond(() => 'local answer');
  const local = client({ apiKey: null });
  assert.equal(local.configured, true);
  assert.equal(await local.complete([{ role: 'user', content: 'x' }]), 'local answer');
  const hosted = createOpenAiClient({ apiKey: () => null, baseUrl: null, model: 'gpt-4o-mini', timeoutMs: 1000, maxRetries: 0, maxTokens: 100 });
  assert.equal(hosted.configured, false);
  await assert.rejects(hosted.complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'not_configured');
});

test('openai: a model that refuses max_tokens gets max_completion_tokens instead, remembered for later calls', async () => {
  const c = client();
  fake.respond((r) => (r.body.max_tokens !== undefined
    ? { status: 400, errorMessage: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." }
    : 'a b c d e f'));
  const before = fake.requests.length;
  assert.equal(await c.complete([{ role: 'user', content: 'x' }], { maxTokens: 3 }), 'a b c');
  assert.equal(fake.requests.length - before, 2);
  assert.equal(fake.requests.at(-1)!.body.max_completion_tokens, 3);
  const parts: string[] = [];
  for await (const d of c.stream([{ role: 'user', content: 'y' }])) parts.push(d);
  assert.equal(parts.join(''), 'a b c d e f');
  assert.equal(fake.requests.length - before, 3, 'the second call went straight to max_completion_tokens');
});

test('openai: an error object inside the stream maps by its type to the same codes; errors name the provider', async () => {
  fake.respond(() => ({ text: 'partial answer', streamErrorType: 'rate_limit_exceeded' }));
  await assert.rejects(async () => {
    for await (const _ of client().stream([{ role: 'user', content: 'x' }])) void _;
  }, (e) => code(e) === 'rate_limited' && (e as AppError).details?.provider === 'openai');
});

test('openai: a server that cannot be reached is unavailable (network error)', async () => {
  const gone = createOpenAiClient({ apiKey: null, baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 1000, maxRetries: 0, maxTokens: 10 });
  await assert.rejects(gone.complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'unavailable' && /network/.test((e as Error).message));
});
