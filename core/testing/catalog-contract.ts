/**
 * The behaviour every CatalogStore implementation must have (lowdb now,
 * PostgreSQL next). Run it from a *.test.ts beside the implementation:
 *   runCatalogContract('lowdb', async () => ({ open: () => openCatalog(dir), cleanup }))
 * `open` must return a store over the same data each time it is called, so
 * persistence across a reopen is checked.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CatalogStore } from '../catalog/types';
import { AppError } from '../errors';
import type { Category, Job } from '../types';

export interface CatalogHarness {
  open(): CatalogStore | Promise<CatalogStore>;
  cleanup(): Promise<void> | void;
}

const category = (name: string): Omit<Category, 'id'> => ({ name, description: '', createdDate: '2026-01-01T00:00:00.000Z', isActive: true });
const job = (itemId: number, state: Job['state'] = 'queued'): Omit<Job, 'id'> => ({
  kind: 'ingest', itemType: 'document', itemId, params: { a: 1 }, state, progress: 0, step: { code: 'queued', params: {}, text: 'Queued' },
  attempts: 0, error: null, createdAt: '', updatedAt: '', startedAt: null, finishedAt: null,
});

export function runCatalogContract(name: string, make: () => Promise<CatalogHarness>) {
  const withStore = (fn: (c: CatalogStore, h: CatalogHarness) => Promise<void> | void) => async () => {
    const h = await make();
    try {
      await fn(await h.open(), h);
    } finally {
      await h.cleanup();
    }
  };

  describe(`catalog contract: ${name}`, () => {
    it('gives ascending ids unique across collections, and keeps every write across a reopen', withStore(async (c, h) => {
      const a = c.categories.insert(category('A'));
      const j = c.jobs.insert(job(a.id));
      const b = c.categories.insert(category('B'));
      assert.ok(j.id > a.id && b.id > j.id);
      const again = await h.open();
      assert.deepEqual(again.categories.list().map((x) => x.name), ['A', 'B']);
      assert.deepEqual(again.jobs.require(j.id).params, { a: 1 }, 'nested values survive');
    }));

    it('lists sorted by id, filters, counts, finds, and require names what is missing', withStore((c) => {
      const ids = ['C', 'A', 'B'].map((n) => c.categories.insert(category(n)).id);
      assert.deepEqual(c.categories.list().map((x) => x.id), ids);
      assert.equal(c.categories.count((x) => x.name !== 'A'), 2);
      assert.equal(c.categories.find((x) => x.name === 'B')?.id, ids[2]);
      assert.throws(() => c.categories.require(999_999), (e: unknown) => e instanceof AppError && e.code === 'not_found' && /Category 999999/.test(e.message));
    }));

    it('updates with a patch or a mutator, updates many, and never changes the id', withStore((c) => {
      const x = c.categories.insert(category('X'));
      c.categories.update(x.id, { isActive: false, id: 42 } as Partial<Category>);
      c.categories.update(x.id, (r) => void (r.description = 'd'));
      assert.deepEqual({ ...c.categories.require(x.id) }, { ...x, isActive: false, description: 'd' });
      c.categories.insert(category('Y'));
      assert.equal(c.categories.updateWhere(() => true, (r) => void (r.isActive = true)), 2);
      assert.ok(c.categories.list().every((r) => r.isActive));
    }));

    it('returns copies: changing a returned row does not change the store', withStore((c) => {
      const x = c.categories.insert(category('X'));
      x.name = 'changed';
      const u = c.categories.update(x.id, { description: 'd' });
      u.name = 'changed too';
      assert.equal(c.categories.require(x.id).name, 'X');
    }));

    it('removes one row or every matching row', withStore((c) => {
      const [a, b, d] = ['a', 'b', 'd'].map((n) => c.categories.insert(category(n)));
      assert.equal(c.categories.remove(a.id)?.id, a.id);
      assert.equal(c.categories.remove(a.id), undefined);
      assert.deepEqual(c.categories.removeWhere((r) => r.id === b.id || r.id === d.id).map((r) => r.id), [b.id, d.id]);
      assert.equal(c.categories.count(), 0);
    }));

    it('puts a row under a reserved id, and refuses a second row with that id', withStore((c) => {
      const id = c.reserveId();
      assert.equal(c.categories.put({ id, ...category('R') }).id, id);
      assert.throws(() => c.categories.put({ id, ...category('R2') }), (e: unknown) => e instanceof AppError && e.code === 'conflict');
      assert.ok(c.categories.insert(category('S')).id > id);
    }));

    it('runs a transaction as one write and returns its result', withStore(async (c, h) => {
      const out = c.transaction(() => {
        const a = c.categories.insert(category('T1'));
        c.jobs.insert(job(a.id));
        return a.id;
      });
      assert.equal((await h.open()).jobs.find((j) => j.itemId === out)?.itemId, out);
    }));

    it('keeps the chat log in append order with ids, and removes by predicate', withStore((c) => {
      const base = { output: null, file: null, contentType: null, dateTime: '2026-01-01T00:00:00.000Z', userLanguage: 'en' } as const;
      const [u, b] = c.chatMessages.append([{ ...base, referenceId: 'r1', role: 'user', message: 'hi' }, { ...base, referenceId: 'r1', role: 'bot', message: 'hello' }]);
      c.chatMessages.append([{ ...base, referenceId: 'r2', role: 'user', message: 'x' }]);
      assert.ok(b.seq > u.seq && u.id !== b.id);
      assert.deepEqual(c.chatMessages.list((m) => m.referenceId === 'r1').map((m) => m.message), ['hi', 'hello']);
      assert.equal(c.chatMessages.removeWhere((m) => m.referenceId === 'r1'), 2);
      assert.equal(c.chatMessages.count(), 1);
    }));

    it('counts bot responses', withStore((c) => {
      const before = c.counters.get('botResponses');
      assert.equal(c.counters.increment('botResponses'), before + 1);
      assert.equal(c.counters.get('botResponses'), before + 1);
    }));

    it('gives the collection of an item type', withStore((c) => {
      assert.equal(c.items('document'), c.documents);
      assert.equal(c.items('presentation'), c.presentations);
      assert.equal(c.items('video'), c.videos);
    }));

    it('clearContent empties records but keeps sign-in sessions and the id sequence', withStore((c) => {
      const cat = c.categories.insert(category('n'));
      c.authSessions.insert({ tokenHash: 'h', createdAt: '', expiresAt: '' });
      c.counters.increment('botResponses');
      c.clearContent();
      assert.equal(c.categories.count(), 0);
      assert.equal(c.authSessions.count(), 1);
      assert.equal(c.counters.get('botResponses'), 0);
      assert.ok(c.reserveId() > cat.id);
    }));
  });
}
