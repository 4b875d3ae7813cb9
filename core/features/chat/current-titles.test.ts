import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addDocument, chunk, tempCatalog, TEXT } from '../../testing/chat-fixtures';
import { createOfflineLlm } from '../../engines/llm/offline';
import { createRagBot } from './rag';

let env: Awaited<ReturnType<typeof tempCatalog>>;
before(async () => { env = await tempCatalog(); });
after(() => env.cleanup());

test('titles re-cited on rename: a renamed document is cited under its new title at once, without a reindex (its translation as "New title (spanish)")', async () => {
  const doc = await addDocument(env.catalog, { title: 'M2 guide (draft)', language: 'en', fileName: 'm2.pdf', status: 'completed' });
  await env.index.upsert([chunk({ type: 'document', id: doc.id, title: doc.title }, 0, TEXT.install, { page: 2, language: 'en' })]);
  await env.index.upsert([{
    ...chunk({ type: 'document', id: doc.id, title: `${doc.title} (spanish)` }, 1, 'El motor M2 se instala en unos 20 minutos con dos personas y una llave hexagonal de 4 mm.', { page: 2, language: 'es' }),
    id: `document:${doc.id}:es:0`, translation: { language: 'spanish', fileKey: `documents/translated/${doc.id}_spanish.pdf`, filePath: `/api/files/documents/translated/${doc.id}_spanish.pdf` },
  }]);
  const bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() });
  const before = await bot.ask('How long does the M2 motor installation take?', 'ref-rename-1');
  assert.equal(before.citations[0]?.title, 'M2 guide (draft)');

  await env.catalog.documents.update(doc.id, { title: 'SmartShade M2 installation guide' });
  const reply = await bot.ask('How long does the M2 motor installation take?', 'ref-rename-2');
  assert.equal(reply.notFound, false);
  assert.equal(reply.citations[0]?.title, 'SmartShade M2 installation guide');
  for (const c of reply.citations) assert.equal(c.title, c.translation ? 'SmartShade M2 installation guide (spanish)' : 'SmartShade M2 installation guide');
  assert.doesNotMatch(JSON.stringify(reply), /draft/);
  assert.ok(reply.citations.some((c) => c.translation), 'the translation\'s passage is cited too');
});
