import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createRagBot } from '../chat/rag';
import { addDocument, chunk, tempCatalog, TEXT } from '../../testing/chat-fixtures';
import { reindexAll } from '../content/reindex';
import { createOfflineLlm } from '../../engines/llm/offline';
import { keys } from '../../engines/storage/layout';
import { createLocalStore } from '../../engines/storage/local';
import type { TranslationRecord } from '../../foundation/types';
import { reindexItem } from '../content/reindex';
import { indexTranslation } from './index-text';

let env: Awaited<ReturnType<typeof tempCatalog>>;
let deps: { catalog: typeof env.catalog; store: ReturnType<typeof createLocalStore>; search: typeof env.index };
before(async () => {
  env = await tempCatalog();
  deps = { catalog: env.catalog, store: createLocalStore({ root: path.join(env.dir, 'objects') }), search: env.index };
});
after(() => env.cleanup());

const HE = 'התקנת המנוע נמשכת כעשרים דקות עם שני אנשים. יש להשתמש במפתח אלן 4 מ"מ.';

test('a translation is indexed in its language: an offline Hebrew question is answered from it, citing the translated file and the original page', async () => {
  const doc = await addDocument(env.catalog, { title: 'M2 installation guide', language: 'en', fileName: 'm2.pdf', status: 'completed' });
  await env.index.upsert([chunk({ type: 'document', id: doc.id, title: doc.title }, 0, TEXT.install, { page: 2, language: 'en' })]);
  const fileKey = keys.documentTranslated(doc.id, 'hebrew', 'pdf');
  const t = await env.catalog.translations.insert({
    itemType: 'document', itemId: doc.id, targetLanguage: 'hebrew', sourceLanguage: 'english', state: 'completed', progress: { done: 1, total: 1 },
    provider: 'anthropic', model: 'm', quality: 'llm', characters: 10, requests: 1, memoryHits: 0, fileKey, fileName: 'm2 (hebrew).pdf', fileSize: 1,
    filePath: null, error: null, warnings: [], jobId: null, createdAt: '', updatedAt: '', startedAt: null, finishedAt: null,
  } satisfies Omit<TranslationRecord, 'id'>);
  assert.equal(await indexTranslation(deps, t, doc.title, [{ unit: 2, text: HE }]), 1);

  const bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() });
  const reply = await bot.ask('כמה זמן נמשכת התקנת המנוע?', 'ref-tr-he');
  assert.equal(reply.detectedLanguage, 'he');
  assert.equal(reply.notFound, false);
  assert.match(reply.answer, /עשרים דקות/);
  assert.equal(reply.citations[0]!.itemId, doc.id);
  assert.equal(reply.citations[0]!.page, 2);
  assert.deepEqual(reply.citations[0]!.translation, { language: 'hebrew', filePath: `/api/files/${fileKey}` });

  // A full reindex rebuilds the translated chunks from the stored text.
  await deps.store.put(keys.extractedText('document', doc.id), Buffer.from(JSON.stringify({
    itemType: 'document', itemId: doc.id, title: doc.title, sections: [{ page: 2, text: TEXT.install }], imagesByPage: {}, imagesBySlide: {},
  })));
  await reindexAll(deps);
  const hits = await env.index.search('התקנת המנוע', { k: 3 });
  assert.ok(hits.some((h) => h.chunk.translation?.language === 'hebrew'));
  assert.ok((await env.index.search('installation M2 motor', { k: 3 })).some((h) => h.chunk.itemId === doc.id && !h.chunk.translation));

  // Removing the translation leaves the original's chunks only.
  await env.catalog.translations.remove(t.id);
  await reindexItem(deps, 'document', doc.id);
  assert.ok(!(await env.index.search('התקנת המנוע', { k: 3 })).some((h) => h.chunk.translation));
  assert.ok((await env.index.search('installation M2 motor', { k: 3 })).some((h) => h.chunk.itemId === doc.id));
});
