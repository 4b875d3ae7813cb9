import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openCatalog } from '../catalog/catalog';
import { openFileConversationStore } from './file-store';
import { importLegacyConversations } from './legacy';

test('chat messages and search turns kept in an older catalog move into the store once, as exchanges, and leave the catalog', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'legacy-'));
  try {
    const catalog = openCatalog(dir);
    await catalog.transaction(async () => {
      const msg = (seq: number, ref: string, role: 'user' | 'bot', message: string) => ({
        referenceId: ref, role, message, output: null, file: null, contentType: null, dateTime: new Date(seq).toISOString(), userLanguage: 'en',
      });
      await catalog.chatMessages.append([msg(1, 'ref_a_0000000000', 'user', 'hello'), msg(2, 'ref_a_0000000000', 'bot', 'Hi!'), msg(3, 'ref_b_0000000000', 'user', 'q'),
        msg(4, 'ref_b_0000000000', 'bot', 'a'), msg(5, 'ref_a_0000000000', 'user', 'warranty?'), msg(6, 'ref_a_0000000000', 'bot', 'Five years.')]);
      await catalog.ragTurns.insert({ referenceId: 's1', role: 'user', content: 'q', timestamp: 't', detectedLanguage: 'en', sourceImages: [] });
      await catalog.ragTurns.insert({ referenceId: 's1', role: 'bot', content: 'a', timestamp: 't', detectedLanguage: 'en', sourceImages: ['/x.png'] });
    });
    const store = await openFileConversationStore({ dir: path.join(dir, 'conversations'), pruneEveryMs: 0 });
    const logs: string[] = [];
    await importLegacyConversations(catalog, store, (m) => logs.push(m));
    const a = await store.read<{ role: string; message: string }>('chat', 'ref_a_0000000000');
    assert.deepEqual(a.map((m) => [m.data.role, m.data.message]), [['user', 'hello'], ['bot', 'Hi!'], ['user', 'warranty?'], ['bot', 'Five years.']]);
    const s = await store.read<{ content: string; sourceImages: string[] }>('search', 's1');
    assert.deepEqual(s.map((m) => m.data.content), ['q', 'a']);
    assert.deepEqual(s[1].data.sourceImages, ['/x.png']);
    assert.deepEqual(await store.stats(), { conversations: 3, messages: 8, exchanges: 4 });
    assert.equal(await catalog.chatMessages.count(), 0);
    assert.equal(await openCatalog(dir).ragTurns.count(), 0, 'the catalog file no longer holds them');
    assert.equal(logs.length, 1);
    await importLegacyConversations(catalog, store, (m) => logs.push(m));
    assert.equal((await store.stats()).messages, 8, 'a second start imports nothing');
    await store.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
