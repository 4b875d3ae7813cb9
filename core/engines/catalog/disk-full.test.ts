import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../foundation/errors';
import { openCatalog } from './catalog';

// A real full disk: a 256 KiB tmpfs (the tests run as root here), filled up after the catalog exists.
let mountDir: string;
before(() => {
  mountDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mountDir]);
});
after(() => {
  try { execFileSync('umount', [mountDir]); } catch { /* not mounted */ }
  rmSync(mountDir, { recursive: true, force: true });
});

describe('a catalog write on a full disk', () => {
  it('fails with "the disk is full" and leaves memory and the file as they were', async () => {
    const c = openCatalog(mountDir);
    const kept = await c.categories.insert({ name: 'Kept', description: '', createdDate: 'x', isActive: true });
    const nextIdBefore = await c.reserveId() + 1;
    const file = path.join(mountDir, 'db.json');
    const diskBefore = readFileSync(file, 'utf8');
    // Fill the rest of the disk.
    try { writeFileSync(path.join(mountDir, 'filler'), Buffer.alloc(512 * 1024)); } catch { /* ENOSPC: full now */ }

    await assert.rejects(async () => await c.categories.insert({ name: 'Lost', description: 'x'.repeat(200_000), createdDate: 'x', isActive: true }), (e: unknown) => {
      assert.ok(e instanceof AppError);
      assert.equal(e.code, 'unavailable');
      assert.match(e.message, /The change was not saved: the disk holding .* is full/);
      return true;
    });
    await assert.rejects(async () => await c.categories.update(kept.id, { name: 'Renamed', description: 'y'.repeat(200_000) }), AppError);
    await assert.rejects(async () => await c.transaction(async () => { await c.categories.remove(kept.id); await c.counters.increment('botResponses', 99); await c.documents.put({ id: 777 } as never); }), AppError);

    // Memory: as before the failed writes, so nothing is served that is not on disk.
    assert.deepEqual((await c.categories.list()).map((x) => x.name), ['Kept']);
    assert.equal((await c.categories.require(kept.id)).description, '');
    assert.equal(await c.counters.get('botResponses'), 0);
    assert.equal(await c.documents.count(), 0);
    assert.equal(readFileSync(file, 'utf8'), diskBefore);

    // Space again: the next write succeeds and carries only its own change.
    rmSync(path.join(mountDir, 'filler'));
    assert.equal(await c.reserveId(), nextIdBefore, 'ids taken by failed writes are given again');
    await c.categories.insert({ name: 'After', description: '', createdDate: 'x', isActive: true });
    assert.deepEqual((await openCatalog(mountDir).categories.list()).map((x) => x.name), ['Kept', 'After']);
  });
});
