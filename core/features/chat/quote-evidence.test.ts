import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOfflineLlm } from '../../engines/llm/offline';
import { createRagBot, type RagBot } from './rag';
import { addDocument, chunk, tempCatalog } from '../../testing/chat-fixtures';

/**
 * Issue 34: the offline answer is stated only when its quote holds the asked fact; otherwise "not found" with
 * the related passages. Texts in the shape of the extracted files of the development question sets (the
 * CalGray test pages, the TraceMonkey paper's statistics table and references).
 */

let env: Awaited<ReturnType<typeof tempCatalog>>;
let bot: RagBot;

const GRAY = 'CalGray test page. The white point is set to 0.9505 and the black point is set to 0.2 on this page.';

before(async () => {
  env = await tempCatalog();
  const gray = await addDocument(env.catalog, { title: 'CalGray', language: 'en', fileName: 'calgray.pdf' });
  await env.index.upsert([chunk({ type: 'document', id: gray.id, title: gray.title }, 0, GRAY, { page: 5, language: 'en' })]);
  bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() });
});
after(async () => { await env.cleanup(); });

test('a question naming a page is not answered from another numbered page: not found, the page shown as related', async () => {
  const elsewhere = await bot.answer('Which black point is set on the third page?', []);
  assert.equal(elsewhere.notFound, true, elsewhere.answer);
  assert.equal(elsewhere.citations.length, 0);
  assert.equal(elsewhere.related?.[0]?.page, 5);
  const there = await bot.answer('Which black point is set on the fifth page?', []);
  assert.equal(there.notFound, false, there.answer);
  assert.match(there.answer, /black point is set to 0\.2/);
});
