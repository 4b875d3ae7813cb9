import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from './testing';

/**
 * The list routes page (limit and offset, by id) and say the whole length in
 * X-Total-Count; without parameters they answer as before, whole, up to
 * LIST_PAGE_MAX rows (the file store here; server/pg-store.test.ts pages a
 * catalog past that in PostgreSQL).
 */

let server: TestServer;
before(async () => {
  server = await startTestServer({ worker: false });
});
after(async () => {
  await server.stop();
});

const call = (route: string, init: RequestInit = {}) =>
  fetch(server.url + route, { ...init, headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
const page = async (route: string) => {
  const r = await call(route);
  assert.equal(r.status, 200, await r.clone().text());
  return { ids: ((await r.json()) as Array<{ id: number }>).map((x) => x.id), total: r.headers.get('x-total-count') };
};

describe('paged lists', () => {
  it('answers a page by id with the whole length, the whole list without parameters, and refuses a page past the most', async () => {
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call('/api/content', { method: 'POST', body: JSON.stringify({ title: `Paged ${i}`, type: 'faq' }) });
      assert.equal(r.status, 201, await r.clone().text());
      made.push(((await r.json()) as { id: number }).id);
    }
    assert.deepEqual(await page('/api/content?type=faq'), { ids: made, total: '5' });
    assert.deepEqual(await page('/api/content?type=faq&limit=2&offset=1'), { ids: made.slice(1, 3), total: '5' });
    assert.deepEqual(await page('/api/content?type=faq&limit=2&offset=4'), { ids: made.slice(4), total: '5' });
    assert.deepEqual(await page('/api/content?type=faq&limit=2&offset=9'), { ids: [], total: '5' });
    assert.deepEqual(await page('/api/content?type=faq&limit=0'), { ids: [], total: '5' });
    assert.deepEqual(await page(`/api/content?type=faq&afterId=${made[1]}&limit=2`), { ids: made.slice(2, 4), total: '5' });
    assert.deepEqual(await page(`/api/content?type=faq&afterId=${made[4]}`), { ids: [], total: '5' });
    assert.deepEqual(await page('/api/documents'), { ids: [], total: '0' });
    assert.deepEqual(await page('/api/videos?subcategory=podcast&limit=3'), { ids: [], total: '0' });
    assert.deepEqual(await page('/api/bot-images?offset=2'), { ids: [], total: '0' });
    for (const bad of ['/api/documents?limit=1001', '/api/documents?offset=-1', '/api/presentations?limit=two', '/api/bot-images?afterId=-1', '/api/videos?afterId=x']) {
      assert.equal((await call(bad)).status, 400, bad);
    }
    const metrics = (await (await call('/api/dashboard/metrics')).json()) as { totalDocuments: number; pendingApprovals: number };
    assert.equal(metrics.totalDocuments, 0);
  });
});
