import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing';
import { LIST_PAGE_MAX } from '../../core/foundation/types';
import { getAllPages, getPage } from '../src/lib/api-client';

/**
 * The console's list client against the real server: a list longer than one page of 1,000 is read
 * whole, page after page (the card grids and image screens), and one page carries the whole count.
 */
let server: TestServer;
before(async () => {
  server = await startTestServer({ worker: false });
});
after(async () => {
  await server.stop();
});

describe('the console reads paged lists', () => {
  it('reads a list of 1,003 items whole, in id order, and a page with the whole count', async () => {
    const auth = { authorization: `Bearer ${server.token}` };
    const made: number[] = [];
    const COUNT = LIST_PAGE_MAX + 3;
    // Made through the product in one catalog transaction (one write, not 1,003 requests): the list is what is tested here.
    const { catalog, product } = server.services!;
    await catalog.transaction(async () => {
      for (let i = 0; i < COUNT; i++) made.push((await product.createContent({ title: `Paged ${i}`, type: 'faq' })).id);
    });
    assert.equal(made.length, COUNT);
    const whole = await getAllPages<{ id: number }>(`${server.url}/api/content`, { type: 'faq' }, { headers: auth });
    assert.equal(whole.length, COUNT);
    assert.deepEqual(whole.map((x) => x.id), made);

    const last = await getPage<{ id: number }>(`${server.url}/api/content`, { limit: 10, offset: 1000 }, { type: 'faq' }, { headers: auth });
    assert.deepEqual({ ids: last.items.map((x) => x.id), total: last.total }, { ids: made.slice(1000), total: COUNT });
  });

  it('reads a whole list of 1,003 items across pages while a row before the next page is deleted: every remaining row, none skipped', async () => {
    const auth = { authorization: `Bearer ${server.token}` };
    const made: number[] = [];
    const COUNT = LIST_PAGE_MAX + 3;
    const { catalog, product } = server.services!;
    await catalog.transaction(async () => {
      for (let i = 0; i < COUNT; i++) made.push((await product.createContent({ title: `Keyset ${i}`, type: 'howto' })).id);
    });
    // Someone deletes the first item right after the first page is read, before the second page is asked
    // (the list routes read a page with `listPage`).
    const listPage = product.listPage;
    let pages = 0;
    product.listPage = (async (...args: Parameters<typeof listPage>) => {
      const page = await listPage(...args);
      if (pages++ === 0) await product.remove(made[0]!);
      return page;
    }) as typeof listPage;
    try {
      const whole = await getAllPages<{ id: number }>(`${server.url}/api/content`, { type: 'howto' }, { headers: auth });
      assert.ok(pages >= 2, `read in pages (${pages})`);
      assert.deepEqual(whole.map((x) => x.id), made);
      const again = await getAllPages<{ id: number }>(`${server.url}/api/content`, { type: 'howto' }, { headers: auth });
      assert.deepEqual(again.map((x) => x.id), made.slice(1));
    } finally {
      product.listPage = listPage;
    }
  });
});
