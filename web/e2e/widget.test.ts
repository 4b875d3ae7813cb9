import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { fixtures } from '../../core/testing/fixtures';
import { startTestServer, type TestServer } from '../../server/testing';
import { ensureWidgetBuild } from '../widget/build';
import { buildWebOnce, openBrowser, screenshot, signInFast, uploadDocumentViaApi, type Harness } from './support';

/**
 * The embeddable widget on a page of ANOTHER origin (a second local HTTP
 * server on its own port), against the real server: English and Hebrew,
 * asking a question and downloading a file; a site not in WIDGET_ORIGINS
 * cannot frame the chat panel.
 */

let server: TestServer;
let browser: Browser;
let site: Server;
let siteOrigin: string;
let otherOrigin: string;

const hostPage = (assistant: string, lang: string, attrs: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Brand site</title>
<style>* { font-family: serif !important; color: red !important; } button { background: lime !important; width: 10px !important; } iframe { display: none !important; }</style>
</head><body><h1>Brand home page</h1>
<script src="${assistant}/widget.js" ${attrs}></script></body></html>`;

before(async () => {
  await Promise.all([ensureWidgetBuild(), buildWebOnce()]);
  // The brand's site: another port (and, as localhost, a second origin that is not allowed).
  site = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const lang = u.searchParams.get('lang') ?? 'en';
    const attrs = u.searchParams.has('bare') ? ''
      : lang === 'he' ? 'data-color="#0f766e"'
        : 'data-title="AuraShade Help" data-color="#b91c1c" data-lang="en"';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostPage(server.url, lang, attrs));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const port = (site.address() as AddressInfo).port;
  siteOrigin = `http://127.0.0.1:${port}`;
  otherOrigin = `http://localhost:${port}`;
  server = await startTestServer({ env: { WIDGET_ORIGINS: siteOrigin } });
  browser = await openBrowser();
  const pdf = await fixtures.pdf();
  const doc = await uploadDocumentViaApi({ server, browser } as Harness, pdf.path, pdf.fileName, 'AuraShade installation guide');
  assert.equal(doc.status, 'completed', `ingest finished: ${doc.error ?? ''}`);
});
after(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  await new Promise((r) => site?.close(r));
});

