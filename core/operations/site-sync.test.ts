/**
 * Website sync against a local site of 66 pages on 127.0.0.1 (node:http):
 * sitemap, robots.txt, a redirect loop, a chain of too many redirects, a 404, a huge page, a page that is
 * mostly navigation, a host outside the allowance; a second run fetches only
 * the changed pages (the server counts its requests) and takes a fraction
 * of the first run's time; pages gone from the sitemap are archived.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../foundation/config';
import { createServices, type Services } from '../composition/services';
import { parseRobots } from '../features/sync/robots';
import { isPrivateAddress, SiteFetcher } from '../features/sync/site-fetch';
import { decodePage, syncSite, type SiteSyncReport } from './site-sync';
import { sharedChromaEnv } from '../testing/shared-chroma';

const PAGES = 20;
const PRODUCTS = ['thermostat', 'smart plug', 'door sensor', 'motion sensor', 'roller blind motor', 'hub', 'dimmer', 'smoke alarm'];
/** A 64x64 PNG (grey), written by hand: signature, IHDR, one IDAT of zlib-stored rows, IEND. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, c]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(64, 0); ihdr.writeUInt32BE(64, 4); ihdr[8] = 8; ihdr[9] = 0;
  const rows = Buffer.concat(Array.from({ length: 64 }, (_, y) => Buffer.concat([Buffer.from([0]), Buffer.alloc(64, (y * 4) & 0xff)])));
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** The fake website: pages by path, each with an ETag and Last-Modified it honours; every request counted. */
class FakeSite {
  server = http.createServer((req, res) => this.answer(req, res));
  port = 0;
  requests: Array<{ path: string; host: string; status: number }> = [];
  version = new Map<string, number>();
  listed = new Set<string>();
  image = png();

