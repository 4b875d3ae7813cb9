import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { postgresForTests } from '../testing/postgres';
import { runConversationStoreContract } from './contract';
import { conversationMigrations, createPgConversationStore } from './pg-store';

const pg = postgresForTests(after);

if (pg.skipReason) {
  describe('ConversationStore contract: PostgreSQL', () => it('runs on a real PostgreSQL', { skip: pg.skipReason }, () => {}));
} else {
  runConversationStoreContract('PostgreSQL', async ({ retention, now }) => {
    const url = await (await pg.server()).createDatabase();
    const pool = await openPool({ url, max: 5 });
    await migrate(pool, conversationMigrations);
    const open = async () => createPgConversationStore({ pool, retention, now, pruneEveryMs: 0 });
    return { store: await open(), reopen: open, cleanup: () => pool.end() };
  });
}
