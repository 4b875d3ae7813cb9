/**
 * The source viewer's route (issue 38.1): a citation's viewerUrl opens a
 * PDF page with the quoted words' boxes, through the visibility rule (a
 * pending item's viewer answers exactly like an id that does not exist).
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { createProductClient } from '../cli/http/product-client';
import type { Product } from '../core/product/index';
import { corpusFile } from '../core/testing/corpus';
import type { ContentType, RetrievalReply, ViewerData } from '../core/foundation/types';
import { startTestServer, type TestServer } from './testing';

async function settled(product: Product, type: ContentType, id: number) {
  for (;;) {
    const item = await product.item(type, id);
    if (!['pending', 'processing', 'extracting', 'analyzing', 'converting'].includes(item.status)) return item;
    await sleep(50);
  }
}

describe('the viewer route', () => {
  let server: TestServer;
  let admin: Product;
  let publicId = 0;
  let pendingId = 0;

  before(async () => {
    server = await startTestServer({ env: { AUTO_APPROVE: 'false' } });
    admin = createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' });
    const file = { path: corpusFile('pdf/tracemonkey_a11y.pdf'), fileName: 'tracemonkey.pdf' };
    publicId = (await admin.upload({ kind: 'document', file, fields: { title: 'TraceMonkey paper', approve: 'true' } })).item.id;
    pendingId = (await admin.upload({ kind: 'document', file: { ...file, fileName: 'tracemonkey-draft.pdf' }, fields: { title: 'TraceMonkey draft', force: 'true' } })).item.id;
    assert.equal((await settled(admin, 'document', publicId)).status, 'completed');
    assert.equal((await settled(admin, 'document', pendingId)).status, 'completed');
  });
  after(async () => { await server?.stop(); });

  it('a citation links to the viewer at its page; the viewer answers the page picture and the quoted words\' boxes', async () => {
    const res = await fetch(`${server.url}/api/bot/rag-query`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'What do traditional compilers need to emit for dynamic languages?', referenceId: 'user_viewer_test_xxxxxx' }),
    });
    const reply = await res.json() as RetrievalReply;
    const c = reply.citations.find((x) => x.itemId === publicId);
    assert.ok(c?.viewerUrl, JSON.stringify(reply.citations));
    assert.match(c.viewerUrl, new RegExp(`^/view/document/${publicId}\\?page=1&q=.+`));
    const view = await fetch(`${server.url}/api${c.viewerUrl}`);
    assert.equal(view.status, 200);
    const data = await view.json() as ViewerData;
    assert.equal(data.title, 'TraceMonkey paper');
    assert.equal(data.page, 1);
    assert.ok(data.image, 'the page picture');
    assert.ok(data.boxes.length >= 1, JSON.stringify(data));
    for (const b of data.boxes) assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.w <= 1 && b.y + b.h <= 1, JSON.stringify(b));
    assert.ok(data.marks.length >= 1 && data.text.length > 0);
    // The picture it names is served anonymously (rendered on first request).
    const img = await fetch(server.url + data.image!);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/png');
  });

  it('anonymously, a pending item\'s viewer answers 404 like an id that does not exist; signed in, it opens', async () => {
    const q = '?page=1&q=traditional%20compilers';
    const hidden = await fetch(`${server.url}/api/view/document/${pendingId}${q}`);
    const missing = await fetch(`${server.url}/api/view/document/99999${q}`);
    assert.equal(hidden.status, 404);
    assert.equal(missing.status, 404);
    const a = await hidden.json() as { error: string; message: string };
    const b = await missing.json() as { error: string; message: string };
    assert.equal(a.error, b.error);
    assert.equal(a.message.replace(String(pendingId), 'N'), b.message.replace('99999', 'N'));
    assert.doesNotMatch(JSON.stringify(a), /draft/i);
    const signedIn = await fetch(`${server.url}/api/view/document/${pendingId}${q}`, { headers: { authorization: `Bearer ${server.token}` } });
    assert.equal(signedIn.status, 200);
    assert.equal((await signedIn.json() as ViewerData).title, 'TraceMonkey draft');
    assert.equal((await fetch(`${server.url}/api/view/folder/1`)).status, 400);
  });
});
