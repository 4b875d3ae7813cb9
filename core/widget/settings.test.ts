import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { AppError } from '../errors';
import { createWidgetSettingsStore } from './settings';

const dir = mkdtempSync(path.join(os.tmpdir(), 'widget-settings-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('settings persist; origins are normalised and joined with WIDGET_ORIGINS; bad origins and colours are refused', () => {
  const file = path.join(dir, 'widget.json');
  const store = createWidgetSettingsStore({ file, envOrigins: ['https://www.brand.com'] });
  assert.deepEqual(store.allowedOrigins(), ['https://www.brand.com']);
  store.update({ origins: ['https://shop.brand.com/', ' http://127.0.0.1:8080 ', 'https://www.brand.com'], title: ' Help ', color: '#0f766e', greeting: '' });
  const again = createWidgetSettingsStore({ file, envOrigins: ['https://www.brand.com'] });
  assert.deepEqual(again.get(), {
    origins: ['https://shop.brand.com', 'http://127.0.0.1:8080', 'https://www.brand.com'], title: 'Help', color: '#0f766e', greeting: null, envOrigins: ['https://www.brand.com'],
  });
  assert.deepEqual(again.allowedOrigins(), ['https://www.brand.com', 'https://shop.brand.com', 'http://127.0.0.1:8080']);
  for (const bad of [{ origins: ['https://brand.com/page'] }, { origins: ['ftp://brand.com'] }, { origins: ['brand'] }, { color: 'red' }]) {
    assert.throws(() => again.update(bad), (e) => e instanceof AppError && e.code === 'validation', JSON.stringify(bad));
  }
  assert.equal(again.get().color, '#0f766e', 'a refused update changes nothing');
});
