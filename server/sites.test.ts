/**
 * Website sources (issue 38.2): every run of `syncSite` is recorded (its counts,
 * flags and error) through the product, over HTTP here (POST /api/sites/runs),
 * and GET /api/sites lists each site with its page count and last run; read by
 * reviewers, recorded only by those who may sync (upload). A local site on
 * 127.0.0.1 allowed with allowHosts, as cli/sync-site.test.ts.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createProductClient } from '../cli/http/product-client';
import type { Product } from '../core/product/index';
import { syncSite } from '../core/operations/site-sync';
import { startTestServer, type TestServer } from './testing';

const page = (n: number) => `<!doctype html><html><head><title>Guide ${n}</title></head><body><nav><a href="/">Home</a></nav><main><h1>Installation guide ${n}</h1>
<p>Step ${n}: mount the Lumen bracket ${n} with the two screws supplied, then clip the device onto it until it clicks. The LED blinks green when it is paired with the hub.</p></main></body></html>`;

let port = 0;
let listed = [1, 2, 3, 4];
/** While set, the site answers /guides/3 only once it is called (a run held in the middle). */
let held: Promise<void> | null = null;
const site = http.createServer(async (req, res) => {
  const p = req.url ?? '/';
  if (held && p === '/guides/3') await held;
  if (p === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    return res.end(`<?xml version="1.0"?><urlset>${listed.map((n) => `<url><loc>http://127.0.0.1:${port}/guides/${n}</loc></url>`).join('')}</urlset>`);
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

describe('website sources: each sync run recorded, GET /api/sites', () => {
  let server: TestServer;
  let admin: Product;
  let url = '';
  before(async () => {
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    port = (site.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}/sitemap.xml`;
    server = await startTestServer({ worker: false });
    admin = createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' });
  });
  after(async () => {
    await server?.stop();
    await new Promise((r) => site.close(r));
  });

  it('records a refused run with its error, then two runs with their counts and flags; the site lists its pages and last run', async () => {
    assert.deepEqual(await admin.sites(), []);
    await assert.rejects(syncSite(admin, url), /private or loopback address/);
    let [s] = await admin.sites();
    assert.equal(s?.site, url);
    assert.equal(s?.runs, 1);
    assert.equal(s?.pages, 0);
    assert.match(s?.lastRun?.error ?? '', /private or loopback address/);

    const first = await syncSite(admin, url, { allowHosts: [`127.0.0.1:${port}`] });
    assert.equal(first.new.length, 3);
    assert.ok(first.runId, 'the report names its recorded run');
    assert.equal(first.recordError, undefined);
    listed = [1, 2, 4];
    const second = await syncSite(admin, url, { allowHosts: [`127.0.0.1:${port}`], delete: true });

    [s] = await admin.sites();
    assert.equal(s?.runs, 3);
    assert.equal(s?.pages, 2, 'the items synced from the site (one deleted with its page)');
    const last = s!.lastRun!;
    assert.equal(last.id, second.runId);
    assert.deepEqual(
      { mode: last.mode, found: last.found, new: last.new, changed: last.changed, removed: last.removed, failed: last.failed, unchanged: last.unchanged, error: last.error },
      { mode: 'sitemap', found: 3, new: 0, changed: 0, removed: 1, failed: 1, unchanged: 2, error: undefined },
    );
    assert.deepEqual(last.flags, { approve: false, delete: true, allowHosts: [`127.0.0.1:${port}`] });
    assert.ok(Date.parse(last.finishedAt) >= Date.parse(last.startedAt));
    assert.equal(last.actor, 'admin', 'the server token is the admin');
  });

  it('reviewers read the list but may not record a run; anonymous callers are refused', async () => {
    const { token } = await admin.createToken({ name: 'site-reviewer', role: 'reviewer' });
    const reviewer = createProductClient({ baseUrl: server.url, token, tokenHint: 'reviewer' });
    assert.equal((await reviewer.sites()).length, 1);
    await assert.rejects(reviewer.recordSiteRun({
      site: 'https://www.example.com/', startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(),
      found: 0, new: 0, changed: 0, removed: 0, failed: 0, unchanged: 0, flags: { approve: false, delete: false, allowHosts: [] },
    }), (e: Error & { code?: string }) => e.code === 'forbidden');
    assert.equal((await fetch(`${server.url}/api/sites`)).status, 401);
  });

  it('an admin starts a run from the console: it goes in the background with the last run\'s options, its progress listed, one at a time; others may not', async () => {
    let release = () => {};
    held = new Promise<void>((r) => { release = r; });
    listed = [1, 2, 3];
    const started = await admin.startSiteSync(url);
    assert.equal(started.site, url);
    assert.ok(Date.parse(started.startedAt) > 0);
    await assert.rejects(admin.startSiteSync(url), (e: Error & { code?: string }) => e.code === 'conflict' && /already running/.test(e.message));
    // While page 3 is held: the run is listed as running, the sitemap's 3 pages found, the two unchanged ones done.
    const runningNow = async () => (await admin.sites())[0]!.running;
    for (let r = await runningNow(); !(r && r.found === 3 && r.done === 2); r = await runningNow()) assert.ok(r, 'still running');
    assert.equal((await admin.sites())[0]!.runs, 3, 'not recorded before it ends');
    release();
    while (await runningNow()) { /* the run ends when page 3 is read */ }
    held = null;
    const [s] = await admin.sites();
    assert.equal(s!.runs, 4);
    const last = s!.lastRun!;
    assert.deepEqual({ found: last.found, new: last.new, unchanged: last.unchanged, failed: last.failed, error: last.error }, { found: 3, new: 1, unchanged: 2, failed: 0, error: undefined });
    assert.deepEqual(last.flags, { approve: false, delete: true, allowHosts: [`127.0.0.1:${port}`] }, 'the options of the run before, as the operator gave them');
    assert.equal(last.actor, 'admin');

    await assert.rejects(admin.startSiteSync('https://www.example.com/sitemap.xml'), (e: Error & { code?: string }) => e.code === 'not_found' && /cms sync/.test(e.message));
    for (const role of ['editor', 'reviewer'] as const) {
      const { token } = await admin.createToken({ name: `site-${role}-start`, role });
      const other = createProductClient({ baseUrl: server.url, token, tokenHint: role });
      await assert.rejects(other.startSiteSync(url), (e: Error & { code?: string }) => e.code === 'forbidden', `${role} may not start a run`);
    }
    const anon = await fetch(`${server.url}/api/sites/sync`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site: url }) });
    assert.equal(anon.status, 401);
  });
});
