import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { fixtures } from '../../core/testing/fixtures';
import { ensureWidgetBuild } from '../widget/build';
import { newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness, type Lang, startBrandSite } from './support';

/**
 * "These pages may help" (issue 34): a question the files do not answer (the guide speaks of the warranty but
 * gives no price) gets "not found" and the passages that may help, shown apart from any answer, with the
 * question's words marked and a link opening the PDF at its page: in /rag-bot, /chat and the widget, in English
 * and Hebrew, at desktop and phone width.
 */
const NEAR_MISS = 'What does the motor warranty extension cost?';
const HEADING: Record<Lang, string> = { en: 'These pages may help', he: 'ייתכן שהעמודים האלה יעזרו' };

let h: Harness;
let site: Awaited<ReturnType<typeof startBrandSite>>;
let siteOrigin = '';

before(async () => {
  await ensureWidgetBuild();
  site = await startBrandSite(() => h.server.url);
  siteOrigin = site.origin;
  h = await startHarness({ env: { WIDGET_ORIGINS: siteOrigin } });
  const pdf = await fixtures.pdf();
  const doc = await uploadDocumentViaApi(h, pdf.path, pdf.fileName, 'AuraShade installation guide');
  assert.equal(doc.status, 'completed', `ingest finished: ${doc.error ?? ''}`);
});
after(async () => {
  await h?.close();
  await site?.close();
});

/** The related block of the last reply: its heading, at least one passage linking the PDF at a page, a marked word, inside the viewport's width. */
async function checkRelated(page: Page, root: ReturnType<Page['locator']>, lang: Lang) {
  const block = root.getByTestId('related-passages');
  await block.waitFor();
  assert.equal((await block.getByRole('heading').textContent())?.trim(), HEADING[lang]);
  const items = block.getByTestId('related-passage');
  assert.ok((await items.count()) >= 1);
  const href = (await items.first().getByRole('link').getAttribute('href')) ?? '';
  // The viewer at that page with the question's words lit (issue 38.1).
  assert.match(href, /^\/view\/document\/\d+\?page=\d+&q=/, href);
  const marked = (await items.first().locator('mark').allTextContents()).map((m) => m.toLowerCase());
  assert.ok(marked.includes('warranty'), `marked: ${marked.join(', ')}`);
  const box = await block.boundingBox();
  const width = page.viewportSize()!.width;
  assert.ok(box && box.x >= 0 && box.x + box.width <= width + 1, `the block fits the page: ${JSON.stringify(box)} in ${width}`);
}

