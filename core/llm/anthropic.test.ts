import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppError } from '../errors';
import { startFakeAnthropic, type FakeAnthropic } from '../testing/fake-anthropic';
import { createAnthropicClient } from './anthropic';
import { createOfflineLlm } from './offline';

let fake: FakeAnthropic;
before(async () => {
  fake = await startFakeAnthropic();
});
after(() => fake.close());

const client = (over: Partial<Parameters<typeof createAnthropicClient>[0]> = {}) =>
  createAnthropicClient({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'claude-test', timeoutMs: 2000, maxRetries: 0, maxTokens: 300, ...over });

const code = (e: unknown) => (e instanceof AppError ? e.code : `not an AppError: ${e}`);

test('complete sends system, messages, model and token budget through the SDK and returns the text', async () => {
  fake.respond((r) => `You said: ${r.lastUser}`);
  const before = fake.requests.length;
  const text = await client().complete([{ role: 'user', content: 'hello there' }], { system: 'Be brief.', maxTokens: 50 });
  assert.equal(text, 'You said: hello there');
  const req = fake.requests[before];
  assert.equal(req.system, 'Be brief.');
  assert.equal(req.body.model, 'claude-test');
  assert.equal(req.body.max_tokens, 50);
  assert.equal(req.headers.authorization, `Bearer ${fake.apiKey}`);
});

test('stream yields the reply as several text deltas in order', async () => {
  fake.respond(() => 'one two three four five');
  const parts: string[] = [];
  for await (const d of client().stream([{ role: 'user', content: 'count' }])) parts.push(d);
  assert.ok(parts.length >= 5, `expected word deltas, got ${JSON.stringify(parts)}`);
  assert.equal(parts.join(''), 'one two three four five');
  assert.equal(fake.requests.at(-1)!.stream, true);
});

test('the token budget truncates a long answer', async () => {
  fake.respond(() => 'a b c d e f g h i j');
  const text = await client({ maxTokens: 4 }).complete([{ role: 'user', content: 'x' }]);
  assert.equal(text, 'a b c d');
});

test('429 becomes rate_limited, 529 and stream overloaded become unavailable, 401 becomes llm_error', async () => {
  fake.respond(() => ({ status: 429 }));
  await assert.rejects(client().complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'rate_limited');
  fake.respond(() => ({ status: 529 }));
  await assert.rejects(client().complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'unavailable' && /overloaded/.test((e as Error).message));
  fake.respond(() => ({ status: 401 }));
  await assert.rejects(client().complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'llm_error' && /API key/.test((e as Error).message));
  fake.respond(() => ({ text: 'partial answer here', streamErrorType: 'overloaded_error' }));
  await assert.rejects(async () => {
    for await (const _ of client().stream([{ role: 'user', content: 'x' }])) void _;
  }, (e) => code(e) === 'unavailable');
});

test('a model that does not answer in time gives unavailable with the timeout in the message', async () => {
  fake.respond(() => ({ text: 'late', delayMs: 3000 }));
  const t0 = Date.now();
  await assert.rejects(client({ timeoutMs: 300 }).complete([{ role: 'user', content: 'x' }]),
    (e) => code(e) === 'unavailable' && /0\.3 s/.test((e as Error).message));
  assert.ok(Date.now() - t0 < 2500);
  await assert.rejects(async () => {
    for await (const _ of client({ timeoutMs: 300 }).stream([{ role: 'user', content: 'x' }])) void _;
  }, (e) => code(e) === 'unavailable');
});

test('bounded retries: maxRetries 1 tries a 529 twice and then fails', async () => {
  fake.respond(() => ({ status: 529 }));
  const before = fake.requests.length;
  await assert.rejects(client({ maxRetries: 1 }).complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'unavailable');
  assert.equal(fake.requests.length - before, 2);
});

test('the key is read at call time: a missing key fails with not_configured, a key set later works', async () => {
  let key: string | null = null;
  const c = client({ apiKey: () => key });
  assert.equal(c.configured, false);
  await assert.rejects(c.complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'not_configured');
  key = fake.apiKey;
  fake.respond(() => 'ok');
  assert.equal(c.configured, true);
  assert.equal(await c.complete([{ role: 'user', content: 'x' }]), 'ok');
});

test('a caller abort cancels the request', async () => {
  fake.respond(() => ({ text: 'slow', delayMs: 2000 }));
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 100);
  await assert.rejects(client().complete([{ role: 'user', content: 'x' }], { signal: ac.signal }),
    (e) => e instanceof AppError && e.details?.aborted === true);
});

test('the offline client is not configured and refuses calls with not_configured', async () => {
  const off = createOfflineLlm();
  assert.equal(off.configured, false);
  await assert.rejects(off.complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'not_configured');
});
