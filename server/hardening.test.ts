import assert from 'node:assert/strict';
import { mkdirSync, openAsBlob, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtures } from '../core/testing/fixtures';
import type { Document } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

let server: TestServer;
let cookie: string;
let leftover: string;

before(async () => {
  // A data folder as a crash left it: an upload spool and a job's work folder in tmp/.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cms-harden-'));
  leftover = path.join(dataDir, 'tmp', 'ingest-document-7-abc');
  mkdirSync(leftover, { recursive: true });
  writeFileSync(path.join(leftover, 'page.png'), 'x');
  writeFileSync(path.join(dataDir, 'tmp', 'upload-1234'), 'partial');
  server = await startTestServer({ dataDir, env: { TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '5', UPLOAD_IDLE_TIMEOUT_S: '1', MAX_UPLOAD_MB: '5' } });
  cookie = await login(server);
});
after(async () => server?.stop());

const tmpFiles = () => readdirSync(path.join(server.dataDir, 'tmp'));

async function uploadFile(file: string, name: string, headers: Record<string, string> = { cookie }) {
  const form = new FormData();
  form.set('file', await openAsBlob(file), name);
  return fetch(`${server.url}/api/documents`, { method: 'POST', headers, body: form });
}

async function settled(id: number): Promise<Document> {
  for (let i = 0; i < 400; i++) {
    const d = ((await (await fetch(`${server.url}/api/documents`, { headers: { cookie } })).json()) as Document[]).find((x) => x.id === id);
    if (d && (d.status === 'completed' || d.status === 'failed')) return d;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('document did not settle');
}

describe('start after a crash', () => {
  it('removes temp files and job folders a crashed run left in the data folder', () => {
    assert.deepEqual(tmpFiles().filter((f) => f === 'upload-1234' || f === path.basename(leftover)), []);
  });
});

describe('client address behind proxies (TRUST_PROXY=1)', () => {
  it('limits sign-in guesses by the address the proxy saw, whatever the client writes leftmost in X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        // The client spoofs a new leftmost address each time; the proxy appends the real one (203.0.113.7).
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.8.${i}, 203.0.113.7` },
        body: JSON.stringify({ username: 'admin', password: `guess-${i}` }),
      });
      statuses.push(res.status);
    }
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.deepEqual(statuses.slice(5), [429, 429, 429]);
    // Another real client behind the same proxy is not limited by the first one's guesses.
    const other = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' },
      body: JSON.stringify({ username: 'admin', password: 'wrong' }),
    });
    assert.equal(other.status, 401);
  });
});

describe('public surface', () => {
  it('public health says only up or degraded; details need sign-in', async () => {
    const res = await fetch(`${server.url}/api/health`);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.deepEqual(Object.keys(body), ['status']);
    assert.ok(!JSON.stringify(body).includes(server.dataDir));
    assert.equal((await fetch(`${server.url}/api/health/details`)).status, 401);
    const details = await (await fetch(`${server.url}/api/health/details`, { headers: { cookie } })).json();
    assert.equal(details.services.search.ok, true);
    assert.deepEqual(details.services.tools, { network: 'none', diesWithParent: true, memoryCeilingMb: 1024 });
  });

  it('serves the original of a failed upload only to a signed-in admin, and a completed one to anyone', async () => {
    const bad = await fixtures.corruptPdf();
    const failed = await settled(((await (await uploadFile(bad.path, 'broken.pdf')).json()) as Document).id);
    assert.equal(failed.status, 'failed');
    const url = `${server.url}/api/files/${failed.fileKey!.split('/').map(encodeURIComponent).join('/')}`;
    assert.equal((await fetch(url)).status, 404);
    assert.equal((await fetch(url, { headers: { cookie } })).status, 200);

    const good = await fixtures.textPdf(2);
    const done = await settled(((await (await uploadFile(good.path, 'good.pdf')).json()) as Document).id);
    assert.equal(done.status, 'completed', done.error ?? '');
    assert.equal((await fetch(`${server.url}/api/files/${done.fileKey!.split('/').map(encodeURIComponent).join('/')}`)).status, 200);
  });

  it('serves the console page with a Content-Security-Policy and no-cache, hashed assets as immutable', async () => {
    const page = await fetch(`${server.url}/`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'self'.*script-src 'self'/);
    assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const deep = await fetch(`${server.url}/admin/documents`);
    assert.equal(deep.headers.get('cache-control'), 'no-cache');
    assert.ok(deep.headers.get('content-security-policy'));
    const asset = /\/assets\/[^"']+\.js/.exec(await page.text())?.[0];
    assert.ok(asset, 'the page loads a hashed script');
    const res = await fetch(`${server.url}${asset}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('refuses a state change from another site even with the session cookie; the CLI token and the console pass', async () => {
    const post = (headers: Record<string, string>) => fetch(`${server.url}/api/categories`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name: `c-${Math.random()}` }),
    });
    const crossSite = await post({ cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    assert.equal(crossSite.status, 403);
    assert.match((await crossSite.json()).message, /from the console itself/);
    assert.equal((await post({ cookie, origin: 'https://evil.example' })).status, 403);
    assert.equal((await post({ cookie, 'sec-fetch-site': 'same-origin', origin: server.url })).status, 201);
    assert.equal((await post({ cookie, origin: server.url })).status, 201);
    assert.equal((await post({ authorization: `Bearer ${server.token}`, 'sec-fetch-site': 'cross-site' })).status, 201);
    // Reading stays possible (GET is not a state change).
    assert.equal((await fetch(`${server.url}/api/categories`, { headers: { cookie, 'sec-fetch-site': 'cross-site' } })).status, 200);
  });

  it('answers two files in one upload with 400 and a clear message', async () => {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 a']), 'a.pdf');
    form.append('file', new Blob(['%PDF-1.4 b']), 'b.pdf');
    const res = await fetch(`${server.url}/api/documents`, { method: 'POST', headers: { cookie }, body: form });
    assert.equal(res.status, 400);
    assert.match((await res.json()).message, /one file per upload/);
  });
});

describe('a truncated multipart upload', () => {
  it('is answered 408 within the idle timeout, its file handle closed and its temp file removed', async () => {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const boundary = 'XBOUNDARYX';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cut.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
    socket.write([
      'POST /api/documents HTTP/1.1', `host: 127.0.0.1:${port}`, `cookie: ${cookie}`,
      `content-type: multipart/form-data; boundary=${boundary}`, 'content-length: 1000000', '', '',
    ].join('\r\n'));
    socket.write(head + '%PDF-1.4\n' + 'x'.repeat(50_000));
    const t0 = Date.now();
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const waited = Date.now() - t0;
    assert.match(answer, /^HTTP\/1\.1 408/);
    assert.match(answer, /stopped arriving for 1 s/);
    assert.ok(waited < 4000, `answered after ${waited} ms`);
    assert.deepEqual(tmpFiles().filter((f) => f.startsWith('upload-')), []);
    // This process serves the test server: no descriptor points into the temp folder.
    const open = readdirSync('/proc/self/fd').map((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`); } catch { return ''; } });
    assert.deepEqual(open.filter((p) => p.startsWith(path.join(server.dataDir, 'tmp'))), []);
  });
});
