import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { createPgWidgetSettingsStore, settingsMigrations } from './pg-settings';
import { createWidgetSettingsStore, type WidgetSettingsStore } from './settings';

const dir = mkdtempSync(path.join(os.tmpdir(), 'widget-settings-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const pg = postgresForTests(after);

const cases: Array<{ name: string; skip?: string | false; open: () => Promise<{ make: () => WidgetSettingsStore; close: () => Promise<void> }> }> = [
  { name: 'data folder', open: async () => {
    const file = path.join(mkdtempSync(path.join(dir, 'f-')), 'widget.json');
    return { make: () => createWidgetSettingsStore({ file, envOrigins: ['https://www.brand.com'] }), close: async () => {} };
  } },
  { name: 'PostgreSQL (two servers)', skip: pg.skipReason, open: async () => {
    const pool = await openPool({ url: await (await pg.server()).createDatabase(), max: 3 });
    await migrate(pool, settingsMigrations);
    // Each make() is another server's store over the same database.
    return { make: () => createPgWidgetSettingsStore({ pool, envOrigins: ['https://www.brand.com'] }), close: () => pool.end() };
  } },
];

for (const c of cases) {
  test(`settings persist and are seen by another store at once; origins are normalised and joined with WIDGET_ORIGINS; bad origins and colours are refused (${c.name})`, { skip: c.skip || false }, async () => {
    const { make, close } = await c.open();
    try {
      const store = make();
      assert.deepEqual(await store.allowedOrigins(), ['https://www.brand.com']);
      await store.update({ origins: ['https://shop.brand.com/', ' http://127.0.0.1:8080 ', 'https://www.brand.com'], title: ' Help ', color: '#0f766e', greeting: '' });
      const again = make();
      assert.deepEqual(await again.get(), {
        origins: ['https://shop.brand.com', 'http://127.0.0.1:8080', 'https://www.brand.com'], title: 'Help', color: '#0f766e', greeting: null, envOrigins: ['https://www.brand.com'],
      });
      assert.deepEqual(await again.allowedOrigins(), ['https://www.brand.com', 'https://shop.brand.com', 'http://127.0.0.1:8080']);
      for (const bad of [{ origins: ['https://brand.com/page'] }, { origins: ['ftp://brand.com'] }, { origins: ['brand'] }, { color: 'red' }]) {
        await assert.rejects(again.update(bad), (e) => e instanceof AppError && e.code === 'validation', JSON.stringify(bad));
      }
      assert.equal((await again.get()).color, '#0f766e', 'a refused update changes nothing');
    } finally {
      await close();
    }
  });
}
