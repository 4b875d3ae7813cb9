import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { HandoffRequest } from '../../core/foundation/types';
import { ensureWidgetBuild } from '../widget/build';
import { adminApi, newPage, screenshot, signInFast, startHarness, type Harness, type Lang } from './support';

/**
 * Hand-off to a person in the browser: /chat and the widget (English and
 * Hebrew, at a phone's 390 px) offer the form after a question the files do
 * not answer; the request reaches the console's Requests screen, where staff
 * mark it handled and delete it.
 */

let h: Harness;
let site: Server;
let siteOrigin: string;

before(async () => {
  await ensureWidgetBuild();
  site = createServer((req, res) => {
    const lang = new URL(req.url ?? '/', 'http://x').searchParams.get('lang') ?? 'en';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Brand</title></head>
<body><h1>Brand</h1><script src="${h.server.url}/widget.js" data-lang="${lang}"></script></body></html>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  h = await startHarness({ env: { WIDGET_ORIGINS: siteOrigin } });
});
after(async () => {
  await h?.close();
  await new Promise((r) => site?.close(r));
});

const QUESTION: Record<Lang, string> = { en: 'What is the price of the Zigbee hub?', he: 'מה המחיר של הרכזת?' };
const NAME: Record<Lang, string> = { en: 'Dana Levi', he: 'דנה לוי' };

for (const lang of ['en', 'he'] as const) {
  test(`/chat at 390 px (${lang}): a question without an answer offers the form, and the request is sent with consent`, async () => {
    const { context, page } = await newPage(h, { lang, width: 390, height: 844 });
    try {
      await page.goto('/chat');
      await page.getByTestId('chat-bot-message').first().waitFor();
      await page.locator('textarea').fill(QUESTION[lang]);
      await page.locator('textarea').press('Enter');
      const form = page.getByTestId('handoff-form');
      await form.waitFor({ timeout: 45_000 });
      await form.locator('input[autocomplete="name"]').fill(NAME[lang]);
      await form.locator('input[type="email"]').fill('dana@example.com');
      await form.locator('button[type="submit"]').click();
      await form.getByRole('alert').waitFor();
      await form.locator('input[type="checkbox"]').check();
      await screenshot(page, lang, 'handoff-chat-390');
      const box = await form.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the form fits the phone width (${JSON.stringify(box)})`);
      await form.locator('button[type="submit"]').click();
      await page.getByTestId('handoff-sent').waitFor();
      const requests = await adminApi<HandoffRequest[]>(h, '/api/handoff-requests?status=open');
      const mine = requests.find((r) => r.name === NAME[lang] && r.channel === 'chat');
      assert.ok(mine, 'stored');
      assert.equal(mine.question, QUESTION[lang]);
      assert.equal(mine.email, 'dana@example.com');
    } finally {
      await context.close();
    }
  });

  test(`the widget at 390 px (${lang}): the same offer, sent with a phone number`, async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, locale: lang === 'he' ? 'he-IL' : 'en-US' });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${siteOrigin}/?lang=${lang}`);
      await page.locator('[data-smarthome-widget] button').click();
      const panel = (await (await page.locator('[data-smarthome-widget] iframe').elementHandle())!.contentFrame())!;
      await panel.waitForLoadState();
      await panel.locator('[data-testid="widget-bot-message"]').first().waitFor();
      await panel.locator('textarea').fill(QUESTION[lang]);
      await panel.locator('textarea').press('Enter');
      const form = panel.locator('[data-testid="widget-handoff"]');
      await form.waitFor({ timeout: 45_000 });
      assert.equal(await panel.evaluate(() => document.documentElement.dir), lang === 'he' ? 'rtl' : 'ltr');
      await form.locator('input[type="text"]').fill(`${NAME[lang]} W`);
      await form.locator('input[type="tel"]').fill('+972 3 555 0100');
      await form.locator('input[type="checkbox"]').check();
      await page.screenshot({ path: (await screenshot(page, lang, 'handoff-widget-390')), fullPage: false });
      await form.locator('button[type="submit"]').click();
      await panel.locator('form.handoff .status', { hasText: lang === 'he' ? 'תודה' : 'Thank you' }).waitFor().catch(async () => {
        await panel.locator('li .status').first().waitFor();
      });
      const requests = await adminApi<HandoffRequest[]>(h, '/api/handoff-requests');
      const mine = requests.find((r) => r.name === `${NAME[lang]} W`);
      assert.ok(mine, 'stored');
      assert.equal(mine.channel, 'widget');
      assert.equal(mine.phone, '+972 3 555 0100');
    } finally {
      await context.close();
    }
  });
}

for (const lang of ['en', 'he'] as const) {
  test(`the Requests screen (${lang}, desktop and 390 px): staff see the requests, mark one handled and delete it`, async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await newPage(h, { lang, width, height: 900 });
      try {
        await signInFast(h, context);
        await page.goto('/dashboard#requests');
        await page.getByTestId('requests-page').waitFor();
        const row = page.getByTestId('request-row').filter({ hasText: NAME[lang] }).filter({ hasText: 'dana@example.com' });
        await row.waitFor();
        await screenshot(page, lang, `requests-${width}`);
        assert.equal(await page.evaluate(() => document.documentElement.dir), lang === 'he' ? 'rtl' : 'ltr');
        if (width !== 390) continue;
        const request = (await adminApi<HandoffRequest[]>(h, '/api/handoff-requests')).find((r) => r.name === NAME[lang] && r.channel === 'chat')!;
        await row.getByRole('button', { name: lang === 'he' ? 'סימון כטופלה' : 'Mark handled' }).click();
        await row.waitFor({ state: 'detached' });
        assert.equal((await adminApi<HandoffRequest>(h, `/api/handoff-requests/${request.id}`)).status, 'handled');
        await page.getByRole('button', { name: lang === 'he' ? 'טופלו' : 'Handled', exact: true }).click();
        const handled = page.getByTestId('request-row').filter({ hasText: NAME[lang] }).filter({ hasText: 'dana@example.com' });
        page.once('dialog', (d) => void d.accept());
        await handled.getByRole('button', { name: new RegExp(lang === 'he' ? 'מחיקה' : 'Delete') }).click();
        await handled.waitFor({ state: 'detached' });
        const left = await adminApi<HandoffRequest[]>(h, '/api/handoff-requests');
        assert.ok(!left.some((r) => r.id === request.id), 'deleted');
      } finally {
        await context.close();
      }
    }
  });
}
