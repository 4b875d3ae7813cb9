import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openCatalog } from './catalog';
import { acquireLock, readLock } from './lock';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'catalog-'));

describe('catalog', () => {
  it('writes every acknowledged change to the JSON file on disk', async () => {
    const dir = tmp();
    const c = openCatalog(dir);
    await c.categories.insert({ name: 'A', description: '', createdDate: 'x', isActive: true });
    await c.categories.insert({ name: 'B', description: '', createdDate: 'x', isActive: true });
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'db.json'), 'utf8'));
    assert.deepEqual(onDisk.categories.map((x: { name: string }) => x.name), ['A', 'B']);
  });

  it('opens a file written by an older version and fills the missing collections', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ version: 1, nextId: 7, categories: [] }));
    const c = openCatalog(dir);
    assert.deepEqual(await c.documents.list(), []);
    assert.equal((await c.categories.insert({ name: 'n', description: '', createdDate: '', isActive: true })).id, 7);
  });

  it('refuses a catalog file that is not JSON with a clear error', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'db.json'), '{"half');
    assert.throws(() => openCatalog(dir), /not readable JSON/);
  });

  it('reads jobs written before jobs had params, progress and structured errors', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ version: 1, nextId: 2, jobs: [
      { id: 1, kind: 'ingest', itemType: 'document', itemId: 5, state: 'failed', attempts: 1, error: 'The PDF is damaged', createdAt: '', updatedAt: '', startedAt: null, finishedAt: null },
    ] }));
    const j = await openCatalog(dir).jobs.require(1);
    assert.deepEqual(j.error, { code: 'internal', message: 'The PDF is damaged' });
    assert.deepEqual(j.params, {});
    assert.equal(j.progress, 0);
  });
});

describe('data folder lock', () => {
  it('is held by one live process, and a stale lock is taken over', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 999999, url: null, startedAt: '' }));
    assert.equal(readLock(dir), null, 'a dead pid is not a holder');
    const lock = acquireLock(dir, 'http://x');
    assert.equal(readLock(dir)?.pid, process.pid);
    lock.release();
    assert.equal(readLock(dir), null);
  });
});
