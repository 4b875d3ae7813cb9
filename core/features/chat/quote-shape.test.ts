import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOfflineLlm } from '../../engines/llm/offline';
import { askedListSize } from './extractive';
import { createRagBot, type RagBot } from './rag';
import { addDocument, chunk, tempCatalog } from '../../testing/chat-fixtures';

/**
 * What the offline answerer quotes must hold the asked fact (issue 34): a quote that only says back the question
 * and its file's title is no answer; a table row is read with its header row; a list asked for is quoted whole;
 * the kind of value asked (a price) must be in the quote. Texts written in the shape of extracted files
 * (table rows as cells joined by " | ", list items one a line).
 */

let env: Awaited<ReturnType<typeof tempCatalog>>;
let bot: RagBot;

const INTRO = 'Introduction\nIntroduction';
const BODY = 'Shading systems save energy in summer and keep rooms cool without air conditioning, as the study measured in 40 homes.';
const TABLE = 'Annual results of the shading division.\nYear | Revenue | Installations\n2008 | 210 MEUR | 18,000\n2009 | 296 MEUR | 24,500\n2010 | 301 MEUR | 25,100';
const LIST = 'The hub supports six protocols:\nZigbee\nZ-Wave\nKNX\nThread\nMatter\nWi-Fi\nPairing takes a minute.';

before(async () => {
  env = await tempCatalog();
  const docs = [
    [await addDocument(env.catalog, { title: 'Power Shade: Personal Energy Study', language: 'en', fileName: 'study.pdf' }), INTRO],
    [await addDocument(env.catalog, { title: 'Annual report', language: 'en', fileName: 'report.pdf' }), TABLE],
    [await addDocument(env.catalog, { title: 'Hub datasheet', language: 'en', fileName: 'hub.pdf' }), LIST],
  ] as const;
  await env.index.upsert([
    ...docs.map(([doc, text]) => chunk({ type: 'document', id: doc.id, title: doc.title }, 0, text, { page: 1, language: 'en' })),
    chunk({ type: 'document', id: docs[0][0].id, title: docs[0][0].title }, 1, BODY, { page: 2, language: 'en' }),
  ]);
  bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() });
});
after(async () => { await env.cleanup(); });

test('a quote that only says back the question and the title ("Introduction.") is not an answer', async () => {
  const reply = await bot.answer('Which other languages does the introduction of the Personal Energy Study mention?', []);
  assert.equal(reply.notFound, true, reply.answer);
  assert.deepEqual(reply.citations, []);
  assert.ok(reply.related?.some((r) => r.title === 'Power Shade: Personal Energy Study'), 'the page is offered as related');
});

test('a table row is quoted with its header row, so the year and the figure read together', async () => {
  const reply = await bot.answer('What was the revenue of the shading division in 2009?', []);
  assert.equal(reply.notFound, false, reply.answer);
  assert.match(reply.answer, /Year: 2009, Revenue: 296 MEUR/);
});

test('a list the question asks for ("what are the six ...") is quoted whole', async () => {
  assert.equal(askedListSize('What are the six protocols the hub supports?'), 6);
  assert.equal(askedListSize('Which three colours are offered?'), 3);
  assert.equal(askedListSize('What does the hub support?'), null);
  const reply = await bot.answer('What are the six protocols the hub supports?', []);
  assert.equal(reply.notFound, false, reply.answer);
  for (const p of ['Zigbee', 'Z-Wave', 'KNX', 'Thread', 'Matter', 'Wi-Fi']) assert.ok(reply.answer.includes(p), `${p} in: ${reply.answer}`);
  assert.ok(!reply.answer.includes('Pairing'), reply.answer);
});

test('a price asked is not answered by a sentence about the same thing without one', async () => {
  const reply = await bot.answer('What is the price of the hub?', []);
  assert.equal(reply.notFound, true, reply.answer);
});
