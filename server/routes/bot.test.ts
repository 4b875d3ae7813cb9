import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAssistant } from '../../core/features/chat/assistant';
import { createRagBot } from '../../core/features/chat/rag';
import { createChatLimits } from '../../core/features/chat/rate-limit';
import { createMemoryRateLimitStore } from '../../core/engines/limits/memory';
import { seedCatalog, tempCatalog } from '../../core/testing/chat-fixtures';
import { loadConfig } from '../../core/foundation/config';
import { createAnthropicClient } from '../../core/engines/llm/anthropic';
import { createOfflineLlm } from '../../core/engines/llm/offline';
import type { SearchIndex } from '../../core/engines/search/types';
import { startFakeAnthropic, type FakeAnthropic } from '../../core/testing/fake-anthropic';
import type { ChatBotReply, PublicChatMessage, RetrievalReply } from '../../core/foundation/types';
import { registerErrorHandler } from '../errors';
import botRoutes from './bot';
import { ask, chat } from '../../core/product/index';
import { conversations, createPublicGate } from '../../core/product/public';

/** The bot routes over real HTTP (Fastify listening on loopback), with the real SDK against the fake Messages API. */

let env: Awaited<ReturnType<typeof tempCatalog>>;
let index: SearchIndex;
let fake: FakeAnthropic;
let offline: { app: FastifyInstance; url: string };
let withLlm: { app: FastifyInstance; url: string };

async function start(llmKind: 'offline' | 'fake', extra: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: env.dir, CHAT_RATE_LIMIT: '5', CHAT_MAX_MESSAGE_CHARS: '200', ...extra }, env.dir);
  const llm = llmKind === 'offline' ? createOfflineLlm()
    : createAnthropicClient({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'claude-test', timeoutMs: 2000, maxRetries: 0, maxTokens: 300 });
  const rateLimits = createMemoryRateLimitStore();
  const limits = createChatLimits({ ...config.limits, store: rateLimits });
  const rag = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: index, llm, limits });
  const assistant = createAssistant({ catalog: env.catalog, conversations: env.conversations, search: index, rag, limits });
  const app = Fastify();
  registerErrorHandler(app);
  await app.register(botRoutes, { services: { config, product: { ...ask({ rag, staffRag: rag, catalog: env.catalog }), ...chat({ rag, assistant }), ...conversations() } }, gate: createPublicGate({ config, rateLimits }) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Parses a text/event-stream body into events. */
function parseSse(text: string) {
  return text.split('\n\n').filter(Boolean).map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    return { event, data: data ? JSON.parse(data) : null };
  });
}

before(async () => {
  env = await tempCatalog();
  index = env.index;
  await seedCatalog(env.catalog, index);
  fake = await startFakeAnthropic();
  offline = await start('offline');
  withLlm = await start('fake');
});
beforeEach(() => {
  fake.requests.length = 0;
});
after(async () => {
  await offline.app.close();
  await withLlm.app.close();
  await fake.close();
  await env.cleanup();
});

test('POST /api/bot/chat greets a new session in the browser language and GET /api/bot/messages polls with since', async () => {
  const res = await post(offline.url, '/api/bot/chat', { message: 'hello', referenceId: 'user_1_abc_0000000000', isNewSession: true }, { 'accept-language': 'he-IL,he;q=0.9' });
  assert.equal(res.status, 200);
  const reply = (await res.json()) as ChatBotReply;
  assert.equal(reply.language, 'he');
  const all = (await (await fetch(`${offline.url}/api/bot/messages?referenceId=user_1_abc_0000000000`)).json()) as PublicChatMessage[];
  assert.equal(all.length, 2);
  const since = encodeURIComponent(all[1].dateTime);
  await post(offline.url, '/api/bot/chat', { message: 'How long is the M2 motor warranty?', referenceId: 'user_1_abc_0000000000' });
  const newer = (await (await fetch(`${offline.url}/api/bot/messages?referenceId=user_1_abc_0000000000&since=${since}`)).json()) as PublicChatMessage[];
  assert.deepEqual(newer.map((m) => m.role), ['user', 'bot']);
  assert.match(newer[1].message, /five years/);
});