  get origin() { return `http://127.0.0.1:${this.port}`; }
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
    for (let i = 1; i <= PAGES; i++) { this.version.set(`/products/p${i}`, 1); this.listed.add(`/products/p${i}`); }
    for (const p of ['/private/secret', '/loop', '/chain/0', '/missing', '/huge', '/all-products']) this.listed.add(p);
  }
  productPage(i: number) {
    const v = this.version.get(`/products/p${i}`)!;
    const name = PRODUCTS[i % PRODUCTS.length]!;
    return `<!doctype html><html><head><title>Lumen ${name} model ${i}</title></head><body>
<header><a href="/">Lumen Home</a><nav><a href="/products/p1">Products</a> <a href="/support">Support</a> <a href="/about">About us</a></nav></header>
<main><h1>Lumen ${name} model ${i}</h1>
<p>The Lumen ${name} model ${i} is part of the smart-home range. Its reference code is LM-${1000 + i} and revision ${v} of this page describes it. It pairs with the Lumen hub in under a minute and is updated over the air.</p>
<h2>Specifications</h2><table><tr><th>Property</th><th>Value</th></tr><tr><td>Reference</td><td>LM-${1000 + i}</td></tr><tr><td>Warranty</td><td>${2 + (i % 3)} years</td></tr></table>
${i % 4 === 0 ? `<p>The front of the device:</p><img src="/img/p${i}.png" alt="Front of model ${i}">` : ''}
<p>Installation steps are in <a href="/products/p${(i % PAGES) + 1}">the next model's page</a> too.</p>
</main><footer><p>Copyright 2026 Lumen Home. Privacy. Cookies. Imprint.</p></footer></body></html>`;
  }
  answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      this.requests.push({ path: p, host: req.headers.host ?? '', status });
      res.on('error', () => {});
      res.writeHead(status, headers).end(body);
    };
    if (p === '/robots.txt') return send(200, 'User-agent: *\nDisallow: /private/\n', { 'content-type': 'text/plain' });
    if (p === '/sitemap.xml') {
      const urls = [...this.listed].map((u) => `<url><loc>${this.origin}${u}</loc></url>`).join('\n');
      return send(200, `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n<url><loc>http://localhost:${this.port}/outside</loc></url>\n</urlset>`, { 'content-type': 'application/xml' });
    }
    if (p === '/loop') return send(302, '', { location: '/loop-b' });
    if (p === '/loop-b') return send(302, '', { location: '/loop' });
    const chain = /^\/chain\/(\d+)$/.exec(p);
    if (chain) return send(301, '', { location: `/chain/${Number(chain[1]) + 1}` });
    if (p === '/huge') {
      this.requests.push({ path: p, host: req.headers.host ?? '', status: 200 });
      res.on('error', () => {});
      // ~7 MB, said in Content-Length (refused before its body is read); /stream sends 300 kB without a length.
      const block = 'A very long page. '.repeat(4096);
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(100 * block.length + 31) });
      res.write('<!doctype html><html><body><p>');
      for (let n = 0; n < 100 && !res.destroyed; n++) res.write(block);
      return res.end('</p></body></html>');
    }
    if (p === '/stream') {
      this.requests.push({ path: p, host: req.headers.host ?? '', status: 200 });
      res.on('error', () => {});
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let n = 0; n < 300 && !res.destroyed; n++) res.write('x'.repeat(1024));
      return res.end();
    }
    if (p === '/all-products' || p === '/') {
      const links = [...this.version.keys()].map((k, i) => `<li><a href="${k}">Product ${i + 1}</a></li>`).join('');
      return send(200, `<!doctype html><html><head><title>All products</title></head><body><nav><a href="/">Home</a></nav><main><h1>All products</h1><ul>${links}</ul></main></body></html>`, { 'content-type': 'text/html' });
    }
    const img = /^\/img\/p(\d+)\.png$/.exec(p);
    if (img) return send(200, this.image, { 'content-type': 'image/png' });
    const m = /^\/products\/p(\d+)$/.exec(p);
    if (m && this.version.has(p)) {
      const v = this.version.get(p)!;
      const etag = `"p${m[1]}-v${v}"`;
      const lastModified = new Date(Date.UTC(2026, 0, v)).toUTCString();
      if (req.headers['if-none-match'] === etag) return send(304, '', { etag, 'last-modified': lastModified });
      return send(200, this.productPage(Number(m[1])), { 'content-type': 'text/html; charset=utf-8', etag, 'last-modified': lastModified });
    }
    return send(404, 'Not found', { 'content-type': 'text/plain' });
  }
  /** Page bodies sent (200) for product pages since `from`. */
  pageBodies(from = 0) { return this.requests.slice(from).filter((r) => r.path.startsWith('/products/') && r.status === 200).length; }
}

