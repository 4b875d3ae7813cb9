/**
 * A website sync started from the console (./site-sync-runner.ts) when the
 * server stops in its middle: the run is aborted at the page it waits for,
 * and recorded with that reason like any stopped run; nothing is left running.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import { loadConfig } from '../foundation/config';
import { createServices, type Services } from '../composition/services';
import { sharedChromaEnv } from '../testing/shared-chroma';

/** Three pages; page 3 never answers (the run is caught in the middle). */
const site = http.createServer((req, res) => {
  const { port } = site.address() as AddressInfo;
  if (req.url === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    return res.end(`<?xml version="1.0"?><urlset>${[1, 2, 3].map((n) => `<url><loc>http://127.0.0.1:${port}/p/${n}</loc></url>`).join('')}</urlset>`);
  }
  if (req.url === '/p/3') return;
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(`<!doctype html><html><head><title>Page ${req.url}</title></head><body><main><h1>Guide ${req.url}</h1><p>Mount the bracket with the two screws supplied, then clip the sensor onto it until it clicks and the LED blinks green.</p></main></body></html>`);
});

let dir: string;
let services: Services;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'site-runner-'));
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  services = await createServices(loadConfig({ DATA_DIR: path.join(dir, 'data'), ...sharedChromaEnv(path.join(dir, 'data')) }), { lock: false, startWorker: false });
});
after(async () => {
  await services?.close();
  site.closeAllConnections();
  await new Promise((r) => site.close(r));
  rmSync(dir, { recursive: true, force: true });
});

it('a run the server stops is aborted at the page it waits for and recorded with that reason', { timeout: 60_000 }, async () => {
  const { port } = site.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/sitemap.xml`;
  const { product } = services;
  await product.recordSiteRun({
    site: url, startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(), found: 0, new: 0, changed: 0, removed: 0, failed: 0, unchanged: 0,
    flags: { approve: false, delete: false, allowHosts: [`127.0.0.1:${port}`] },
  });
  await product.startSiteSync(url);
  // Pages 1 and 2 imported, page 3 waited for.
  for (let r = (await product.sites())[0]!.running; !(r && r.found === 3 && r.done === 2); r = (await product.sites())[0]!.running) {
    assert.ok(r, 'still running');
    await setImmediate(); // the catalog answers without I/O: let the site's answers in
  }
  await services.siteSyncs.close();
  const [s] = await product.sites();
  assert.equal(s!.running, null);
  assert.equal(s!.runs, 2);
  assert.equal(s!.lastRun!.error, 'The server stopped during the run');
  assert.equal(s!.lastRun!.found, 3);
  assert.equal(s!.lastRun!.new, 2);
});
