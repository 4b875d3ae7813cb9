import { mkdtemp, rm, readFile, appendFile, readdir } from 'node:fs/promises';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runConversationStoreContract } from '../../testing/conversation-store-contract';
import { openFileConversationStore } from './file-store';

runConversationStoreContract('one file per conversation', async ({ retention, now }) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'conv-'));
  const open = () => openFileConversationStore({ dir, retention, now, pruneEveryMs: 0 });
  return { store: await open(), reopen: open, cleanup: () => rm(dir, { recursive: true, force: true }) };
});

test('a line torn by a crash mid-append is skipped and the next append starts on a new line', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'conv-'));
  try {
    const store = await openFileConversationStore({ dir, pruneEveryMs: 0 });
    await store.append('chat', 'c', [{ text: 'kept' }]);
    await store.close();
    const sub = path.join(dir, 'chat', (await readdir(path.join(dir, 'chat')))[0]);
    const file = path.join(sub, (await readdir(sub))[0]);
    await appendFile(file, '{"s":2,"t":17');
    const again = await openFileConversationStore({ dir, pruneEveryMs: 0 });
    assert.deepEqual((await again.read<{ text: string }>('chat', 'c')).map((m) => m.data.text), ['kept']);
    await again.append('chat', 'c', [{ text: 'next' }]);
    assert.deepEqual((await again.read<{ text: string }>('chat', 'c')).map((m) => [m.seq, m.data.text]), [[1, 'kept'], [2, 'next']]);
    assert.match(await readFile(file, 'utf8'), /\n\{"s":2,"t":\d+,"d":\{"text":"next"\},"i":"c"\}\n$/);
    await again.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('after an unclean stop the counts are recounted from the files', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'conv-'));
  try {
    const store = await openFileConversationStore({ dir, pruneEveryMs: 0 });
    await store.append('chat', 'a', [{ x: 1 }, { x: 2 }]);
    await store.append('search', 'b', [{ x: 3 }]);
    // No close(): as after a crash, stats.json still says "not clean".
    const again = await openFileConversationStore({ dir, pruneEveryMs: 0 });
    const s = await again.stats();
    assert.equal(s.conversations, 2);
    assert.equal(s.messages, 3);
    await again.close();
    await store.close().catch(() => {});
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