describe('related passages when no answer is stated (browser)', () => {
  for (const [lang, width] of [['en', 1366], ['he', 390]] as const) {
    test(`/rag-bot shows "These pages may help" under a not-found reply, no citations (${lang}, ${width} px)`, async () => {
      const { context, page } = await newPage(h, { lang, width, height: 844 });
      await signInFast(h, context);
      await page.goto('/rag-bot');
      const input = page.getByRole('textbox').last();
      await input.fill(NEAR_MISS);
      await input.press('Enter');
      const reply = page.getByTestId('rag-bot-message').last();
      await page.getByTestId('rag-waiting').waitFor({ state: 'detached', timeout: 45_000 });
      await reply.getByTestId('related-passages').waitFor({ timeout: 45_000 });
      assert.equal(await reply.getByTestId('citations').count(), 0, 'a related passage is not a citation');
      await checkRelated(page, reply, lang);
      await screenshot(page, lang, `rag-bot-related-${width}`);
      await context.close();
    });

    test(`/chat shows the passages that may help and still offers the hand-off (${lang}, ${width === 390 ? 1366 : 390} px)`, async () => {
      const { context, page } = await newPage(h, { lang, width: width === 390 ? 1366 : 390, height: 844 });
      await page.goto('/chat');
      await page.getByTestId('chat-bot-message').first().waitFor({ timeout: 30_000 });
      const input = page.getByRole('textbox').last();
      await input.fill(NEAR_MISS);
      await input.press('Enter');
      const reply = page.getByTestId('chat-bot-message').filter({ has: page.getByTestId('related-passages') }).last();
      await reply.waitFor({ timeout: 45_000 });
      await checkRelated(page, reply, lang);
      await reply.locator('form').first().waitFor();
      await screenshot(page, lang, `chat-related-${width === 390 ? 1366 : 390}`);
      await context.close();
    });

    test(`the widget shows the passages that may help (${lang})`, async () => {
      const { context, page } = await newPage(h, { lang, width, height: 844 });
      await page.goto(`${siteOrigin}/?lang=${lang}`);
      await page.locator('[data-smarthome-widget] button').click();
      const panel = (await (await page.locator('[data-smarthome-widget] iframe').elementHandle())!.contentFrame())!;
      await panel.locator('[data-testid="widget-bot-message"]').first().waitFor({ timeout: 30_000 });
      await panel.locator('textarea').fill(NEAR_MISS);
      await panel.locator('textarea').press('Enter');
      const block = panel.locator('[data-testid="widget-related"]').last();
      await block.waitFor({ timeout: 45_000 });
      assert.equal((await block.locator('.title').textContent())?.trim(), HEADING[lang]);
      assert.match((await block.locator('a').first().getAttribute('href')) ?? '', /^\/view\/document\/\d+\?page=\d+&q=/);
      assert.ok((await block.locator('mark').allTextContents()).some((m) => m.toLowerCase() === 'warranty'));
      await screenshot(page, lang, `widget-related-${width}`);
      await context.close();
    });
  }

  test('an answer in /chat and in the widget links each source to the viewer at its page (en 390 px, he widget)', async () => {
    const { context, page } = await newPage(h, { lang: 'en', width: 390, height: 844 });
    await page.goto('/chat');
    await page.getByTestId('chat-bot-message').first().waitFor({ timeout: 30_000 });
    const input = page.getByRole('textbox').last();
    await input.fill('What does the KNX gateway link on one bus?');
    await input.press('Enter');
    const sources = page.getByTestId('chat-citations').last();
    await sources.waitFor({ timeout: 45_000 });
    const href = (await sources.getByRole('link').first().getAttribute('href')) ?? '';
    assert.match(href, /^\/view\/document\/\d+\?page=\d+/, href);
    const [viewer] = await Promise.all([context.waitForEvent('page'), sources.getByRole('link').first().click()]);
    await viewer.getByRole('heading', { level: 1, name: 'AuraShade installation guide' }).waitFor({ timeout: 30_000 });
    await context.close();

    const w = await newPage(h, { lang: 'he', width: 1366, height: 844 });
    await w.page.goto(`${siteOrigin}/?lang=he`);
    await w.page.locator('[data-smarthome-widget] button').click();
    const panel = (await (await w.page.locator('[data-smarthome-widget] iframe').elementHandle())!.contentFrame())!;
    await panel.locator('[data-testid="widget-bot-message"]').first().waitFor({ timeout: 30_000 });
    await panel.locator('textarea').fill('What does the KNX gateway link on one bus?');
    await panel.locator('textarea').press('Enter');
    const links = panel.locator('[data-testid="widget-citations"] a');
    await links.first().waitFor({ timeout: 45_000 });
    assert.match((await links.first().getAttribute('href')) ?? '', /\/view\/document\/\d+\?page=\d+/);
    await w.context.close();
  });

  test("the console's documents table opens an item in the viewer from its row menu (he, 1366x768)", async () => {
    const { context, page } = await newPage(h, { lang: 'he', width: 1366, height: 768 });
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    await page.getByRole('button', { name: 'תצוגת טבלה' }).click();
    await page.getByTestId('content-list').getByRole('button', { name: /^פעולות נוספות: AuraShade installation guide/ }).click();
    const [viewer] = await Promise.all([context.waitForEvent('page'), page.getByRole('menu').getByRole('menuitem', { name: 'פתיחה במציג' }).click()]);
    await viewer.waitForURL(/\/view\/document\/\d+\?page=1$/);
    await viewer.getByRole('heading', { level: 1, name: 'AuraShade installation guide' }).waitFor({ timeout: 30_000 });
    await context.close();
  });
});

