import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOfflineLlm } from '../../engines/llm/offline';
import { createRagBot, type RagBot } from './rag';
import { FEATURES, numberOf, questionNumbers, readerTrained } from './reader';
import { addDocument, addPresentation, chunk, tempCatalog } from '../../testing/chat-fixtures';

/**
 * The learned reader of the offline answerer (core/features/chat/reader.ts, trained
 * by scripts/train-reader.ts): it picks the line of a chart slide naming the
 * asked series, with series and categories written in figures, words or
 * ordinals, and says "not found" for a series the chart does not have or a
 * phone number a form does not give. Texts in the shape the product extracts
 * them (a chart's series as "name: category value, ...", core/foundation/tools/pptx-xml.ts).
 */

let env: Awaited<ReturnType<typeof tempCatalog>>;
let bot: RagBot;

const CHART = 'Quarterly results\nSeries 1: Category 1 4.3, Category 2 2.5, Category 3 3.5, Category 4 4.5\nSeries 2: Category 1 2.4, Category 2 4.4, Category 3 1.8, Category 4 2.8\nSeries 3: Category 1 2.0, Category 2 2.0, Category 3 3.0, Category 4 5.0';
const FORM = 'PAYMENT ADVICE\nCustomer\nBayside Wholesale\nAmount Due\n273.13\nInvoice Date: 2021-03-04';

before(async () => {
  env = await tempCatalog();
  const deck = await addPresentation(env.catalog, { label: 'Results deck', language: 'en', fileName: 'results.pptx' });
  const form = await addDocument(env.catalog, { title: 'Payment advice', language: 'en', fileName: 'advice.pdf' });
  await env.index.upsert([
    chunk({ type: 'presentation', id: deck.id, title: deck.label }, 0, CHART, { slide: 1, language: 'en' }),
    chunk({ type: 'document', id: form.id, title: form.title }, 0, FORM, { page: 1, language: 'en' }),
  ]);
  bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm(), reader: 'learned' });
});
after(async () => { await env.cleanup(); });

test('the committed weights are the reader\'s features', () => {
  assert.ok(readerTrained, `reader-weights.json must list ${FEATURES.length} features; run scripts/train-reader.ts`);
});

test('numbers in a question are read in figures, words and ordinals, with the words beside them', () => {
  assert.deepEqual(['3', 'third', '3rd', 'three', 'twelfth'].map(numberOf), [3, 3, 3, 3, null]);
  const pairs = questionNumbers('What did the third series score in category one?', 'en');
  assert.deepEqual(pairs.map((p) => p.n), [3, 1]);
  assert.ok(pairs[0].near.includes('seri'));
});

for (const [question, value] of [
  ["what's the 1st series' value for category three", '3.5'],
  ['How much does series two show for the second category?', '4.4'],
  ['Series 3, category 4: what number is charted?', '5.0'],
] as const) {
  test(`a chart slide is quoted on the asked series' line: "${question}"`, async () => {
    const reply = await bot.answer(question, []);
    assert.equal(reply.notFound, false, reply.answer);
    assert.ok(reply.answer.includes(value), reply.answer);
    assert.equal(reply.citations[0].slide, 1);
  });
}

test('a series the chart does not have, or a phone number the form does not give, is "not found"', async () => {
  for (const q of ['What is the value of the fifth series in category 2?', 'What is the customer support phone number?']) {
    const reply = await bot.answer(q, []);
    assert.equal(reply.notFound, true, `${q} → ${reply.answer}`);
    assert.deepEqual(reply.citations, []);
  }
});
