import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { settingsMigrations } from '../widget/pg-settings';
import { createPgGlossaryStore } from './pg-glossary';

const pg = postgresForTests(after);

test('the glossary in PostgreSQL: a term added through one process is in the other\'s at once; 20 edits at once from two processes all apply', { skip: pg.skipReason || false }, async () => {
  const url = await (await pg.server()).createDatabase();
  const pools = [await openPool({ url, max: 4 }), await openPool({ url, max: 4 })];
  try {
    await migrate(pools[0], settingsMigrations);
    const [a, b] = pools.map((p) => createPgGlossaryStore(p));
    assert.deepEqual(await b.get(), { version: 0, entries: [] });
    await a.put({ term: 'AuraShade', translations: { hebrew: 'אורה-שייד' } });
    assert.deepEqual((await b.get()).entries, [{ term: 'AuraShade', translations: { hebrew: 'אורה-שייד' } }]);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).put({ term: `T${i}` })));
    const g = await a.get();
    assert.equal(g.entries.length, 21);
    assert.equal(g.version, 21);
    await assert.rejects(b.remove('nope'), /not in the glossary/);
    await assert.rejects(a.put({ term: ' ' }), /non-empty "term"/);
    assert.equal((await b.get()).version, 21, 'a refused edit changes nothing');
  } finally {
    for (const p of pools) await p.end();
  }
});
