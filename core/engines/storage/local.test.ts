import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { AppError } from '../../foundation/errors';
import { INVALID_KEYS, runObjectStoreContract } from '../../testing/object-store-contract';
import { createLocalStore } from './local';

const tempRoot = () => mkdtemp(path.join(os.tmpdir(), 'local-store-'));
/** A temp folder removed when the test ends, pass or fail. */
async function tempFor(t: TestContext) {
  const dir = await tempRoot();
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

runObjectStoreContract('local disk', async () => {
  const root = await tempRoot();
  return { store: createLocalStore({ root }), cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe('local store specifics', () => {
  it('does not follow symbolic links inside the store, to a file or to a folder outside it', async (t) => {
    const dir = await tempFor(t);
    const root = path.join(dir, 'objects');
    const outside = path.join(dir, 'outside');
    await mkdir(path.join(root, 'documents'), { recursive: true });
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'documents', '1_secret.txt'));
    await symlink(outside, path.join(root, 'images'));
    const store = createLocalStore({ root });
    await store.put('documents/2_real.txt', Buffer.from('real'));
    for (const key of ['documents/1_secret.txt', 'images/secret.txt']) {
      assert.equal(await store.head(key), null, key);
      await assert.rejects(store.get(key), (e: unknown) => e instanceof AppError && e.code === 'not_found', key);
    }
    assert.deepEqual((await store.list()).objects.map((o) => o.key), ['documents/2_real.txt']);
    assert.equal((await store.head('documents/2_real.txt'))?.size, 4);
  });

  it('refuses bad keys before touching the disk, even when the disk is unusable', async (t) => {
    const dir = await tempFor(t);
    const notADir = path.join(dir, 'file');
    await writeFile(notADir, 'x');
    const store = createLocalStore({ root: notADir });
    for (const key of INVALID_KEYS) {
      await assert.rejects(store.put(key, Buffer.from('x')), (e: unknown) => e instanceof AppError && e.code === 'validation');
    }
    await assert.rejects(store.put('ok/key', Buffer.from('x')), (e: unknown) => e instanceof AppError && e.code === 'unavailable');
    assert.equal((await store.health()).ok, false);
  });

  it('keeps its temp folder out of keys and listings, and leaves no temp files', async (t) => {
    const root = await tempFor(t);
    const store = createLocalStore({ root });
    await store.put('a/b.txt', Buffer.from('x'));
    await assert.rejects(store.put('.tmp/x', Buffer.from('x')), (e: unknown) => e instanceof AppError && e.code === 'validation');
    assert.deepEqual((await store.list()).objects.map((o) => o.key), ['a/b.txt']);
    assert.deepEqual(await readdir(path.join(root, '.tmp')), []);
    await store.delete('a/b.txt');
    assert.deepEqual(await readdir(root), ['.tmp'], 'empty folders are removed on delete');
  });

  it('a key that clashes with a folder or a file of the same name is a conflict, not a raw disk error', async (t) => {
    const root = await tempFor(t);
    const store = createLocalStore({ root });
    await store.put('a/b', Buffer.from('x'));
    await assert.rejects(store.put('a', Buffer.from('y')), (e: unknown) => e instanceof AppError && e.code === 'conflict');
    await assert.rejects(store.put('a/b/c', Buffer.from('y')), (e: unknown) => e instanceof AppError && e.code === 'conflict');
    await store.delete('a'); // a folder is not an object: nothing to delete
    assert.equal((await store.head('a/b'))?.size, 1);
  });

  it('puts into a folder survive concurrent deletes that empty it', async (t) => {
    const root = await tempFor(t);
    const store = createLocalStore({ root });
    for (let round = 0; round < 20; round++) {
      await store.put('f/old.txt', Buffer.from('old'));
      await Promise.all([store.put('f/new.txt', Buffer.from('new')), store.delete('f/old.txt')]);
      assert.equal((await store.head('f/new.txt'))?.size, 3);
      await store.delete('f/new.txt');
    }
  });
});
