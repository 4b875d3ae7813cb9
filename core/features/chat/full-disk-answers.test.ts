import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ConversationStore } from '../../engines/conversations/types';
import { addDocument, chunk, tempCatalog, TEXT } from '../../testing/chat-fixtures';
import { createOfflineLlm } from '../../engines/llm/offline';
import { createRagBot } from './rag';

let env: Awaited<ReturnType<typeof tempCatalog>>;
before(async () => { env = await tempCatalog(); });
after(() => env.cleanup());

/** The conversation store as it is on a disk with 0 bytes free: reads work, every write fails as the file system fails it. */
const onFullDisk = (store: ConversationStore, error: Error): ConversationStore => new Proxy(store, {
  get(target, key) {
    if (key === 'append') return async () => { throw error; };
    const v = Reflect.get(target, key) as unknown;
    return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
  },
});
const ENOSPC = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

test('read-only answers served on a full disk: a question is answered though its conversation cannot be kept; other write failures still fail', async () => {
  const doc = await addDocument(env.catalog, { title: 'M2 installation guide', language: 'en', fileName: 'm2.pdf', status: 'completed' });
  await env.index.upsert([chunk({ type: 'document', id: doc.id, title: doc.title }, 0, TEXT.install, { page: 2, language: 'en' })]);
  const questions = { record: async () => { throw ENOSPC(); } };
  const bot = createRagBot({ catalog: env.catalog, conversations: onFullDisk(env.conversations, ENOSPC()), search: env.index, llm: createOfflineLlm(), questions } as unknown as Parameters<typeof createRagBot>[0]);
  const reply = await bot.ask('How long does the M2 motor installation take?', 'ref-full-disk-1');
  assert.equal(reply.notFound, false);
  assert.match(reply.answer, /20 minutes/);
  const streamed: string[] = [];
  for await (const e of bot.askStream('How long does the M2 motor installation take?', 'ref-full-disk-2')) if (e.type === 'done') streamed.push(e.reply.answer);
  assert.match(streamed[0] ?? '', /20 minutes/);

  const broken = createRagBot({ catalog: env.catalog, conversations: onFullDisk(env.conversations, new Error('EIO: i/o error, write')), search: env.index, llm: createOfflineLlm() });
  await assert.rejects(broken.ask('How long does the M2 motor installation take?', 'ref-full-disk-3'), /EIO/);
});
