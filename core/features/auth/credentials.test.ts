import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type pg from 'pg';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { settingsMigrations } from '../widget/pg-settings';
import { createAuth } from './auth';
import { createFileCredentialStore, createPgCredentialStore, TOKEN_FILE } from './credentials';
import { createCatalogSessionStore } from './sessions';
import { openCatalog } from '../../engines/catalog/catalog';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cred-'));
  dirs.push(d);
  return d;
};
const pools: pg.Pool[] = [];
after(async () => {
  await Promise.all(pools.map((p) => p.end()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const pgServer = postgresForTests(after);

test('file credentials: the first use creates the value, later uses read it back', async () => {
  const dir = tmp();
  const store = createFileCredentialStore(dir);
  const first = await store.getOrCreate('api-token', () => 'token-1');
  assert.deepEqual(first, { value: 'token-1', created: true });
  assert.deepEqual(await createFileCredentialStore(dir).getOrCreate('api-token', () => 'token-2'), { value: 'token-1', created: false });
  assert.equal(readFileSync(path.join(dir, TOKEN_FILE), 'utf8').trim(), 'token-1');
});

test('generated admin password and API token in PostgreSQL: two servers starting at once share one password (printed once) and one token', { skip: pgServer.skipReason || false }, async () => {
  const url = await (await pgServer.server()).createDatabase();
  pools.push(await openPool({ url, max: 4 }), await openPool({ url, max: 4 }));
  await migrate(pools[0]!, settingsMigrations);
  const printed: string[] = [];
  const auths = await Promise.all(pools.map(async (pool) => {
    const dataDir = tmp();
    const catalog = openCatalog(dataDir);
    return {
      dataDir,
      auth: await createAuth({
        credentials: createPgCredentialStore({ pool, dataDir }), username: 'admin', password: null, apiToken: null, sessionHours: 1, loginPerMinute: 100,
        sessions: createCatalogSessionStore(catalog), onGeneratedPassword: (pw) => printed.push(pw),
      }),
    };
  }));
  assert.equal(printed.length, 1, 'one of them generated the password and printed it');
  for (const { auth } of auths) assert.ok((await auth.login('admin', printed[0]!, '127.0.0.1')).token, 'the printed password signs in on both');
  const [a, b] = auths;
  assert.equal(a!.auth.apiToken, b!.auth.apiToken, 'one generated API token');
  assert.equal(readFileSync(path.join(b!.dataDir, TOKEN_FILE), 'utf8').trim(), b!.auth.apiToken, 'copied where the CLI reads it');
  assert.ok(await b!.auth.authenticate({ bearer: a!.auth.apiToken }));
});