async function openWidget(url: string, locale = 'en-US'): Promise<{ page: Page; panel: Frame; close(): Promise<void> }> {
  const context = await browser.newContext({ locale, acceptDownloads: true, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(url);
  await page.locator('[data-smarthome-widget] button').click();
  const handle = await page.locator('[data-smarthome-widget] iframe').elementHandle();
  const panel = (await handle!.contentFrame())!;
  await panel.waitForLoadState();
  return { page, panel, close: () => context.close() };
}

async function ask(panel: Frame, text: string): Promise<string> {
  const bots = panel.locator('[data-testid="widget-bot-message"]');
  const before = await bots.count();
  await panel.locator('textarea').fill(text);
  await panel.locator('textarea').press('Enter');
  await panel.locator('[data-testid="widget-user-message"]', { hasText: text }).waitFor();
  await panel.waitForFunction((n) => document.querySelectorAll('[data-testid="widget-bot-message"]').length > n, before, { timeout: 45_000 });
  return (await bots.last().textContent()) ?? '';
}

async function downloadFrom(page: Page, panel: Frame): Promise<{ name: string; head: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), panel.locator('[data-testid="widget-bot-message"]').last().locator('.media button').click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { name: download.suggestedFilename(), head: Buffer.concat(chunks).subarray(0, 5).toString('latin1') };
}

describe('chat widget on another origin (browser)', () => {
  test('the server lets only allowed origins frame the panel and call the chat API cross-origin', async () => {
    const frame = await fetch(`${server.url}/widget/frame`);
    assert.match(frame.headers.get('content-security-policy') ?? '', new RegExp(`frame-ancestors 'self' ${siteOrigin}`));
    assert.equal(frame.headers.get('x-frame-options'), null);
    const script = await fetch(`${server.url}/widget.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    const preflight = (origin: string) => fetch(`${server.url}/api/bot/chat`, {
      method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    const ok = await preflight(siteOrigin);
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get('access-control-allow-origin'), siteOrigin);
    assert.equal((await preflight(otherOrigin)).status, 403);
    assert.equal((await fetch(`${server.url}/api/documents`)).headers.get('x-frame-options'), 'DENY');
  });

  test('English: brand title and colour, the page\'s styles do not leak in, a question is answered and a document downloads', async () => {
    const { page, panel, close } = await openWidget(`${siteOrigin}/?lang=en`);
    try {
      const launcher = page.locator('[data-smarthome-widget] button');
      assert.equal(await launcher.getAttribute('aria-label'), 'Close chat');
      assert.equal(await launcher.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(185, 28, 28)', 'brand colour, not the page\'s lime');
      assert.equal(await launcher.evaluate((b) => getComputedStyle(b).width), '56px');
      assert.equal(await page.locator('[data-smarthome-widget] iframe').evaluate((f) => getComputedStyle(f).display), 'block');
      await panel.getByRole('heading', { name: 'AuraShade Help' }).waitFor();
      assert.equal(await panel.locator('header').evaluate((h) => getComputedStyle(h).backgroundColor), 'rgb(185, 28, 28)');
      assert.match(await panel.locator('body').evaluate((b) => getComputedStyle(b).fontFamily), /^system-ui/, 'the page\'s serif font does not reach the panel');
      await panel.locator('[data-testid="widget-bot-message"]').first().waitFor({ timeout: 30_000 });
      assert.match((await panel.locator('[data-testid="widget-bot-message"]').first().textContent()) ?? '', /hello|hi|welcome|assist/i);
      const answer = await ask(panel, 'How do I connect the KNX gateway?');
      assert.ok(answer.length > 20 && !answer.includes('trouble'), answer);
      // The visitor rates the answer: thumbs down with what was missing.
      const rating = panel.locator('[data-testid="widget-bot-message"]').last().locator('[data-testid="widget-rating"]');
      assert.equal(await panel.locator('[data-testid="widget-bot-message"]').first().locator('[data-testid="widget-rating"]').count(), 0, 'the greeting is not rated');
      await rating.getByRole('button', { name: 'Not helpful' }).click();
      await rating.getByLabel('What was missing? (optional)').fill('Which cable colour?');
      await rating.getByRole('button', { name: 'Send feedback' }).click();
      await rating.getByText('Thanks for your feedback').waitFor();
      const rated = (await server.services!.questions.list()).find((r) => r.rating);
      assert.deepEqual([rated?.channel, rated?.question, rated?.rating?.value, rated?.rating?.comment], ['widget', 'How do I connect the KNX gateway?', 'down', 'Which cable colour?']);
      const offer = await ask(panel, 'Send me the installation guide');
      assert.match(offer, /AuraShade installation guide/);
      const file = await downloadFrom(page, panel);
      assert.match(file.name, /\.pdf$/);
      assert.equal(file.head, '%PDF-');
      await screenshot(page, 'en', 'widget');
      // The panel's close button hands focus back to the page's launcher.
      await panel.getByRole('button', { name: 'Close chat' }).click();
      await page.locator('[data-smarthome-widget] .panel').waitFor({ state: 'hidden' });
    } finally {
      await close();
    }
  });

  test('Hebrew page (lang="he"): right-to-left panel with Hebrew words, a Hebrew greeting, a Hebrew question and a download', async () => {
    const { page, panel, close } = await openWidget(`${siteOrigin}/?lang=he`);
    try {
      assert.equal(await page.locator('[data-smarthome-widget] button').getAttribute('aria-label'), 'סגירת הצ׳אט');
      assert.equal(await panel.locator('html').getAttribute('dir'), 'rtl');
      await panel.getByRole('heading', { name: 'העוזר לבית החכם' }).waitFor();
      await panel.locator('[data-testid="widget-bot-message"]').first().waitFor({ timeout: 30_000 });
      assert.match((await panel.locator('[data-testid="widget-bot-message"]').first().textContent()) ?? '', /[\u0590-\u05ff]/, 'greeted in Hebrew');
      const answer = await ask(panel, 'איך מחברים את שער ה-KNX?');
      assert.match(answer, /[\u0590-\u05ff]/, answer);
      assert.equal(await panel.locator('[data-testid="widget-bot-message"]').last().locator('.bubble').getAttribute('dir'), 'rtl');
      await ask(panel, 'שלחו לי את המדריך');
      const file = await downloadFrom(page, panel);
      assert.equal(file.head, '%PDF-');
      await screenshot(page, 'he', 'widget');
    } finally {
      await close();
    }
  });

  test('a site not in WIDGET_ORIGINS shows nothing: the widget reads its configuration first, and the browser refuses it there', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${otherOrigin}/?lang=en`);
      await page.locator('script[data-widget-state="not-allowed"]').waitFor({ state: 'attached' });
      assert.equal(await page.locator('[data-smarthome-widget]').count(), 0, 'no launcher, no panel, no frame');
    } finally {
      await context.close();
    }
  });

  test('the admin allows another site and sets the brand colour and greeting in Website widget settings; that site then shows them', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1280, height: 900 } });
    try {
      await signInFast({ server, browser } as Harness, context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto('/dashboard#widget');
      await page.getByRole('heading', { level: 1, name: 'Website widget' }).waitFor();
      assert.match((await page.getByTestId('widget-snippet').textContent()) ?? '', new RegExp(`<script src="${server.url}/widget.js"`));
      await page.getByText(siteOrigin).waitFor(); // from WIDGET_ORIGINS, shown read-only
      await page.getByLabel('Sites allowed to embed it').fill(`${otherOrigin}/`);
      await page.getByLabel('Brand colour').first().fill('#7c3aed');
      await page.getByLabel('Greeting').fill('Hi! Ask me about AuraShade blinds.');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The widget settings were saved').first().waitFor();
      await page.getByLabel('Sites allowed to embed it').fill('not a site');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').filter({ hasText: 'is not a site address' }).waitFor();
      await screenshot(page, 'en', 'widget-settings');
    } finally {
      await context.close();
    }
    const { page, panel, close } = await openWidget(`${otherOrigin}/?lang=en&bare=1`);
    try {
      const bot = panel.locator('[data-testid="widget-bot-message"]');
      await bot.first().waitFor({ timeout: 30_000 });
      assert.equal(await bot.first().textContent(), 'Assistant: Hi! Ask me about AuraShade blinds.');
      assert.equal(await panel.locator('header').evaluate((h) => getComputedStyle(h).backgroundColor), 'rgb(124, 58, 237)');
      await page.waitForFunction(() => {
        const b = document.querySelector('[data-smarthome-widget]')!.shadowRoot!.querySelector('button')!;
        return getComputedStyle(b).backgroundColor === 'rgb(124, 58, 237)';
      });
      assert.match(await ask(panel, 'How do I connect the KNX gateway?'), /KNX|gateway|bus/i);
    } finally {
      await close();
    }
  });
});