test('bad input answers 400 {error, message}: referenceId pattern and length, message over the configured length, bad since', async () => {
  for (const body of [
    { message: 'hi', referenceId: 'has space' },
    { message: 'hi', referenceId: 'x'.repeat(101) },
    { message: 'x'.repeat(201), referenceId: 'user_2_0000000000' },
    { message: '', referenceId: 'user_2_0000000000' },
  ]) {
    const res = await post(offline.url, '/api/bot/chat', body);
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 60));
    const err = await res.json();
    assert.equal(err.error, 'validation');
    assert.equal(typeof err.message, 'string');
  }
  const res = await fetch(`${offline.url}/api/bot/messages?referenceId=user_2_0000000000&since=notadate`);
  assert.equal(res.status, 400);
});

test('too many chat messages a minute answer 429 rate_limited with retry-after', async () => {
  const statuses: number[] = [];
  let last: Response | null = null;
  for (let i = 0; i < 6; i++) {
    last = await post(offline.url, '/api/bot/chat', { message: 'hello', referenceId: 'user_flood_0000000000' });
    statuses.push(last.status);
  }
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  assert.equal((await last!.json()).error, 'rate_limited');
  assert.ok(Number(last!.headers.get('retry-after')) > 0);
});

test('POST /api/bot/clear-session answers 204 and empties the conversation', async () => {
  await post(offline.url, '/api/bot/chat', { message: 'hello', referenceId: 'user_clear_0000000000' });
  const res = await post(offline.url, '/api/bot/clear-session', { referenceId: 'user_clear_0000000000' });
  assert.equal(res.status, 204);
  assert.deepEqual(await (await fetch(`${offline.url}/api/bot/messages?referenceId=user_clear_0000000000`)).json(), []);
});

test('POST /api/bot/rag-query answers a RetrievalReply with citations (offline)', async () => {
  const res = await post(offline.url, '/api/bot/rag-query', { query: 'How long does the M2 motor installation take?', referenceId: 'rag_1_0000000000' });
  assert.equal(res.status, 200);
  const reply = (await res.json()) as RetrievalReply;
  assert.equal(reply.mode, 'extractive');
  assert.match(reply.answer, /20 minutes/);
  assert.equal(reply.citations[0].page, 1);
  assert.equal(reply.sourceImages.length, 1);
  assert.equal(reply.detectedLanguage, 'en');
  assert.ok(!Number.isNaN(Date.parse(reply.timestamp)));
});

test('POST /api/bot/rag-query/stream sends token events then a done event with the RetrievalReply', async () => {
  fake.respond((r) => (r.system.includes('document-search assistant') ? 'The installation takes about 20 minutes [1].' : '{"standalone": "q", "translations": {}}'));
  const res = await post(withLlm.url, '/api/bot/rag-query/stream', { query: 'How long does the M2 motor installation take?', referenceId: 'rag_s_0000000000' });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events = parseSse(await res.text());
  const tokens = events.filter((e) => e.event === 'token');
  assert.ok(tokens.length >= 5);
  const done = events.at(-1)!;
  assert.equal(done.event, 'done');
  assert.equal(tokens.map((t) => t.data.text).join(''), done.data.answer);
  assert.equal(done.data.mode, 'llm');
  assert.equal(done.data.citations[0].title, 'SmartShade M2 Motor Installation Guide');
  assert.equal(done.data.citations[0].page, 1);
});

test('the stream reports a model failure after the first token as event: error; bad input before streaming is a 400', async () => {
  fake.respond((r) => (r.system.includes('document-search assistant') ? { text: 'The installation takes', streamErrorType: 'overloaded_error' } : '{"standalone": "q", "translations": {}}'));
  const res = await post(withLlm.url, '/api/bot/rag-query/stream', { query: 'How long does the M2 motor installation take?', referenceId: 'rag_e_0000000000' });
  const events = parseSse(await res.text());
  assert.equal(events.at(-1)!.event, 'error');
  assert.equal(events.at(-1)!.data.error, 'unavailable');
  assert.ok(events.some((e) => e.event === 'token'));
  const bad = await post(withLlm.url, '/api/bot/rag-query/stream', { query: '   ', referenceId: 'rag_e_0000000000' });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, 'validation');
});

