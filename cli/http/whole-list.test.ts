import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LIST_PAGE_MAX } from '../../core/product/index';
import type { Document } from '../../core/foundation/types';
import { startTestServer, type TestServer } from '../../server/testing';
import { createProductClient } from './product-client';

/**
 * The HTTP product reads a whole list (what `cms sync` and `item` use) page after page by id: a row
 * deleted between two page requests makes no other row skipped (by offset, the first row of the next
 * page was never returned, and sync took that item's file for a new one).
 */
let server: TestServer;
before(async () => {
  server = await startTestServer({ worker: false });
});
after(async () => {
  await server.stop();
});

describe('the HTTP product reads a whole list', () => {
  it('returns every remaining document of 1,003 when the first is deleted between two page requests', async () => {
    const { catalog, product } = server.services!;
    const COUNT = LIST_PAGE_MAX + 3;
    const made: number[] = [];
    // Documents as the store keeps them, in one catalog transaction: the list is what is tested here.
    await catalog.transaction(async () => {
      for (let i = 0; i < COUNT; i++) {
        const at = '2026-01-01T00:00:00.000Z';
        const row = await catalog.documents.insert({
          title: `Manual ${i}`, description: '', status: 'completed', progress: 100, step: null, error: null, fileName: `m${i}.pdf`,
          fileKey: `documents/m${i}.pdf`, createdAt: at, updatedAt: at, review: 'approved', audience: 'public', versionOf: null,
        } as unknown as Omit<Document, 'id'>);
        made.push(row.id);
      }
    });
    // The list routes read a page with `listPage`: the first row goes once the first page is read.
    const listPage = product.listPage;
    let pages = 0;
    product.listPage = (async (...args: Parameters<typeof listPage>) => {
      const page = await listPage(...args);
      if (pages++ === 0) await catalog.documents.remove(made[0]!);
      return page;
    }) as typeof listPage;
    try {
      const client = createProductClient({ baseUrl: server.url, token: server.token, tokenHint: '' });
      const whole = await client.items('document');
      assert.equal(pages, 2);
      assert.deepEqual(whole.map((x) => x.id), made);
      assert.deepEqual((await client.items('document')).map((x) => x.id), made.slice(1));
    } finally {
      product.listPage = listPage;
    }
  });
});
