/**
 * `cms sync <URL>` (in process): a local site's sitemap imported with the
 * folder sync's JSON (new, changed, removed, failed), refused without
 * --allow-host for its loopback address, and a second run changes nothing;
 * over HTTP (CMS_URL) too: the validators kept on the items come back through the API.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer } from '../server/testing';
import { parseJson, runCmsHere } from './test-support';

interface Report { summary: string; new: Array<{ path: string }>; changed: unknown[]; removed: unknown[]; failed: Array<{ path: string; error: string }>; notModified: number }

const page = (n: number) => `<!doctype html><html><head><title>Guide ${n}</title></head><body><nav><a href="/">Home</a></nav><main><h1>Installation guide ${n}</h1>
<p>Step ${n}: mount the Lumen bracket ${n} with the two screws supplied, then clip the device onto it until it clicks. The LED blinks green when it is paired with the hub.</p></main></body></html>`;

let port = 0;
let hits = 0;
const server = http.createServer((req, res) => {
  hits++;
  const p = req.url ?? '/';
  if (p === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    return res.end(`<?xml version="1.0"?><urlset>${[1, 2, 3, 4].map((n) => `<url><loc>http://127.0.0.1:${port}/guides/${n}</loc></url>`).join('')}</urlset>`);
  }
  const m = /^\/guides\/(\d)$/.exec(p);
  if (m && m[1] !== '4') {
    const etag = `"g${m[1]}"`;
    if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'text/html', etag });
    return res.end(page(Number(m[1])));
  }
  res.writeHead(404).end();
});
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-sync-site-'));
const env = { DATA_DIR: path.join(tmp, 'data'), ADMIN_PASSWORD: 'sync-site-password', CMS_URL: '' };
before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
after(async () => {
  await new Promise((r) => server.close(r));
  rmSync(tmp, { recursive: true, force: true });
});

describe('cms sync <URL>', () => {
  it('refuses the loopback site without --allow-host; with it, imports the pages and reports a 404 as failed; a second run fetches nothing again', async () => {
    const url = `http://127.0.0.1:${port}/sitemap.xml`;
    const refused = await runCmsHere(['sync', url, '--json', '--no-wait'], { env, timeoutMs: 120_000 });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr + refused.stdout, /private or loopback address/);
    assert.equal(hits, 0);

    const first = await runCmsHere(['sync', url, '--json', '--no-wait', '--allow-host', `127.0.0.1:${port}`], { env, timeoutMs: 120_000 });
    const r1 = parseJson<Report>(first);
    assert.equal(first.code, 1, 'a page failed: exit code 1, the rest synced');
    assert.equal(r1.summary, '3 new, 0 changed, 0 removed');
    assert.deepEqual(r1.failed.map((f) => [f.path, f.error]), [[`http://127.0.0.1:${port}/guides/4`, 'HTTP 404: the page is not there']]);

    const second = parseJson<Report>(await runCmsHere(['sync', url, '--json', '--no-wait', '--allow-host', `127.0.0.1:${port}`], { env, timeoutMs: 120_000 }));
    assert.equal(second.summary, '0 new, 0 changed, 0 removed');
    assert.equal(second.notModified, 3);
  });

  it('over HTTP (CMS_URL): the same report, and the second run is answered 304 page by page', async () => {
    const server = await startTestServer();
    try {
      const remote = { CMS_URL: server.url, CMS_TOKEN: server.token };
      const url = `http://127.0.0.1:${port}/sitemap.xml`;
      const first = parseJson<Report>(await runCmsHere(['sync', url, '--json', '--no-wait', '--allow-host', `127.0.0.1:${port}`], { env: remote, timeoutMs: 120_000 }));
      assert.equal(first.summary, '3 new, 0 changed, 0 removed');
      const second = parseJson<Report>(await runCmsHere(['sync', url, '--json', '--no-wait', '--allow-host', `127.0.0.1:${port}`], { env: remote, timeoutMs: 120_000 }));
      assert.equal(second.summary, '0 new, 0 changed, 0 removed');
      assert.equal(second.notModified, 3, 'the ETags went through the API and back');
    } finally {
      await server.stop();
    }
  });
});
