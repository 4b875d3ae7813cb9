import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { AppError } from '../errors';
import { Catalog } from './catalog';
import { acquireLock, readLock } from './lock';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'catalog-'));

describe('catalog', () => {
  it('gives ascending numeric ids and persists every acknowledged write to disk', () => {
    const dir = tmp();
    const c = new Catalog(dir);
    const a = c.categories.insert({ name: 'A', description: '', createdDate: 'x', isActive: true });
    const b = c.categories.insert({ name: 'B', description: '', createdDate: 'x', isActive: true });
    assert.ok(b.id > a.id);
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'db.json'), 'utf8'));
    assert.deepEqual(onDisk.categories.map((x: { name: string }) => x.name), ['A', 'B']);
    const reopened = new Catalog(dir);
    assert.equal(reopened.categories.get(b.id)?.name, 'B');
  });

  it('lists sorted by id, updates with a patch or a mutator, and removes', () => {
    const c = new Catalog(tmp());
    const x = c.categories.insert({ name: 'X', description: '', createdDate: 'x', isActive: true });
    c.categories.update(x.id, { isActive: false });
    c.categories.update(x.id, (r) => void (r.description = 'd'));
    assert.deepEqual({ ...c.categories.require(x.id) }, { ...x, isActive: false, description: 'd' });
    assert.equal(c.categories.remove(x.id)?.id, x.id);
    assert.throws(() => c.categories.require(x.id), (e: unknown) => e instanceof AppError && e.code === 'not_found');
  });

  it('opens a file written by an older version and fills the missing collections', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ version: 1, nextId: 7, categories: [] }));
    const c = new Catalog(dir);
    assert.deepEqual(c.documents.list(), []);
    assert.equal(c.categories.insert({ name: 'n', description: '', createdDate: '', isActive: true }).id, 7);
  });

  it('refuses a catalog file that is not JSON with a clear error', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'db.json'), '{"half');
    assert.throws(() => new Catalog(dir), /not readable JSON/);
  });

  it('clearContent empties records but keeps sign-in sessions and the id counter', () => {
    const c = new Catalog(tmp());
    c.categories.insert({ name: 'n', description: '', createdDate: '', isActive: true });
    c.authSessions.insert({ tokenHash: 'h', createdAt: '', expiresAt: '' });
    const next = c.data.nextId;
    c.clearContent();
    assert.equal(c.categories.count(), 0);
    assert.equal(c.authSessions.count(), 1);
    assert.equal(c.data.nextId, next);
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
