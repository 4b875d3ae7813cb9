import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type pg from 'pg';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { createPgTranslationMemory, translationMemoryMigrations } from './pg-memory';

const pools: pg.Pool[] = [];
after(async () => { await Promise.all(pools.map((p) => p.end())); });
const pgServer = postgresForTests(after);
const scope = { source: 'english' as const, target: 'spanish' as const, glossaryVersion: 1 };

test('the translation memory in PostgreSQL: a segment stored through one process is found by another at once, by text, pair and glossary version; a correction replaces it', { skip: pgServer.skipReason || false }, async () => {
  const url = await (await pgServer.server()).createDatabase();
  pools.push(await openPool({ url, max: 4 }), await openPool({ url, max: 4 }));
  await migrate(pools[0]!, translationMemoryMigrations);
  const [a, b] = pools.map((p) => createPgTranslationMemory(p));
  const long = `${'A very long paragraph. '.repeat(400)}End.`;
  await a!.store(scope, new Map([['Hello', 'Hola'], ['Motor', 'Motor'], [long, 'Un párrafo largo.']]));
  await a!.store({ ...scope, target: 'french' }, new Map([['Hello', 'Bonjour']]));
  assert.deepEqual([...await b!.lookup(scope, ['Hello', 'Motor', 'Unknown', long])].sort(), [['Hello', 'Hola'], ['Motor', 'Motor'], [long, 'Un párrafo largo.']].sort());
  assert.equal((await b!.lookup({ ...scope, glossaryVersion: 2 }, ['Hello'])).size, 0, 'another glossary version misses');
  assert.equal((await b!.lookup({ ...scope, target: 'french' }, ['Hello'])).get('Hello'), 'Bonjour');
  await b!.store(scope, new Map([['Hello', '¡Hola!']]));
  assert.equal((await a!.lookup(scope, ['Hello'])).get('Hello'), '¡Hola!', 'the correction is what every process sees');
  assert.equal(await a!.size('english', 'spanish'), 3);
  // Stores from both processes at once all land.
  await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a! : b!).store(scope, new Map([[`s${i}`, `t${i}`]]))));
  assert.equal(await b!.size('english', 'spanish'), 23);
});
