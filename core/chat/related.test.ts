import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOfflineLlm } from '../llm/offline';
import { createRagBot, type RagBot } from './rag';
import { markTerms } from './related';
import { contentTerms } from '../text/terms';
import { seedCatalog, tempCatalog } from '../testing/chat-fixtures';

let env: Awaited<ReturnType<typeof tempCatalog>>;
let seed: Awaited<ReturnType<typeof seedCatalog>>;
let bot: RagBot;

before(async () => {
  env = await tempCatalog();
  seed = await seedCatalog(env.catalog, env.index);
  bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() });
});
after(async () => {
  await env.cleanup();
});

test('markTerms marks the words of the question in a text, by stem, and nothing else', () => {
  const text = 'Warranty: the M2 motor is covered for five years.';
  const marks = markTerms(text, contentTerms('How long is the motor warranty?', 'en'), 'en');
  assert.deepEqual(marks.map(([a, b]) => text.slice(a, b)), ['Warranty', 'motor']);
});

test('a question the files do not answer gets "not found", no citations, and the pages that may help with its words marked', async () => {
  // The guide speaks of the M2 motor and its warranty, but holds no price.
  const reply = await bot.ask('What is the price of the M2 motor warranty extension?', 'ref-related');
  assert.equal(reply.notFound, true);
  assert.deepEqual(reply.citations, [], 'a related passage is never a citation');
  assert.ok(reply.related && reply.related.length >= 1 && reply.related.length <= 3, `related: ${JSON.stringify(reply.related)}`);
  const first = reply.related[0];
  assert.equal(first.itemId, seed.guide.id);
  assert.equal(first.itemType, 'document');
  assert.equal(first.page, 3, 'the warranty page first: it shares the most words');
  assert.equal(first.start, null);
  assert.match(first.excerpt, /five years/);
  const marked = first.marks.map(([a, b]) => first.excerpt.slice(a, b).toLowerCase());
  assert.ok(marked.includes('warranty') && marked.includes('motor'), `marked: ${marked.join(', ')}`);
  assert.match(first.url ?? '', /#page=3$/, 'the link opens the PDF at its page');
  const places = reply.related.map((r) => `${r.itemId}:${r.page ?? r.slide}`);
  assert.equal(new Set(places).size, places.length, 'one passage per place');
});

test('an off-topic question that shares no word with any file gets no related passages', async () => {
  const reply = await bot.ask('What is the capital city of Australia?', 'ref-related-x');
  assert.equal(reply.notFound, true);
  assert.equal(reply.related, undefined);
});

test('an answered question carries citations and no related passages', async () => {
  const reply = await bot.ask('How long does the installation of the M2 motor take?', 'ref-related-a');
  assert.equal(reply.notFound, false);
  assert.equal(reply.related, undefined);
});
