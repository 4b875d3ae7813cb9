import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { runConversationStoreContract } from '../../testing/conversation-store-contract';
import { conversationMigrations, openPgConversationStore } from './pg-store';

const pg = postgresForTests(after);

if (pg.skipReason) {
  describe('ConversationStore contract: PostgreSQL', () => it('runs on a real PostgreSQL', { skip: pg.skipReason }, () => {}));
} else {
  runConversationStoreContract('PostgreSQL', async ({ retention, now }) => {
    const url = await (await pg.server()).createDatabase();
    const pool = await openPool({ url, max: 5 });
    await migrate(pool, conversationMigrations);
    const open = async () => await openPgConversationStore({ pool, retention, now, pruneEveryMs: 0 });
    return { store: await open(), reopen: open, cleanup: () => pool.end() };
  });
}

describe('PostgreSQL conversation store on two servers', { skip: pg.skipReason }, () => {
  it('a poll answered from memory ("nothing new") still sees a message another server stored, within moments', async () => {
    const url = await (await pg.server()).createDatabase();
    const pools = [await openPool({ url, max: 3 }), await openPool({ url, max: 3 })];
    await migrate(pools[0], conversationMigrations);
    const [a, b] = await Promise.all(pools.map((pool) => openPgConversationStore({ pool, pruneEveryMs: 0 })));
    try {
      const first = await a.append('chat', 'shared_conversation_1', [{ text: 'one' }]);
      assert.equal((await b.read('chat', 'shared_conversation_1', { after: first[0].at })).length, 0);
      assert.equal((await b.read('chat', 'shared_conversation_1', { after: first[0].at })).length, 0, 'now known in memory');
      await a.append('chat', 'shared_conversation_1', [{ text: 'two' }]);
      const until = Date.now() + 3000;
      let seen: unknown[] = [];
      while (!seen.length && Date.now() < until) {
        seen = await b.read('chat', 'shared_conversation_1', { after: first[0].at });
        if (!seen.length) await new Promise((r) => setTimeout(r, 20));
      }
      assert.deepEqual(seen.map((m) => (m as { data: { text: string } }).data.text), ['two']);
      await a.clear('chat', 'shared_conversation_1');
      const gone = Date.now() + 3000;
      while ((await b.read('chat', 'shared_conversation_1')).length && Date.now() < gone) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(await b.read('chat', 'shared_conversation_1'), []);
    } finally {
      await a.close();
      await b.close();
      for (const p of pools) await p.end();
    }
  });
});