test('a model outage on the non-streaming route still answers 200 with the extractive fallback', async () => {
  fake.respond(() => ({ status: 529 }));
  const res = await post(withLlm.url, '/api/bot/rag-query', { query: 'How long does the M2 motor installation take?', referenceId: 'rag_f_0000000000' });
  assert.equal(res.status, 200);
  const reply = (await res.json()) as RetrievalReply;
  assert.equal(reply.mode, 'extractive');
  assert.match(reply.answer, /20 minutes/);
});

test('a visitor who leaves mid-answer cancels the model request', async () => {
  fake.respond((r) => (r.system.includes('document-search assistant') ? { text: 'late answer', delayMs: 60_000 } : '{"standalone": "q", "translations": {}}'));
  const before = fake.cancelled;
  // A raw client so that leaving is a plain socket close (as when a browser tab closes).
  const req = http.request(withLlm.url + '/api/bot/rag-query/stream', { method: 'POST', headers: { 'content-type': 'application/json' } });
  const pending = new Promise<string>((resolve) => {
    req.on('error', (e) => resolve(e.message));
    req.on('response', () => resolve('answered'));
  });
  req.end(JSON.stringify({ query: 'How long does the M2 motor installation take?', referenceId: 'rag_c_0000000000' }));
  const waitFor = async (ok: () => boolean) => {
    const end = Date.now() + 30_000;
    while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return ok();
  };
  assert.ok(await waitFor(() => fake.requests.some((r) => r.system.includes('document-search assistant'))), 'the answer call reached the model');
  const t0 = Date.now();
  req.destroy();
  assert.equal(await pending, 'socket hang up');
  assert.ok(await waitFor(() => fake.cancelled > before), 'the model request was cancelled');
  assert.ok(Date.now() - t0 < 30_000, 'long before the model would have answered');
});

test('POST /api/bot/session hands out a new random conversation id each time; ids shorter than 16 characters are refused', async () => {
  const ids = new Set<string>();
  for (let i = 0; i < 20; i++) {
    const res = await post(offline.url, '/api/bot/session', {});
    assert.equal(res.status, 201);
    const { referenceId } = (await res.json()) as { referenceId: string };
    assert.match(referenceId, /^c_[A-Za-z0-9_-]{22}$/);
    ids.add(referenceId);
  }
  assert.equal(ids.size, 20);
  const [id] = ids;
  assert.equal((await post(offline.url, '/api/bot/chat', { message: 'hello', referenceId: id, isNewSession: true })).status, 200);
  assert.equal(((await (await fetch(`${offline.url}/api/bot/messages?referenceId=${id}`)).json()) as unknown[]).length, 2);
  for (const short of ['1', 'user_1', 'abcdefghijklmno']) {
    assert.equal((await fetch(`${offline.url}/api/bot/messages?referenceId=${short}`)).status, 400, short);
    assert.equal((await post(offline.url, '/api/bot/clear-session', { referenceId: short })).status, 400, short);
  }
});

test('every public chat route counts against one per-address budget: past it clear-session and messages answer 429 with retry-after', async () => {
  const limited = await start('offline', { PUBLIC_RATE_LIMIT: '6' });
  try {
    const ref = 'user_budget_0000000000';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(limited.url, '/api/bot/clear-session', { referenceId: ref })).status);
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${limited.url}/api/bot/messages?referenceId=${ref}`)).status);
    assert.deepEqual(statuses, [204, 204, 204, 200, 200, 200]);
    const over = await fetch(`${limited.url}/api/bot/messages?referenceId=${ref}`);
    assert.equal(over.status, 429);
    assert.ok(Number(over.headers.get('retry-after')) >= 1);
    assert.equal(((await over.json()) as { error: string }).error, 'rate_limited');
    assert.equal((await post(limited.url, '/api/bot/clear-session', { referenceId: ref })).status, 429);
    assert.equal((await post(limited.url, '/api/bot/session', {})).status, 429);
  } finally {
    await limited.app.close();
  }
});
