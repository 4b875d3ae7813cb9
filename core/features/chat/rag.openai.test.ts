import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { createOpenAiClient } from '../../engines/llm/openai';
import { answerSystemPrompt, prepareQuerySystemPrompt } from '../../engines/llm/prompts';
import type { SearchIndex } from '../../engines/search/types';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai';
import { phrasesFor } from './phrases';
import { createRagBot, type RagBot, type RagEvent } from './rag';
import { seedCatalog, tempCatalog } from '../../testing/chat-fixtures';
import { between, isAnswer, isPrepare, model } from '../../testing/chat-model';

/**
 * The document-search bot on an OpenAI-compatible model (LLM_PROVIDER=openai):
 * the real `openai` SDK against the local fake /v1/chat/completions, for each
 * feature that calls a model: answers (whole and streamed), follow-up
 * rewriting, cross-lingual retrieval, and the offline fallback on failures.
 */

let env: Awaited<ReturnType<typeof tempCatalog>>;
let index: SearchIndex;
let seed: Awaited<ReturnType<typeof seedCatalog>>;
let fake: FakeOpenAi;

const llm = (timeoutMs = 2000) =>
  createOpenAiClient({ apiKey: null, baseUrl: fake.url, model: 'qwen2.5:7b', timeoutMs, maxRetries: 0, maxTokens: 500 });
const bot = (timeoutMs?: number): RagBot => createRagBot({ catalog: env.catalog, conversations: env.conversations, search: index, llm: llm(timeoutMs) });

before(async () => {
  env = await tempCatalog();
  index = env.index;
  seed = await seedCatalog(env.catalog, index);
  fake = await startFakeOpenAi({ requireKey: false });
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.respond(model);
});
after(async () => {
  await fake.close();
  await env.cleanup();
});

test('openai answers: the model\'s answer comes back with its citation and page image; the system prompt is the system message', async () => {
  const reply = await bot().ask('How long does the M2 motor installation take?', 'o-cite');
  assert.equal(reply.mode, 'llm');
  assert.equal(reply.answer, 'The M2 installation takes about 20 minutes with two people [1].');
  assert.deepEqual(reply.citations.map(({ viewerUrl: _, ...c }) => c), [{ itemType: 'document', itemId: seed.guide.id, title: seed.guide.title, page: 1, slide: null }]);
  assert.match(reply.citations[0].viewerUrl ?? '', new RegExp(`^/view/document/${seed.guide.id}\\?page=1&q=.`));
  assert.deepEqual(reply.sourceImages, [seed.img.guideP1.image]);
  const req = fake.requests.find(isAnswer)!;
  assert.deepEqual(req.body.messages[0], { role: 'system', content: answerSystemPrompt('en') });
  assert.equal(req.body.model, 'qwen2.5:7b');
  assert.equal(req.body.max_tokens, 500);
});

test('openai answers: streaming sends the model\'s words as tokens from SSE chunks, then done', async () => {
  const events: RagEvent[] = [];
  for await (const e of bot().askStream('How long does the M2 motor installation take?', 'o-stream')) events.push(e);
  const tokens = events.filter((e): e is { type: 'token'; text: string } => e.type === 'token');
  const done = events.at(-1)!;
  assert.equal(done.type, 'done');
  assert.ok(tokens.length >= 5, `word tokens expected, got ${tokens.length}`);
  assert.match(tokens.map((t) => t.text).join(''), /20 minutes/);
  assert.equal(fake.requests.find(isAnswer)!.stream, true);
});

test('openai follow-up rewriting: the conversation goes to the model, the rewritten question drives retrieval', async () => {
  const b = bot();
  await b.ask('How do I program the Zigbee hub?', 'o-follow');
  fake.requests.length = 0;
  const reply = await b.ask('And how long does it take?', 'o-follow');
  const prep = fake.requests.find(isPrepare)!;
  assert.equal(prep.system, prepareQuerySystemPrompt());
  assert.equal(prep.body.temperature, 0);
  assert.match(between(prep.lastUser, '<conversation>', '</conversation>'), /visitor: How do I program the Zigbee hub\?/);
  assert.equal(between(fake.requests.find(isAnswer)!.lastUser, '<question>', '</question>'), 'How long does it take to install the Zigbee hub?');
  assert.match(reply.answer, /5 minutes/);
  assert.equal(reply.citations[0].slide, 2);
});

test('openai cross-lingual search: a Hebrew question is translated by the model, searched in English, answered in Hebrew', async () => {
  const queries: string[] = [];
  const recording: SearchIndex = { ...index, search: (q, o) => (queries.push(q), index.search(q, o)) };
  const reply = await createRagBot({ catalog: env.catalog, conversations: env.conversations, search: recording, llm: llm() }).ask('כמה זמן לוקחת התקנת הרכזת?', 'o-cross');
  assert.deepEqual(queries, ['כמה זמן לוקחת התקנת הרכזת?', 'How long does installing the Zigbee hub take?']);
  assert.match(fake.requests.find(isPrepare)!.lastUser, /Languages to translate into: en \(English\)/);
  assert.match(fake.requests.find(isAnswer)!.system, /Always answer in Hebrew/);
  assert.equal(reply.answer, 'התקנת הרכזת לוקחת כ-5 דקות [1].');
  assert.deepEqual(reply.citations.map(({ viewerUrl: _, ...c }) => c), [{ itemType: 'presentation', itemId: seed.deck.id, title: 'Zigbee Hub Overview', page: null, slide: 2 }]);
  assert.match(reply.citations[0].viewerUrl ?? '', new RegExp(`^/view/presentation/${seed.deck.id}\\?slide=2`));
});

for (const [name, failure, expected] of [
  ['429 rate limit', { status: 429 }, 'rate_limited'],
  ['500 server error', { status: 500 }, 'llm_error'],
  ['timeout', { text: 'too late', delayMs: 1500 }, 'unavailable'],
] as const) {
  test(`openai failure (${name}): the bot falls back to a cited extractive answer and reports ${expected}`, async () => {
    fake.respond(() => failure);
    const reported: string[] = [];
    const b = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: index, llm: llm(name === 'timeout' ? 300 : 2000), onLlmError: (e, step) => reported.push(`${step}:${e.code}`) });
    const reply = await b.ask('How long does the M2 motor installation take?', `o-fail-${name}`);
    assert.deepEqual(reported, [`prepare:${expected}`, `answer:${expected}`]);
    assert.equal(reply.mode, 'extractive');
    assert.ok(reply.answer.startsWith(phrasesFor('en').llmFallback), reply.answer);
    assert.match(reply.answer, /20 minutes/);
    assert.equal(reply.citations[0].itemId, seed.guide.id);
  });
}

test('openai failure mid-stream after text was sent: the stream throws an AppError (the route sends event: error)', async () => {
  fake.respond((r) => (isAnswer(r) ? { text: 'The M2 installation takes [1].', streamErrorType: 'server_error' } : model(r)));
  const seen: RagEvent[] = [];
  await assert.rejects(async () => {
    for await (const e of bot().askStream('How long does the M2 motor installation take?', 'o-midstream')) seen.push(e);
  }, (e) => e instanceof AppError && e.code === 'llm_error');
  assert.ok(seen.some((e) => e.type === 'token'));
  assert.ok(!seen.some((e) => e.type === 'done'));
});
