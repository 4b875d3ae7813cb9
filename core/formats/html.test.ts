/**
 * HTML as a format: a web page uploads as a document whose main content is
 * indexed (menus and footers left out, headings, tables with their header
 * row and links kept), its embedded pictures become its images, and a page
 * that is mostly navigation completes with nothing indexed and a notice.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../foundation/config';
import { readHtmlPage } from '../features/ingest/html';
import { createServices, type Services } from '../composition/services';
import { makeTextImage } from '../testing/fixture-media';
import { sniffFile } from './sniff';
import { sharedChromaEnv } from '../testing/shared-chroma';

const MENU = '<nav><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/support">Support centre</a></nav>';
const FOOTER = '<footer><p>Copyright 2026 Lumen Home. Privacy policy. Cookie settings. Careers.</p></footer>';
export const productPage = (img = '/img/t3.png') => `<!doctype html><html><head><title>Thermostat T3 | Lumen Home</title></head><body>${MENU}
<main><h1>Thermostat T3</h1>
<p>The T3 thermostat keeps every room at the temperature you set and learns when the house is empty, so heating runs only when someone is home. It pairs with the Lumen hub over Zigbee and fits a standard wall box.</p>
<h2>Technical data</h2>
<table><thead><tr><th>Property</th><th>Value</th></tr></thead><tbody><tr><td>Supply voltage</td><td>230 V AC</td></tr><tr><td>Setpoint range</td><td>5 to 35 °C</td></tr></tbody></table>
<h2>Installation</h2>
<p>Switch off the breaker before you open the wall box. Read <a href="/guides/t3-install">the T3 installation guide</a> for the wiring diagram.</p>
<img src="${img}" alt="T3 front panel">
</main>${FOOTER}</body></html>`;

let dir: string;
let services: Services;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'html-format-'));
  services = await createServices(loadConfig({ DATA_DIR: path.join(dir, 'data'), ...sharedChromaEnv(path.join(dir, 'data')) }), { lock: false, startWorker: true });
});
after(async () => {
  await services?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the HTML format', () => {
  it('is recognised from an HTML start, or text named .html', async () => {
    const file = path.join(dir, 'page.bin');
    writeFileSync(file, productPage());
    assert.equal((await sniffFile(file, 'page.bin')).kind, 'html');
    const fragment = path.join(dir, 'fragment.htm');
    writeFileSync(fragment, '<p>A fragment</p>');
    assert.equal((await sniffFile(fragment, 'fragment.htm')).kind, 'html');
    assert.equal((await sniffFile(fragment, 'fragment.txt')).kind, 'unknown');
  });

  it('keeps the main content: headings as sections, tables with their header row, links with their address; menus and footer left out', async () => {
    const page = await readHtmlPage(productPage(), 'https://lumen.example/products/t3');
    assert.equal(page.title, 'Thermostat T3');
    assert.deepEqual(page.sections.map((s) => s.heading), ['Thermostat T3', 'Thermostat T3 > Technical data', 'Thermostat T3 > Installation']);
    assert.match(page.sections[1]!.text, /^Property \| Value\nSupply voltage \| 230 V AC\nSetpoint range \| 5 to 35 °C$/);
    assert.match(page.sections[2]!.text, /the T3 installation guide \(https:\/\/lumen\.example\/guides\/t3-install\)/);
    const all = page.sections.map((s) => s.text).join('\n');
    assert.doesNotMatch(all, /Copyright|Cookie settings|Support centre/);
    assert.deepEqual(page.images.map((i) => [i.src, i.alt]), [['https://lumen.example/img/t3.png', 'T3 front panel']]);
    assert.equal(page.navigation, false);
    assert.ok(page.links.includes('https://lumen.example/support'), 'the menu\'s links are still followed by a crawl');
  });

  it('flags a page that is mostly navigation: no text kept', async () => {
    const links = Array.from({ length: 60 }, (_, i) => `<li><a href="/products/p${i}">Product ${i}</a></li>`).join('');
    const page = await readHtmlPage(`<!doctype html><html><head><title>All products</title></head><body>${MENU}<main><h1>All products</h1><ul>${links}</ul><p>Browse.</p></main>${FOOTER}</body></html>`, 'https://lumen.example/products');
    assert.equal(page.navigation, true);
    assert.deepEqual(page.sections, []);
    assert.ok(page.linkShare > 0.5, String(page.linkShare));
  });

  it('uploads as a document that completes, is found by search, with its embedded picture as its image', async () => {
    const png = await makeTextImage(path.join(dir, 't3.png'), { lines: ['T3 front'], width: 400, height: 200, shapes: true });
    const file = path.join(dir, 't3.html');
    writeFileSync(file, productPage(`data:image/png;base64,${readFileSync(png).toString('base64')}`));
    const r = await services.product.upload({ kind: 'document', file: { path: file, fileName: 't3.html' }, fields: { title: 'Thermostat T3' } });
    await services.queue.idle();
    const doc = await services.catalog.documents.get(r.item.id);
    assert.equal(doc?.status, 'completed', doc?.error ?? '');
    assert.equal(doc?.fileType, 'text/html; charset=utf-8');
    const hits = await services.product.search('supply voltage of the T3 thermostat', { k: 3 });
    assert.equal(hits[0]?.chunk.itemId, r.item.id);
    const images = await services.catalog.botImages.list((i) => i.documentId === r.item.id);
    assert.equal(images.length, 1);
    assert.match(images[0]!.description ?? '', /T3 front panel/);
  });

  it('a navigation page completes with the notice and nothing indexed', async () => {
    const links = Array.from({ length: 60 }, (_, i) => `<li><a href="/products/p${i}">Product ${i}</a></li>`).join('');
    const file = path.join(dir, 'nav.html');
    writeFileSync(file, `<!doctype html><html><head><title>All products</title></head><body><main><ul>${links}</ul></main></body></html>`);
    const r = await services.product.upload({ kind: 'document', file: { path: file, fileName: 'nav.html' }, fields: { title: 'All products' } });
    await services.queue.idle();
    const doc = await services.catalog.documents.get(r.item.id);
    assert.equal(doc?.status, 'completed', doc?.error ?? '');
    assert.match(doc?.notice ?? '', /mostly navigation/);
  });
});
