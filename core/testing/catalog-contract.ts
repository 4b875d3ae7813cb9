/**
 * The behaviour every CatalogStore implementation must have (lowdb now,
 * PostgreSQL next). Run it from a *.test.ts beside the implementation:
 *   runCatalogContract('lowdb', async () => ({ open: () => openCatalog(dir), cleanup }))
 * `open` must return a store over the same data each time it is called, so
 * persistence across a reopen is checked.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CatalogStore, Cond } from '../engines/catalog/types';
import { AWAITS_REVIEW, awaitsReview, LISTED } from '../features/content/views';
import { AppError } from '../foundation/errors';
import type { Category, Job } from '../foundation/types';

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
      const a = await c.categories.insert(category('A'));
      const j = await c.jobs.insert(job(a.id));
      const b = await c.categories.insert(category('B'));
      assert.ok(j.id > a.id && b.id > j.id);
      const again = await h.open();
      assert.deepEqual((await again.categories.list()).map((x) => x.name), ['A', 'B']);
      assert.deepEqual((await again.jobs.require(j.id)).params, { a: 1 }, 'nested values survive');
    }));

    it('lists sorted by id, filters, counts, finds, and require names what is missing', withStore(async (c) => {
      const ids: number[] = [];
      for (const n of ['C', 'A', 'B']) ids.push((await c.categories.insert(category(n))).id);
      assert.deepEqual((await c.categories.list()).map((x) => x.id), ids);
      assert.equal(await c.categories.count((x) => x.name !== 'A'), 2);
      assert.equal((await c.categories.find((x) => x.name === 'B'))?.id, ids[2]);
      assert.equal(await c.categories.get(999_999), undefined);
      await assert.rejects(c.categories.require(999_999), (e: unknown) => e instanceof AppError && e.code === 'not_found' && /Category 999999/.test(e.message));
    }));

    it('answers a query: equality on fields, a filter after it, order, and a page', withStore(async (c) => {
      for (const [n, active] of [['d', true], ['b', false], ['a', true], ['c', true], ['e', true]] as const) {
        await c.categories.insert({ ...category(n), isActive: active });
      }
      const names = async (q: Parameters<typeof c.categories.list>[0]) => (await c.categories.list(q)).map((x) => x.name);
      assert.deepEqual(await names({ where: { isActive: true } }), ['d', 'a', 'c', 'e']);
      assert.deepEqual(await names({ where: { isActive: true }, orderBy: 'name' }), ['a', 'c', 'd', 'e']);
      assert.deepEqual(await names({ where: { isActive: true }, orderBy: 'name', desc: true, limit: 2 }), ['e', 'd']);
      assert.deepEqual(await names({ orderBy: 'name', offset: 1, limit: 2 }), ['b', 'c']);
      assert.deepEqual(await names({ where: { isActive: true }, filter: (x) => x.name !== 'c', orderBy: 'name', limit: 2 }), ['a', 'd']);
      assert.equal(await c.categories.count({ where: { isActive: false } }), 1);
      assert.equal((await c.categories.find({ where: { name: 'c' } }))?.name, 'c');
      await c.jobs.insert(job(7, 'done'));
      await c.jobs.insert(job(8, 'queued'));
      assert.deepEqual((await c.jobs.list({ where: { state: 'queued', itemType: 'document' } })).map((x) => x.itemId), [8]);
    }));

    it('pages by id: rows with an id above afterId, in id order, with the other parts of the query; a row deleted below it moves no other row', withStore(async (c) => {
      const made: { id: number; name: string }[] = [];
      for (const [n, active] of [['d', true], ['b', false], ['a', true], ['c', true], ['e', true]] as const) {
        made.push(await c.categories.insert({ ...category(n), isActive: active }));
      }
      const ids = async (q: Parameters<typeof c.categories.list>[0]) => (await c.categories.list(q)).map((x) => x.id);
      const id = made.map((x) => x.id);
      assert.deepEqual(await ids({ afterId: id[1], limit: 2 }), id.slice(2, 4));
      assert.deepEqual(await ids({ afterId: id[0], where: { isActive: true } }), [id[2], id[3], id[4]]);
      assert.deepEqual(await ids({ afterId: id[0], cond: { path: 'isActive', eq: true }, offset: 1, limit: 1 }), [id[3]]);
      assert.deepEqual(await ids({ afterId: id[2], filter: (x) => x.name !== 'c' }), [id[4]]);
      assert.deepEqual(await ids({ afterId: id[4] }), []);
      assert.deepEqual(await ids({ afterId: 0, limit: 2 }), id.slice(0, 2));
      await c.categories.remove(id[0]);
      assert.deepEqual(await ids({ afterId: id[1], limit: 2 }), id.slice(2, 4));
    }));

    it('answers a condition itself (equal, one of, set or missing, inside objects, and/or/not), pages it, and counts several at once', withStore(async (c) => {
      const rows = [
        { name: 'a', review: 'pending', status: 'failed', stepCode: { code: 'translate_failed' } },
        { name: 'b', review: null, status: 'completed' },
        { name: 'c', status: 'failed', stepCode: { code: 'extract_failed' } },
        { name: 'd', review: 'approved', status: 'completed', versionOf: 5 },
        { name: 'e', review: 'rejected', pendingVersion: { n: 2 }, isActive: false },
      ];
      for (const r of rows) await c.categories.insert({ ...category(r.name), ...r } as never);
      const names = async (cond: Cond, page: { limit?: number; offset?: number; desc?: boolean } = {}) =>
        (await c.categories.list({ cond, ...page })).map((x) => x.name);
      assert.deepEqual(await names({ path: 'review', eq: 'pending' }), ['a']);
      assert.deepEqual(await names({ path: 'review', set: false }), ['b', 'c'], 'null and missing are both not set');
      assert.deepEqual(await names({ path: 'review', set: true }), ['a', 'd', 'e']);
      assert.deepEqual(await names({ path: 'status', in: ['failed', 'completed'] }), ['a', 'b', 'c', 'd']);
      assert.deepEqual(await names({ not: { path: 'status', eq: 'failed' } }), ['b', 'd', 'e'], 'a missing value is not equal to anything');
      assert.deepEqual(await names({ path: 'stepCode.code', eq: 'translate_failed' }), ['a']);
      assert.deepEqual(await names({ path: 'pendingVersion', eq: { n: 2 } }), ['e']);
      assert.deepEqual(await names({ or: [] }), []);
      // The review queue's condition, answered by the store, means what the function means for one row.
      const all = await c.categories.list();
      assert.deepEqual(await names(AWAITS_REVIEW), all.filter((r) => awaitsReview(r as never)).map((r) => r.name));
      assert.deepEqual(await names(AWAITS_REVIEW), ['a', 'b', 'e']);
      assert.deepEqual(await names(AWAITS_REVIEW, { limit: 2, offset: 1 }), ['b', 'e']);
      assert.deepEqual(await names(AWAITS_REVIEW, { limit: 1, desc: true }), ['e']);
      assert.deepEqual((await c.categories.list({ cond: LISTED, where: { isActive: true }, filter: (x) => x.name !== 'a' })).map((x) => x.name), ['b', 'c']);
      assert.equal(await c.categories.count({ cond: AWAITS_REVIEW }), 3);
      assert.deepEqual(
        await c.categories.counts({ listed: { cond: LISTED }, waiting: { cond: AWAITS_REVIEW }, inactive: { where: { isActive: false } }, none: { cond: { or: [] } } }),
        { listed: 4, waiting: 3, inactive: 1, none: 0 },
      );
      assert.deepEqual(await c.jobs.counts({ queued: { where: { state: 'queued' } } }), { queued: 0 }, 'an empty collection counts 0');
      // Rows by id (PostgreSQL: through its key), with other conditions, ids of other collections and unknown ids answering nothing.
      const byName = Object.fromEntries(all.map((r) => [r.name, r.id]));
      const job7 = await c.jobs.insert(job(7));
      assert.deepEqual(await names({ path: 'id', in: [byName.e!, byName.a!, job7.id, 999_999] }), ['a', 'e']);
      assert.deepEqual((await c.categories.list({ where: { status: 'failed' } as never, cond: { path: 'id', in: [byName.a!, byName.b!] } })).map((x) => x.name), ['a']);
      assert.deepEqual(await names({ not: { path: 'id', in: [byName.a!, byName.b!, byName.c!] } }), ['d', 'e']);
      assert.equal(await c.categories.count({ cond: { path: 'id', in: [byName.d!] } }), 1);
    }));

    it('answers the different values of a field among matching rows, missing and null left out', withStore(async (c) => {
      const rows = [
        { name: 'a', status: 'completed', sourceLanguage: 'English', stepCode: { code: 'x' } },
        { name: 'b', status: 'approved', sourceLanguage: 'Hebrew', stepCode: { code: 'x' } },
        { name: 'c', status: 'completed', sourceLanguage: 'English', stepCode: { code: 'y' } },
        { name: 'd', status: 'failed', sourceLanguage: 'French' },
        { name: 'e', status: 'completed', sourceLanguage: null },
        { name: 'f', status: 'completed' },
        { name: 'g', status: 'completed', sourceLanguage: 3 },
      ];
      for (const r of rows) await c.categories.insert({ ...category(r.name), ...r } as never);
      const sorted = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).sort();
      assert.deepEqual(sorted(await c.categories.distinct('sourceLanguage', { cond: { path: 'status', in: ['completed', 'approved'] } })), ['"English"', '"Hebrew"', '3']);
      assert.deepEqual(sorted(await c.categories.distinct('sourceLanguage')), ['"English"', '"French"', '"Hebrew"', '3']);
      assert.deepEqual(sorted(await c.categories.distinct('sourceLanguage', { where: { status: 'failed' } as never })), ['"French"']);
      assert.deepEqual(sorted(await c.categories.distinct('stepCode.code')), ['"x"', '"y"']);
      assert.deepEqual(sorted(await c.categories.distinct('stepCode')), ['{"code":"x"}', '{"code":"y"}']);
      assert.deepEqual(sorted(await c.categories.distinct('name', { where: { isActive: true } })), ['"a"', '"b"', '"c"', '"d"', '"e"', '"f"', '"g"']);
      assert.deepEqual(await c.jobs.distinct('state'), [], 'an empty collection has none');
      // An item collection (PostgreSQL steps through its languages' index).
      for (const [status, sourceLanguage] of [['completed', 'English'], ['failed', 'German'], ['completed', null], ['approved', 'Hebrew'], ['completed', 'English']]) {
        await c.documents.insert({ ...category('doc'), status, sourceLanguage } as never);
      }
      await c.documents.insert({ ...category('doc'), status: 'completed' } as never);
      assert.deepEqual(sorted(await c.documents.distinct('sourceLanguage', { cond: { path: 'status', in: ['completed', 'approved'] } })), ['"English"', '"Hebrew"']);
      assert.deepEqual(sorted(await c.documents.distinct('sourceLanguage')), ['"English"', '"German"', '"Hebrew"']);
      // Every change shows at once: a write, a change of a row, and nothing of a transaction rolled back.
      const fr = await c.documents.insert({ ...category('doc'), status: 'completed', sourceLanguage: 'French' } as never);
      assert.deepEqual(sorted(await c.documents.distinct('sourceLanguage')), ['"English"', '"French"', '"German"', '"Hebrew"']);
      await c.documents.update(fr.id, (r) => void ((r as unknown as { sourceLanguage: string }).sourceLanguage = 'Arabic'));
      assert.deepEqual(sorted(await c.documents.distinct('sourceLanguage')), ['"Arabic"', '"English"', '"German"', '"Hebrew"']);
      await assert.rejects(c.transaction(async (tx) => {
        await tx.documents.insert({ ...category('doc'), status: 'completed', sourceLanguage: 'Spanish' } as never);
        assert.ok((await tx.documents.distinct('sourceLanguage')).includes('Spanish'), 'seen inside the transaction');
        throw new Error('rolled back');
      }), /rolled back/);
      assert.deepEqual(sorted(await c.documents.distinct('sourceLanguage')), ['"Arabic"', '"English"', '"German"', '"Hebrew"']);
      await c.documents.remove(fr.id);
      assert.deepEqual(sorted(await c.documents.distinct('sourceLanguage')), ['"English"', '"German"', '"Hebrew"']);
    }));

    it('updates with a patch or a mutator, updates many, and never changes the id', withStore(async (c) => {
      const x = await c.categories.insert(category('X'));
      await c.categories.update(x.id, { isActive: false, id: 42 } as Partial<Category>);
      await c.categories.update(x.id, (r) => void (r.description = 'd'));
      assert.deepEqual({ ...(await c.categories.require(x.id)) }, { ...x, isActive: false, description: 'd' });
      await c.categories.insert(category('Y'));
      assert.equal(await c.categories.updateWhere(() => true, (r) => void (r.isActive = true)), 2);
      assert.ok((await c.categories.list()).every((r) => r.isActive));
      await assert.rejects(c.categories.update(999_999, { name: 'n' }), (e: unknown) => e instanceof AppError && e.code === 'not_found');
    }));

    it('applies every one of many concurrent updates of one row', withStore(async (c) => {
      const x = await c.categories.insert(category('0'));
      await Promise.all(Array.from({ length: 20 }, () => c.categories.update(x.id, (r) => void (r.name = String(Number(r.name) + 1)))));
      assert.equal((await c.categories.require(x.id)).name, '20');
    }));

    it('returns copies: changing a returned row does not change the store', withStore(async (c) => {
      const x = await c.categories.insert(category('X'));
      x.name = 'changed';
      const u = await c.categories.update(x.id, { description: 'd' });
      u.name = 'changed too';
      assert.equal((await c.categories.require(x.id)).name, 'X');
    }));

    it('removes one row or every matching row', withStore(async (c) => {
      const [a, b, d] = [await c.categories.insert(category('a')), await c.categories.insert(category('b')), await c.categories.insert(category('d'))];
      assert.equal((await c.categories.remove(a.id))?.id, a.id);
      assert.equal(await c.categories.remove(a.id), undefined);
      assert.deepEqual((await c.categories.removeWhere((r) => r.id === b.id || r.id === d.id)).map((r) => r.id), [b.id, d.id]);
      assert.equal(await c.categories.count(), 0);
    }));

    it('puts a row under a reserved id, and refuses a second row with that id', withStore(async (c) => {
      const id = await c.reserveId();
      assert.equal((await c.categories.put({ id, ...category('R') })).id, id);
      await assert.rejects(c.categories.put({ id, ...category('R2') }), (e: unknown) => e instanceof AppError && e.code === 'conflict');
      assert.ok((await c.categories.insert(category('S'))).id > id);
    }));

    it('runs a transaction as one write and returns its result', withStore(async (c, h) => {
      const out = await c.transaction(async (tx) => {
        const a = await tx.categories.insert(category('T1'));
        await tx.jobs.insert(job(a.id));
        return a.id;
      });
      assert.equal((await (await h.open()).jobs.find((j) => j.itemId === out))?.itemId, out);
    }));

    it('a transaction that throws changes nothing', withStore(async (c, h) => {
      const keep = await c.categories.insert(category('keep'));
      await assert.rejects(c.transaction(async (tx) => {
        await tx.categories.insert(category('gone'));
        await tx.categories.update(keep.id, { name: 'changed' });
        throw new AppError('validation', 'no');
      }), (e: unknown) => e instanceof AppError && e.code === 'validation');
      assert.deepEqual((await c.categories.list()).map((x) => x.name), ['keep']);
      assert.deepEqual((await (await h.open()).categories.list()).map((x) => x.name), ['keep']);
    }));

    it('keeps the chat log in append order with ids, and removes by predicate', withStore(async (c) => {
      const base = { output: null, file: null, contentType: null, dateTime: '2026-01-01T00:00:00.000Z', userLanguage: 'en' } as const;
      const [u, b] = await c.chatMessages.append([{ ...base, referenceId: 'r1', role: 'user', message: 'hi' }, { ...base, referenceId: 'r1', role: 'bot', message: 'hello' }]);
      await c.chatMessages.append([{ ...base, referenceId: 'r2', role: 'user', message: 'x' }]);
      assert.ok(b.seq > u.seq && u.id !== b.id);
      assert.deepEqual((await c.chatMessages.list((m) => m.referenceId === 'r1')).map((m) => m.message), ['hi', 'hello']);
      assert.equal(await c.chatMessages.removeWhere((m) => m.referenceId === 'r1'), 2);
      assert.equal(await c.chatMessages.count(), 1);
    }));

    it('counts bot responses', withStore(async (c) => {
      const before = await c.counters.get('botResponses');
      assert.equal(await c.counters.increment('botResponses'), before + 1);
      assert.equal(await c.counters.get('botResponses'), before + 1);
    }));

    it('gives the collection of an item type', withStore((c) => {
      assert.equal(c.items('document'), c.documents);
      assert.equal(c.items('presentation'), c.presentations);
      assert.equal(c.items('video'), c.videos);
    }));

    it('clearContent empties records but keeps sign-in sessions and the id sequence', withStore(async (c) => {
      const cat = await c.categories.insert(category('n'));
      await c.authSessions.insert({ tokenHash: 'h', createdAt: '', expiresAt: '' });
      await c.counters.increment('botResponses');
      await c.clearContent();
      assert.equal(await c.categories.count(), 0);
      assert.equal(await c.authSessions.count(), 1);
      assert.equal(await c.counters.get('botResponses'), 0);
      assert.ok((await c.reserveId()) > cat.id);
    }));
  });
}
