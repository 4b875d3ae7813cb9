import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { startFakeAnthropic, type FakeAnthropic } from '../../testing/fake-anthropic';
import { createAnthropicClient } from './anthropic';
import { llmClientContract } from '../../testing/llm-contract';
import { createOfflineLlm } from './offline';

let fake: FakeAnthropic;
before(async () => {
  fake = await startFakeAnthropic();
});
after(() => fake.close());

const client = (over: Partial<Parameters<typeof createAnthropicClient>[0]> = {}) =>
  createAnthropicClient({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'claude-test', timeoutMs: 2000, maxRetries: 0, maxTokens: 300, ...over });

const code = (e: unknown) => (e instanceof AppError ? e.code : `not an AppError: ${e}`);

llmClientContract('anthropic', () => fake, (s) => createAnthropicClient({ ...s, baseUrl: fake.url, model: 'claude-test' }));

test('anthropic: the request names the model and carries the key', async () => {
  fake.respond(() => 'ok');
  await client().complete([{ role: 'user', content: 'x' }]);
  const req = fake.requests.at(-1)!;
  assert.equal(req.body.model, 'claude-test');
  assert.ok(req.headers['x-api-key'] === fake.apiKey || req.headers.authorization === `Bearer ${fake.apiKey}`);
});

test('anthropic: 529 overloaded becomes unavailable and the error names the provider', async () => {
  fake.respond(() => ({ status: 529 }));
  await assert.rejects(client().complete([{ role: 'user', content: 'x' }]),
    (e) => code(e) === 'unavailable' && /overloaded/.test((e as Error).message) && (e as AppError).details?.provider === 'anthropic');
});

test('anthropic: the key is read at call time: a missing key fails with not_configured, a key set later works', async () => {
  let key: string | null = null;
  const c = client({ apiKey: () => key });
  assert.equal(c.configured, false);
  await assert.rejects(c.complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'not_configured');
  key = fake.apiKey;
  fake.respond(() => 'ok');
  assert.equal(c.configured, true);
  assert.equal(await c.complete([{ role: 'user', content: 'x' }]), 'ok');
});

test('the offline client is not configured and refuses calls with not_configured', async () => {
  const off = createOfflineLlm();
  assert.equal(off.configured, false);
  await assert.rejects(off.complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'not_configured');
});
