/**
 * Temp files removed on refusal: an upload refused because the data folder
 * would be left with less than MIN_FREE_MB free answers 503 and leaves no
 * DATA_DIR/tmp/upload-* file behind (two refusals used to leave their whole
 * files there until a restart).
 */
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createProductClient } from '../cli/http/product-client';
import { fixtures } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;
// More than any test machine has free (1 TiB): every upload is refused for space.
before(async () => { server = await startTestServer({ worker: false, env: { MIN_FREE_MB: String(1024 * 1024) } }); });
after(async () => { await server?.stop(); });

const uploadsLeft = async () => (await readdir(path.join(server.dataDir, 'tmp')).catch(() => [] as string[])).filter((n) => n.startsWith('upload-'));

describe('temp files removed on refusal', () => {
  it('two uploads refused for low disk space (503, MIN_FREE_MB) leave no DATA_DIR/tmp/upload-* file', async () => {
    const f = await fixtures.textPdf(3);
    for (const route of ['/api/documents', '/api/content/upload']) {
      const form = new FormData();
      form.set('title', 'Refused for space');
      form.set('file', await openAsBlob(f.path), 'space.pdf');
      const res = await fetch(server.url + route, { method: 'POST', headers: { authorization: `Bearer ${server.token}` }, body: form });
      const body = await res.json() as { error: string; message: string };
      assert.equal(res.status, 503, JSON.stringify(body));
      assert.match(body.message, /MIN_FREE_MB/);
    }
    assert.deepEqual(await uploadsLeft(), []);
  });

  it('an upload refused for the role (a reviewer: 403, before any disk check) leaves none either', async () => {
    const { token } = await createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' }).createToken({ name: 'tmp-reviewer', role: 'reviewer' });
    const f = await fixtures.textPdf(3);
    for (const [bearer, fields, status] of [[token, { title: 'No role' }, 403]] as const) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set('file', await openAsBlob(f.path), 'refused.pdf');
      const res = await fetch(`${server.url}/api/documents`, { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: form });
      assert.equal(res.status, status, await res.text());
    }
    assert.deepEqual(await uploadsLeft(), []);
  });
});
