import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { createOfflineLlm } from '../../engines/llm/offline';
import type { SearchIndex } from '../../engines/search/types';
import { phrasesFor } from './phrases';
import { createRagBot, type RagBot } from './rag';
import { createChatLimits } from './rate-limit';
import { seedCatalog, tempCatalog } from '../../testing/chat-fixtures';

let env: Awaited<ReturnType<typeof tempCatalog>>;
let index: SearchIndex;
let seed: Awaited<ReturnType<typeof seedCatalog>>;
let bot: RagBot;

before(async () => {
  env = await tempCatalog();
  index = env.index;
  seed = await seedCatalog(env.catalog, index);
  bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: index, llm: createOfflineLlm() });
});
after(async () => {
  await env.cleanup();
});

test('offline: an English question gets a cited extractive answer from the right page with that page\'s image', async () => {
  const reply = await bot.ask('How long does the installation of the M2 motor take?', 'ref-en');
  assert.equal(reply.mode, 'extractive');
  assert.equal(reply.notFound, false);
  assert.equal(reply.detectedLanguage, 'en');
  assert.match(reply.answer, /20 minutes with two people\. \[1\]$/);
  const { viewerUrl, ...cited } = reply.citations[0];
  assert.deepEqual(cited, { itemType: 'document', itemId: seed.guide.id, title: seed.guide.title, page: 1, slide: null });
  // The viewer opens the page with the quoted sentence lit.
  assert.match(viewerUrl ?? '', new RegExp(`^/view/document/${seed.guide.id}\\?page=1&q=.+`));
  assert.deepEqual(reply.sourceImages, [seed.img.guideP1.image]);
  assert.ok(!reply.sourceImages.includes(seed.img.guideP3.image), 'no image from an uncited page');
});

test('offline: a Hebrew question is answered from the Hebrew document, in Hebrew, with its page image', async () => {
  const reply = await bot.ask('כמה זמן נמשכת התקנת המנוע?', 'ref-he');
  assert.equal(reply.detectedLanguage, 'he');
  assert.equal(reply.notFound, false);
  assert.match(reply.answer, /עשרים דקות\. \[1\]$/);
  assert.equal(reply.citations[0].itemId, seed.hebrew.id);
  assert.deepEqual(reply.sourceImages, [seed.img.hebrewP1.image]);
});

test('offline: an unrelated question is answered with "not in the documents" and no citations or images', async () => {
  const reply = await bot.ask('What is the capital city of Australia?', 'ref-x');
  assert.equal(reply.notFound, true);
  assert.equal(reply.answer, phrasesFor('en').notFound, 'English content exists, so no cross-language hint');
  assert.deepEqual(reply.citations, []);
  assert.deepEqual(reply.sourceImages, []);
});

test('offline: a question in a language without matching documents says so and that cross-language search needs the model', async () => {
  const reply = await bot.ask('Quelle est la durée de la garantie ?', 'ref-fr');
  assert.equal(reply.detectedLanguage, 'fr');
  assert.equal(reply.notFound, true);
  assert.match(reply.answer, /Je n'ai pas trouvé/);
  assert.match(reply.answer, /anglais/);
  assert.match(reply.answer, /modèle de langue/);
});

test('offline: a slide citation shows the slide render as source image', async () => {
  const reply = await bot.ask('How many shades can the Zigbee hub connect?', 'ref-hub');
  assert.equal(reply.notFound, false);
  assert.match(reply.answer, /64 shades/);
  assert.deepEqual(reply.citations.map((c) => [c.title, c.slide]), [['Zigbee Hub Overview', 2]]);
  assert.deepEqual(reply.sourceImages, [seed.img.deckS2.image]);
});

test('offline: a follow-up borrows the previous question\'s terms and answers about the same product', async () => {
  await bot.ask('How do I program the Zigbee hub?', 'ref-follow');
  const reply = await bot.ask('And how long does it take to install?', 'ref-follow');
  assert.equal(reply.notFound, false);
  assert.match(reply.answer, /5 minutes/);
  assert.equal(reply.citations[0].itemId, seed.deck.id);
  const turns = await bot.history('ref-follow');
  assert.deepEqual(turns.map((t) => t.role), ['user', 'bot', 'user', 'bot']);
});

test('offline: an injected instruction in a document is never quoted as an answer', async () => {
  const reply = await bot.ask('What are the instructions to program the remote?', 'ref-inj');
  assert.equal(reply.notFound, false);
  assert.match(reply.answer, /P2 button/);
  assert.doesNotMatch(reply.answer, /PWNED|Ignore previous/);
});

test('every answer counts as a bot response and clear() forgets the conversation', async () => {
  const before = (await env.conversations.stats()).exchanges;
  await bot.ask('How long is the warranty of the M2 motor?', 'ref-count');
  assert.equal((await env.conversations.stats()).exchanges, before + 1);
  assert.equal((await bot.history('ref-count')).length, 2);
  await bot.clear('ref-count');
  assert.equal((await bot.history('ref-count')).length, 0);
});

test('askStream yields the answer as tokens and ends with the same reply', async () => {
  const events = [];
  for await (const e of bot.askStream('How long is the warranty of the M2 motor?', 'ref-stream')) events.push(e);
  const done = events.at(-1)!;
  assert.equal(done.type, 'done');
  const text = events.filter((e) => e.type === 'token').map((e) => (e as { text: string }).text).join('');
  assert.equal(text, done.type === 'done' ? done.reply.answer : '');
  assert.match(text, /five years/);
});

test('limits: an empty or too long question is a validation error, too many a minute is rate_limited', async () => {
  let t = 0;
  const limited = createRagBot({
    catalog: env.catalog, conversations: env.conversations, search: index, llm: createOfflineLlm(),
    limits: createChatLimits({ chatPerMinute: 2, chatPerMinutePerAddress: 100, chatMaxMessageChars: 50, now: () => t }),
  });
  await assert.rejects(limited.ask('   ', 'ref-lim'), (e) => e instanceof AppError && e.code === 'validation');
  await assert.rejects(limited.ask('x'.repeat(51), 'ref-lim'), (e) => e instanceof AppError && e.code === 'validation');
  await limited.ask('warranty?', 'ref-lim');
  await limited.ask('warranty?', 'ref-lim');
  await assert.rejects(limited.ask('warranty?', 'ref-lim'), (e) => e instanceof AppError && e.code === 'rate_limited' && typeof e.details?.retryAfter === 'number');
  t += 121_000; // two windows: the sliding-window estimate has forgotten every hit
  await limited.ask('warranty?', 'ref-lim');
});
