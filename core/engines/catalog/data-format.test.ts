/**
 * An old version refusing a newer data folder: the data folder carries a
 * format stamp; a start on a folder a newer format wrote is refused with a
 * message naming both versions and what to do, before anything reads the
 * folder (instead of starting "ok" and failing every search); a missing or
 * older stamp is brought up to date.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { createServices } from '../../composition/services';
import { checkDataFormat, DATA_FORMAT, FORMAT_FILE } from './data-format';

const root = mkdtempSync(path.join(os.tmpdir(), 'data-format-'));
after(() => rmSync(root, { recursive: true, force: true }));
const folder = (name: string) => path.join(root, name);

describe('data format stamp', () => {
  it('a new folder is stamped with this format; an older stamp is raised; the same is left', () => {
    const dir = mkdtempSync(folder('new-'));
    assert.deepEqual(checkDataFormat(dir, { format: 2, version: '1.0.0' }), { format: 2, previous: null });
    assert.equal(JSON.parse(readFileSync(path.join(dir, FORMAT_FILE), 'utf8')).format, 2);
    writeFileSync(path.join(dir, FORMAT_FILE), JSON.stringify({ format: 1, version: '0.9.0', writtenAt: '2026-01-01T00:00:00Z' }));
    assert.deepEqual(checkDataFormat(dir, { format: 2, version: '1.0.0' }), { format: 2, previous: 1 });
    assert.equal(JSON.parse(readFileSync(path.join(dir, FORMAT_FILE), 'utf8')).version, '1.0.0');
  });

  it('a folder stamped by a newer format is refused, naming both versions and what to do, and the stamp is left as it was', () => {
    const dir = mkdtempSync(folder('newer-'));
    const newer = JSON.stringify({ format: 3, version: '2.0.0', writtenAt: '2027-01-01T00:00:00Z' });
    writeFileSync(path.join(dir, FORMAT_FILE), newer);
    assert.throws(() => checkDataFormat(dir, { format: 2, version: '1.0.0' }), (e: Error & { code?: string }) =>
      e.code === 'conflict' && /last used by a newer version \(2\.0\.0, data format 3\); this is 1\.0\.0 \(data format 2\)/.test(e.message) && /Run the newer version/.test(e.message));
    assert.equal(readFileSync(path.join(dir, FORMAT_FILE), 'utf8'), newer);
  });

  it('the product refuses to start on a data folder of a newer format, before it opens the catalog', async () => {
    const dir = mkdtempSync(folder('start-'));
    writeFileSync(path.join(dir, FORMAT_FILE), JSON.stringify({ format: DATA_FORMAT + 1, version: '99.0.0', writtenAt: '2030-01-01T00:00:00Z' }));
    await assert.rejects(createServices(loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789' }), { lock: false, startWorker: false }),
      (e: Error) => /last used by a newer version \(99\.0\.0/.test(e.message));
    assert.equal(existsSync(path.join(dir, 'db.json')), false, 'nothing was written into the folder');
  });
});