let dir: string;
let services: Services;
const site = new FakeSite();
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'site-sync-'));
  await site.start();
  services = await createServices(loadConfig({ DATA_DIR: path.join(dir, 'data'), ...sharedChromaEnv(path.join(dir, 'data')) }), { lock: false, startWorker: true });
});
after(async () => {
  await services?.close();
  await new Promise((r) => site.server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('robots.txt and addresses', () => {
  it('follows the group for our agent or *, the longest rule winning, Allow on a tie', () => {
    const r = parseRobots('User-agent: other\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/press$\nDisallow: /*.pdf$\n', 'cms-site-sync');
    assert.equal(r.allowed('/products/p1'), true);
    assert.equal(r.allowed('/private/x'), false);
    assert.equal(r.allowed('/private/press'), true);
    assert.equal(r.allowed('/files/a.pdf'), false);
    assert.equal(parseRobots('User-agent: cms-site-sync\nDisallow: /\nUser-agent: *\nDisallow:\n', 'cms-site-sync').allowed('/a'), false);
  });
  it('reads a page in the character set its server or its <meta> names', () => {
    const shalom = Buffer.from([0xf9, 0xec, 0xe5, 0xed]); // "שלום" in windows-1255
    assert.equal(decodePage(Buffer.concat([Buffer.from('<p>'), shalom]), 'text/html; charset=windows-1255'), '<p>שלום');
    assert.equal(decodePage(Buffer.concat([Buffer.from('<meta charset="windows-1255"><p>'), shalom]), 'text/html'), '<meta charset="windows-1255"><p>שלום');
    assert.equal(decodePage(Buffer.from('<p>שלום</p>'), 'text/html'), '<p>שלום</p>');
  });
  it('cuts off a page without a length once it passes the size limit', async () => {
    const fetcher = new SiteFetcher(site.origin, { allowHosts: [`127.0.0.1:${site.port}`], maxBytes: 100 * 1024 });
    try {
      await assert.rejects(fetcher.get(`${site.origin}/stream`), (e: Error & { code?: string }) => e.code === 'too_large' && /^The page is larger than 100 kB$/.test(e.message));
    } finally {
      await fetcher.close();
    }
  });
  it('knows private and loopback addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.20.0.1', '169.254.169.254', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0']) assert.equal(isPrivateAddress(a), true, a);
    for (const a of ['93.184.216.34', '2606:4700::1111', '8.8.8.8']) assert.equal(isPrivateAddress(a), false, a);
  });
});

describe('cms sync <URL>: a website as a source', () => {
  let first: SiteSyncReport;
  it('refuses a loopback address unless its host is allowed explicitly, before any request', async () => {
    const before = site.requests.length;
    await assert.rejects(syncSite(services.product, `${site.origin}/sitemap.xml`), (e: Error & { code?: string }) => e.code === 'forbidden' && /private or loopback/.test(e.message));
    await assert.rejects(syncSite(services.product, `http://localhost:${site.port}/sitemap.xml`, { allowHosts: [`127.0.0.1:${site.port}`] }), /private or loopback/);
    assert.equal(site.requests.length, before);
  });

  it('imports the pages of the sitemap, following robots.txt and refusing what is not a page of the site', async () => {
    first = await syncSite(services.product, `${site.origin}/sitemap.xml`, { allowHosts: [`127.0.0.1:${site.port}`] });
    assert.equal(first.mode, 'sitemap');
    assert.equal(first.found, PAGES + 7);
    assert.equal(first.new.length, PAGES, JSON.stringify(first.failed));
    const failed = Object.fromEntries(first.failed.map((f) => [new URL(f.path).pathname, f.error]));
    assert.deepEqual(Object.keys(failed).sort(), ['/chain/0', '/huge', '/loop', '/missing']);
    assert.match(failed['/chain/0']!, /Too many redirects \(over 5\)/);
    assert.match(failed['/loop']!, /Redirect loop/);
    assert.match(failed['/missing']!, /HTTP 404/);
    assert.match(failed['/huge']!, /larger than 5 MB/);
    // For cron (--json): each failure's code and whether it may pass by itself.
    const codes = Object.fromEntries(first.failed.map((f) => [new URL(f.path).pathname, [f.errorCode, f.transient]]));
    assert.deepEqual(codes['/missing'], ['not_found', false]);
    for (const [p, [code, transient]] of Object.entries(codes)) assert.ok(typeof code === 'string' && typeof transient === 'boolean', `${p}: ${code} ${transient}`);
    const skipped = Object.fromEntries(first.skipped.map((s) => [new URL(s.path).pathname, s.reason]));
    assert.match(skipped['/private/secret']!, /robots\.txt/);
    assert.match(skipped['/outside']!, /outside the site/);
    assert.match(skipped['/all-products']!, /mostly navigation/);
    assert.deepEqual(first.navigation, [`${site.origin}/all-products`]);
    assert.equal(site.requests.filter((r) => r.path === '/private/secret' || r.path === '/outside' || !r.host.startsWith('127.0.0.1')).length, 0, 'no request for a disallowed page or another host');
    assert.equal(site.requests.filter((r) => r.path === '/loop' || r.path === '/loop-b').length, 2, 'the loop is seen after one round');
    assert.equal(site.requests.filter((r) => r.path.startsWith('/chain/')).length, 6, 'the first request and 5 redirects, no more');
    assert.equal(site.pageBodies(), PAGES);

    await services.queue.idle();
    const docs = (await services.product.items('document')).filter((d) => d.syncSource?.root === `${site.origin}/sitemap.xml`);
    assert.equal(docs.length, PAGES);
    assert.deepEqual(docs.filter((d) => d.status !== 'completed').map((d) => d.error), []);
    assert.equal(docs.find((d) => d.syncSource?.path === `${site.origin}/products/p5`)?.title, 'Lumen thermostat model 5'.replace('thermostat', PRODUCTS[5]!));
    assert.deepEqual([...new Set(docs.map((d) => d.review))], ['pending'], 'new pages wait for review like uploads');
    const hits = await services.product.search('reference code LM-1007', { k: 3, staff: true } as never);
    assert.ok(hits.some((h) => docs.find((d) => d.id === h.chunk.itemId)?.syncSource?.path.endsWith('/products/p7')), 'a page is found by what it says');
    const p8 = docs.find((d) => d.syncSource?.path.endsWith('/products/p8'))!;
    const images = await services.catalog.botImages.list((i) => i.documentId === p8.id);
    assert.equal(images.length, 1, 'the page\'s picture, fetched from the site, is its image');
  });

  // Its time against the first run's (under 10 % on a quiet machine: the README's figure) is printed, not asserted:
  // a timed assertion fails on a busy machine (12.5 % at load 20); what makes it fast is asserted, the pages not sent.
  it('a second run fetches only the changed pages (the others answered 304) and archives the pages gone from the sitemap', async () => {
    site.version.set('/products/p3', 2);
    site.version.set('/products/p9', 2);
    site.listed.delete(`/products/p${PAGES}`);
    const from = site.requests.length;
    const second = await syncSite(services.product, `${site.origin}/sitemap.xml`, { allowHosts: [`127.0.0.1:${site.port}`] });
    assert.deepEqual(second.changed.map((c) => new URL(c.path).pathname).sort(), ['/products/p3', '/products/p9']);
    assert.deepEqual(second.removed.map((c) => new URL(c.path).pathname), [`/products/p${PAGES}`]);
    assert.equal(second.new.length, 0);
    assert.equal(second.unchanged, PAGES - 3);
    assert.equal(second.notModified, PAGES - 3);
    assert.equal(site.pageBodies(from), 2, 'only the two changed pages were sent again');
    const archived = await services.product.item('document', second.removed[0]!.id!);
    assert.ok(archived.archivedAt);
    const ratio = second.durationMs / first.durationMs;
    console.log(`site sync figures: first run ${first.durationMs} ms (${first.requests} requests, ${first.downloaded} pages downloaded), ` +
      `second run ${second.durationMs} ms (${second.requests} requests, ${second.downloaded} downloaded, ${second.notModified} not modified): ${(ratio * 100).toFixed(1)} %`);
    await services.queue.idle();
  });

  it('a page back in the sitemap comes back; with delete, a page gone is deleted', async () => {
    site.listed.add(`/products/p${PAGES}`);
    site.listed.delete('/products/p1');
    const third = await syncSite(services.product, `${site.origin}/sitemap.xml`, { allowHosts: [`127.0.0.1:${site.port}`], delete: true });
    assert.deepEqual(third.new.map((c) => new URL(c.path).pathname), [`/products/p${PAGES}`]);
    assert.deepEqual(third.removed.map((c) => new URL(c.path).pathname), ['/products/p1']);
    await assert.rejects(services.product.item('document', third.removed[0]!.id!), (e: Error & { code?: string }) => e.code === 'not_found');
    await services.queue.idle();
  });

  it('from a start page, crawls the links on the same host', async () => {
    const crawl = await syncSite(services.product, `${site.origin}/`, { allowHosts: [`127.0.0.1:${site.port}`], maxPages: 10 });
    assert.equal(crawl.mode, 'crawl');
    assert.equal(crawl.found, 10);
    assert.deepEqual(crawl.navigation, [`${site.origin}/`]);
    assert.equal(crawl.new.length, 9);
    await services.queue.idle();
  });
});

