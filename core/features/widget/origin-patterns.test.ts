/**
 * Widget origins are compared exactly by CORS, while frame-ancestors would
 * honour a pattern: a pattern such as https://*.example is therefore refused
 * wherever an origin is given (the console, WIDGET_ORIGINS), and one stored
 * before is not allowed anywhere.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { AppError } from '../../foundation/errors';
import { createWidgetSettingsStore, normalizeOrigin } from './settings';

const dir = mkdtempSync(path.join(os.tmpdir(), 'widget-patterns-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('an origin pattern is refused in the console settings with a hint, exact origins and * alone are accepted', () => {
  for (const pattern of ['https://*.example', 'https://*.brand.com', 'https://shop*.brand.com']) {
    assert.throws(() => normalizeOrigin(pattern), (e) => e instanceof AppError && e.code === 'validation' && /patterns are not supported/.test(e.message), pattern);
  }
  assert.equal(normalizeOrigin('https://shop.brand.com/'), 'https://shop.brand.com');
  assert.equal(normalizeOrigin('*'), '*');
});

test('an origin pattern in WIDGET_ORIGINS stops the start with the reason', () => {
  assert.throws(() => loadConfig({ WIDGET_ORIGINS: 'https://www.brand.com,https://*.example' }), /WIDGET_ORIGINS[^\n]*https:\/\/\*\.example[^\n]*patterns/);
  assert.deepEqual(loadConfig({ WIDGET_ORIGINS: 'https://www.brand.com' }).widget.origins, ['https://www.brand.com']);
});

test('a pattern stored before is allowed nowhere', async () => {
  const file = path.join(dir, 'widget.json');
  writeFileSync(file, JSON.stringify({ origins: ['https://*.example', 'https://www.brand.com'] }));
  assert.deepEqual(await createWidgetSettingsStore({ file, envOrigins: [] }).allowedOrigins(), ['https://www.brand.com']);
});
