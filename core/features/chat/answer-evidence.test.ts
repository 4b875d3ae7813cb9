import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOfflineLlm } from '../../engines/llm/offline';
import { createRagBot, type RagBot } from './rag';
import { addDocument, chunk, tempCatalog } from '../../testing/chat-fixtures';

/**
 * The offline answerer's evidence when the question's words differ from the
 * file's (issue 19, third round): an abbreviation in the file ("3rd Qtr"
 * for "3rd quarter"), a count written as a word ("Three hyperlinks"), and the
 * two signs that a passage sharing the words still does not answer: the
 * question asks for a figure and the quote holds none, or names a figure
 * ("the 7th quarter") no quoted passage holds. Texts in the shape of real
 * extracted chart slides and Word files.
 */

let env: Awaited<ReturnType<typeof tempCatalog>>;
let bot: RagBot;

const CHART = 'Sales: 1st Qtr 8.2, 2nd Qtr 3.2, 3rd Qtr 1.4, 4th Qtr 1.2';
const FLYER = 'YOUR One-Stop\n\nPARTS SOLUTION';
const LINKS = 'No hyperlinks\nOne awesome hyperlink.\nThree hyperlinks: the first one here, the second one, and the third one.';

before(async () => {
  env = await tempCatalog();
  const docs = [
    [await addDocument(env.catalog, { title: 'Chart', language: 'en', fileName: 'chart.pptx' }), CHART],
    [await addDocument(env.catalog, { title: 'Flyer', language: 'en', fileName: 'flyer.pdf' }), FLYER],
    [await addDocument(env.catalog, { title: 'Links', language: 'en', fileName: 'links.docx' }), LINKS],
  ] as const;
  await env.index.upsert(docs.map(([doc, text]) => chunk({ type: 'document', id: doc.id, title: doc.title }, 0, text, { page: 1, language: 'en' })));
  bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() });
});
after(async () => { await env.cleanup(); });

test('"the 3rd quarter sales" are answered from a chart that writes "3rd Qtr"', async () => {
  const reply = await bot.answer('How much were the 3rd quarter sales?', []);
  assert.equal(reply.notFound, false, reply.answer);
  assert.match(reply.answer, /3rd Qtr 1\.4/);
});

test('"how many" is answered by a count written as a word, on the paragraph the question names by its place', async () => {
  const reply = await bot.answer('How many hyperlinks does the last paragraph have?', []);
  assert.equal(reply.notFound, false, reply.answer);
  assert.match(reply.answer, /Three hyperlinks/);
});

test('a figure of the question that no quoted passage holds ("the 7th quarter") is not found', async () => {
  const reply = await bot.answer('What were the sales in the 7th quarter?', []);
  assert.equal(reply.notFound, true, reply.answer);
});

test('"how much" over a passage sharing the words but holding no figure is not found', async () => {
  const reply = await bot.answer('How much does the one-stop parts solution charge for delivery?', []);
  assert.equal(reply.notFound, true, reply.answer);
});
