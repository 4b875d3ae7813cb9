import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { migrate } from '../postgres/migrate';
import { openPool } from '../postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { createFeedSearchIndex, searchFeedMigrations } from './feed';
import { createHashEmbedder } from './hash-embedder';
import { createSearchIndex } from './index';
import type { Chunk } from './types';

const pg = postgresForTests(after);

const chunk = (itemId: number, ordinal: number, text: string): Chunk => ({
  id: `document:${itemId}:${ordinal}`, itemType: 'document', itemId, title: `Guide ${itemId}`, text, page: 1, slide: null, heading: null,
  language: 'en', imageIds: [], ordinal,
});

/** A server's search index on the shared database (lexical only here: the vectors' sharing is Chroma's). */
async function server(url: string, dataDir: string | null = null, logs: string[] = [], pollMs = 50) {
  const pool = await openPool({ url, max: 4 });
  const index = await createFeedSearchIndex({ index: await createSearchIndex({ dataDir, chromaUrl: null, embedder: createHashEmbedder() }), pool, pollMs, log: (m) => logs.push(m) });
  return { index, async close() { await index.close(); await pool.end(); } };
}

describe('search change feed on PostgreSQL', { skip: pg.skipReason }, () => {
  it('chunks indexed through one server are found on another; a deletion and a clear reach it too; a new server builds its copy at start', async () => {
    const url = await (await pg.server()).createDatabase();
    const setup = await openPool({ url });
    await migrate(setup, searchFeedMigrations);
    await setup.end();
    const a = await server(url);
    const b = await server(url);
    try {
      await a.index.upsert([chunk(1, 0, 'Hold the pairing button for five seconds until the motor beeps.'), chunk(2, 0, 'The Zigbee hub needs a 2.4 GHz network.')]);
      await b.index.catchUp();
      assert.equal((await b.index.search('pairing button motor beeps', { k: 1 }))[0]?.chunk.id, 'document:1:0');
      assert.equal(await b.index.count(), 2);

      // Without an explicit catch-up, the poll brings it within moments.
      await a.index.upsert([chunk(3, 0, 'Clean the solar panel with a soft cloth twice a year.')]);
      const until = Date.now() + 5000;
      while ((await b.index.count()) < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      assert.equal((await b.index.search('solar panel cloth', { k: 1 }))[0]?.chunk.id, 'document:3:0');

      await b.index.deleteItem('document', 1);
      await a.index.catchUp();
      assert.equal((await a.index.search('pairing button motor beeps', { k: 3 })).some((h) => h.chunk.itemId === 1), false);

      const c = await server(url);
      try {
        assert.equal(await c.index.count(), 2, 'built from the stored chunks at start');
        assert.equal((await c.index.search('Zigbee hub network', { k: 1 }))[0]?.chunk.id, 'document:2:0');
        await c.index.clear();
        await a.index.catchUp();
        assert.equal(await a.index.count(), 0);
      } finally {
        await c.close();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a server restarting on its kept lexical file applies only the changes made while it was away', async () => {
    const url = await (await pg.server()).createDatabase();
    const setup = await openPool({ url });
    await migrate(setup, searchFeedMigrations);
    await setup.end();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'feed-lex-'));
    const a = await server(url);
    try {
      await a.index.upsert([chunk(1, 0, 'Hold the pairing button for five seconds until the motor beeps.'), chunk(2, 0, 'The Zigbee hub needs a 2.4 GHz network.')]);
      const first = await server(url, dir);
      await first.close();
      await a.index.upsert([chunk(3, 0, 'Clean the solar panel with a soft cloth twice a year.')]);
      await a.index.deleteItem('document', 1);
      const logs: string[] = [];
      const again = await server(url, dir, logs);
      try {
        assert.ok(logs.some((m) => /kept from the last run/.test(m)), logs.join('\n'));
        assert.equal(await again.index.count(), 2);
        assert.equal((await again.index.search('solar panel cloth', { k: 1 }))[0]?.chunk.id, 'document:3:0');
        assert.equal((await again.index.search('pairing button motor beeps', { k: 3 })).some((h) => h.chunk.itemId === 1), false);
      } finally {
        await again.close();
      }
    } finally {
      await a.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a re-indexed item is found on its own server as soon as the write returns, even when a poll that read its older delete is still applying', async () => {
    const url = await (await pg.server()).createDatabase();
    const setup = await openPool({ url });
    await migrate(setup, searchFeedMigrations);
    await setup.end();
    // No timed poll: the test starts the catch-up itself, at the moment that raced.
    const a = await server(url, null, [], 3_600_000);
    try {
      await a.index.upsert([chunk(1, 0, 'The aubergine gateway pairs in five seconds.')]);
      // Re-indexing a new version: the old chunks go, then the new ones come under the same ids.
      await a.index.deleteItem('document', 1);
      const poll = a.index.catchUp();
      await a.index.upsert([chunk(1, 0, 'The turquoise gateway pairs in three seconds.')]);
      await poll;
      const hits = await a.index.search('turquoise gateway', { k: 3 });
      assert.deepEqual(hits.map((h) => h.chunk.text), ['The turquoise gateway pairs in three seconds.'], 'the older delete is not applied over the newer write');
      assert.equal(await a.index.count(), 1);
    } finally {
      await a.close();
    }
  });
});
