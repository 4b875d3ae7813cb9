/**
 * TEST HELPER ONLY: the behaviour every LlmClient owes its callers, run by
 * each provider's test file against that provider's local fake API through
 * its real SDK. Both fakes take the same scripted replies.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../foundation/errors';
import type { FakeReply } from './fake-anthropic';
import type { LlmClient } from '../engines/llm/types';

export interface ContractFake {
  apiKey: string;
  requests: Array<{ system: string; lastUser: string; stream: boolean; body: { model: string; max_tokens?: number; temperature?: number } }>;
  respond(responder: (r: { lastUser: string }) => FakeReply): void;
}

export interface ClientSettings {
  apiKey: string | null | (() => string | null | undefined);
  timeoutMs: number;
  maxRetries: number;
  maxTokens: number;
}

const code = (e: unknown) => (e instanceof AppError ? e.code : `not an AppError: ${e}`);
const drain = async (it: AsyncIterable<string>) => {
  for await (const _ of it) void _;
};

export function llmClientContract(provider: string, fake: () => ContractFake, make: (s: ClientSettings) => LlmClient): void {
  const client = (over: Partial<ClientSettings> = {}) =>
    make({ apiKey: fake().apiKey, timeoutMs: 2000, maxRetries: 0, maxTokens: 300, ...over });
  const t = (name: string, fn: () => Promise<void>) => test(`${provider}: ${name}`, fn);

  t('complete sends system prompt, messages, model, temperature and token budget and returns the text', async () => {
    fake().respond((r) => `You said: ${r.lastUser}`);
    const before = fake().requests.length;
    const text = await client().complete([{ role: 'user', content: 'hello there' }], { system: 'Be brief.', maxTokens: 50, temperature: 0 });
    assert.equal(text, 'You said: hello there');
    const req = fake().requests[before];
    assert.equal(req.system, 'Be brief.');
    assert.equal(req.body.max_tokens, 50);
    assert.equal(req.body.temperature, 0);
    assert.equal(req.stream, false);
  });

  t('stream yields the reply as several text deltas in order', async () => {
    fake().respond(() => 'one two three four five');
    const parts: string[] = [];
    for await (const d of client().stream([{ role: 'user', content: 'count' }])) parts.push(d);
    assert.ok(parts.length >= 5, `expected word deltas, got ${JSON.stringify(parts)}`);
    assert.equal(parts.join(''), 'one two three four five');
    assert.equal(fake().requests.at(-1)!.stream, true);
  });

  t('the token budget truncates a long answer', async () => {
    fake().respond(() => 'a b c d e f g h i j');
    assert.equal(await client({ maxTokens: 4 }).complete([{ role: 'user', content: 'x' }]), 'a b c d');
  });

  t('429 becomes rate_limited, 503 unavailable, 500 llm_error, 401 llm_error naming the key, an error mid-stream unavailable', async () => {
    const x = [{ role: 'user' as const, content: 'x' }];
    fake().respond(() => ({ status: 429 }));
    await assert.rejects(client().complete(x), (e) => code(e) === 'rate_limited' && (e as AppError).details?.retryable === true);
    fake().respond(() => ({ status: 503 }));
    await assert.rejects(client().complete(x), (e) => code(e) === 'unavailable' && /overloaded/.test((e as Error).message));
    fake().respond(() => ({ status: 500 }));
    await assert.rejects(client().complete(x), (e) => code(e) === 'llm_error' && /HTTP 500/.test((e as Error).message));
    fake().respond(() => ({ status: 401 }));
    await assert.rejects(client().complete(x), (e) => code(e) === 'llm_error' && /API key/.test((e as Error).message));
    fake().respond(() => ({ text: 'partial answer here', streamErrorType: 'overloaded_error' }));
    await assert.rejects(drain(client().stream(x)), (e) => code(e) === 'unavailable');
    fake().respond(() => ({ status: 429 }));
    await assert.rejects(drain(client().stream(x)), (e) => code(e) === 'rate_limited');
  });

  t('a model that does not answer in time gives unavailable with the timeout in the message', async () => {
    fake().respond(() => ({ text: 'late', delayMs: 3000 }));
    const t0 = Date.now();
    await assert.rejects(client({ timeoutMs: 300 }).complete([{ role: 'user', content: 'x' }]),
      (e) => code(e) === 'unavailable' && /0\.3 s/.test((e as Error).message));
    assert.ok(Date.now() - t0 < 2500);
    await assert.rejects(drain(client({ timeoutMs: 300 }).stream([{ role: 'user', content: 'x' }])), (e) => code(e) === 'unavailable');
  });

  t('bounded retries: maxRetries 1 tries a 503 twice and then fails', async () => {
    fake().respond(() => ({ status: 503 }));
    const before = fake().requests.length;
    await assert.rejects(client({ maxRetries: 1 }).complete([{ role: 'user', content: 'x' }]), (e) => code(e) === 'unavailable');
    assert.equal(fake().requests.length - before, 2);
  });

  t('a caller abort cancels the request', async () => {
    const ac = new AbortController();
    // Aborted once the request has reached the model, which would answer only after a minute.
    fake().respond(() => { ac.abort(); return { text: 'slow', delayMs: 60_000 }; });
    await assert.rejects(client().complete([{ role: 'user', content: 'x' }], { signal: ac.signal }),
      (e) => e instanceof AppError && e.details?.aborted === true);
  });

  t('a caller abort cancels a stream, and the request reaches the model no more', async () => {
    const ac = new AbortController();
    fake().respond(() => { ac.abort(); return { text: 'slow', delayMs: 60_000 }; });
    await assert.rejects(drain(client().stream([{ role: 'user', content: 'x' }], { signal: ac.signal })),
      (e) => e instanceof AppError && e.details?.aborted === true);
    const aborted = new AbortController();
    aborted.abort();
    const before = fake().requests.length;
    await assert.rejects(drain(client().stream([{ role: 'user', content: 'x' }], { signal: aborted.signal })),
      (e) => e instanceof AppError && e.details?.aborted === true);
    assert.equal(fake().requests.length, before, 'a stream asked with an aborted signal sends nothing');
  });
}
