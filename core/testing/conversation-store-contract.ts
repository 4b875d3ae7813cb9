import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationStore, RetentionPolicy } from '../engines/conversations/types';

export interface ConversationStoreUnderTest {
  store: ConversationStore;
  /** A second store on the same data, as after a restart (the first one is closed first). */
  reopen: () => Promise<ConversationStore>;
  cleanup: () => Promise<void>;
}

export type MakeConversationStore = (options: { retention: RetentionPolicy; now: () => number }) => Promise<ConversationStoreUnderTest>;

const DAY = 86_400_000;
type Msg = { role: 'user' | 'bot'; text: string };
const pair = (q: string): Msg[] => [{ role: 'user', text: q }, { role: 'bot', text: `answer to ${q}` }];

/** Proves the ConversationStore behaviour for any implementation; each test gets a fresh, empty store. */
export function runConversationStoreContract(name: string, make: MakeConversationStore): void {
  const test = (title: string, fn: (t: { store: ConversationStore; clock: { t: number }; reopen: () => Promise<ConversationStore> }) => Promise<void>, retention: Partial<RetentionPolicy> = {}) =>
    it(title, { timeout: 30_000 }, async () => {
      const clock = { t: Date.parse('2026-01-01T00:00:00Z') };
      const under = await make({ retention: { maxAgeDays: 90, maxMessages: 200, ...retention }, now: () => clock.t });
      let current = under.store;
      try {
        await fn({
          store: under.store, clock, reopen: async () => {
            await current.close();
            current = await under.reopen();
            return current;
          },
        });
      } finally {
        await current.close();
        await under.cleanup();
      }
    });

  describe(`ConversationStore contract: ${name}`, () => {
    test('append numbers messages 1, 2, 3... and gives strictly increasing times even when the clock stands still', async ({ store }) => {
      const a = await store.append<Msg>('chat', 'c1', pair('one'));
      const b = await store.append<Msg>('chat', 'c1', pair('two'));
      assert.deepEqual([...a, ...b].map((m) => m.seq), [1, 2, 3, 4]);
      const times = [...a, ...b].map((m) => Date.parse(m.at));
      for (let i = 1; i < times.length; i++) assert.ok(times[i] > times[i - 1], `time ${i} must be after time ${i - 1}`);
      assert.deepEqual(b[1].data, { role: 'bot', text: 'answer to two' });
    });

    test('read returns the conversation oldest first, and with `after` exactly the newer messages', async ({ store, clock }) => {
      const first = await store.append<Msg>('chat', 'c1', pair('one'));
      clock.t += 5_000;
      await store.append<Msg>('chat', 'c1', pair('two'));
      const all = await store.read<Msg>('chat', 'c1');
      assert.deepEqual(all.map((m) => m.data.text), ['one', 'answer to one', 'two', 'answer to two']);
      const newer = await store.read<Msg>('chat', 'c1', { after: first[1].at });
      assert.deepEqual(newer.map((m) => m.data.text), ['two', 'answer to two']);
      assert.deepEqual(await store.read('chat', 'c1', { after: all[3].at }), []);
      assert.deepEqual((await store.read<Msg>('chat', 'c1', { last: 1 })).map((m) => m.data.text), ['answer to two']);
    });

    test('conversations are apart by id and by kind; an unknown conversation reads as empty', async ({ store }) => {
      await store.append<Msg>('chat', 'c1', pair('chat one'));
      await store.append<Msg>('search', 'c1', pair('search one'));
      await store.append<Msg>('chat', '../c2 שלום/x', pair('odd id'));
      assert.deepEqual((await store.read<Msg>('chat', 'c1')).map((m) => m.data.text), ['chat one', 'answer to chat one']);
      assert.deepEqual((await store.read<Msg>('search', 'c1')).map((m) => m.data.text), ['search one', 'answer to search one']);
      assert.deepEqual((await store.read<Msg>('chat', '../c2 שלום/x')).map((m) => m.data.text), ['odd id', 'answer to odd id']);
      assert.deepEqual(await store.read('chat', 'nobody'), []);
    });

    test('clear removes that conversation only and says how many messages it had', async ({ store }) => {
      await store.append<Msg>('chat', 'c1', pair('one'));
      await store.append<Msg>('chat', 'c2', pair('two'));
      assert.equal(await store.clear('chat', 'c1'), 2);
      assert.equal(await store.clear('chat', 'c1'), 0);
      assert.deepEqual(await store.read('chat', 'c1'), []);
      assert.equal((await store.read('chat', 'c2')).length, 2);
      const again = await store.append<Msg>('chat', 'c1', pair('three'));
      assert.equal(again[0].seq >= 1, true);
      assert.deepEqual((await store.read<Msg>('chat', 'c1')).map((m) => m.data.text), ['three', 'answer to three']);
    });

    test('only the newest maxMessages of a conversation are kept', async ({ store }) => {
      for (let i = 0; i < 30; i++) await store.append<Msg>('chat', 'long', pair(`q${i}`));
      const kept = await store.read<Msg>('chat', 'long');
      assert.equal(kept.length, 10);
      assert.deepEqual(kept.map((m) => m.seq), [51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
      assert.equal(kept.at(-1)!.data.text, 'answer to q29');
    }, { maxMessages: 10 });

    test('stats count conversations, messages and exchanges; clear lowers the first two, clearAll resets all', async ({ store }) => {
      await store.append<Msg>('chat', 'c1', pair('one'));
      await store.append<Msg>('chat', 'c1', pair('two'));
      await store.append<Msg>('search', 'c2', pair('three'));
      assert.deepEqual(await store.stats(), { conversations: 2, messages: 6, exchanges: 3 });
      await store.clear('chat', 'c1');
      assert.deepEqual(await store.stats(), { conversations: 1, messages: 2, exchanges: 3 });
      await store.clearAll();
      assert.deepEqual(await store.stats(), { conversations: 0, messages: 0, exchanges: 0 });
      assert.deepEqual(await store.read('search', 'c2'), []);
    });

    test('prune removes conversations idle longer than maxAgeDays and keeps the others', async ({ store, clock }) => {
      const start = clock.t;
      await store.append<Msg>('chat', 'old', pair('old'));
      clock.t = start + 60 * DAY;
      await store.append<Msg>('chat', 'recent', pair('recent'));
      assert.deepEqual(await store.prune(new Date(start + 89 * DAY)), { conversations: 0, messages: 0 });
      assert.deepEqual(await store.prune(new Date(start + 100 * DAY)), { conversations: 1, messages: 2 });
      assert.deepEqual(await store.read('chat', 'old'), []);
      assert.equal((await store.read('chat', 'recent')).length, 2);
      assert.deepEqual(await store.stats(), { conversations: 1, messages: 2, exchanges: 2 });
    });

    test('concurrent appends to one conversation get distinct seqs and distinct times', async ({ store }) => {
      await Promise.all(Array.from({ length: 20 }, (_, i) => store.append<Msg>('chat', 'busy', pair(`q${i}`))));
      const all = await store.read<Msg>('chat', 'busy');
      assert.deepEqual(all.map((m) => m.seq), Array.from({ length: 40 }, (_, i) => i + 1));
      assert.equal(new Set(all.map((m) => m.at)).size, 40);
      // Each exchange stays together: a question is followed by its own answer.
      for (let i = 0; i < 40; i += 2) assert.equal(all[i + 1].data.text, `answer to ${all[i].data.text}`);
    });

    test('concurrent appends to many conversations keep every count exact', async ({ store }) => {
      await Promise.all(Array.from({ length: 40 }, (_, i) => store.append<Msg>('chat', `c${i % 10}`, pair(`q${i}`))));
      assert.deepEqual(await store.stats(), { conversations: 10, messages: 80, exchanges: 40 });
    });

    test('messages, seqs and counts survive a restart', async ({ store, reopen }) => {
      await store.append<Msg>('chat', 'c1', pair('before'));
      const again = await reopen();
      assert.deepEqual((await again.read<Msg>('chat', 'c1')).map((m) => m.data.text), ['before', 'answer to before']);
      const next = await again.append<Msg>('chat', 'c1', pair('after'));
      assert.deepEqual(next.map((m) => m.seq), [3, 4]);
      assert.deepEqual(await again.stats(), { conversations: 1, messages: 4, exchanges: 2 });
    });
  });
}
