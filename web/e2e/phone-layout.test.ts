/**
 * Every screen on a phone (390×844) in English and Hebrew: no sideways
 * scrolling, no control cut off, no word broken by a narrow column, no button
 * over text (web/e2e/layout-check.ts). Screenshots of each screen, phone and
 * desktop, land in artifacts/screenshots/{en,he}/. Also: job steps and failure
 * reasons in Hebrew, and a signed-out video download from /chat that never
 * touches the admin route.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { message } from '../../core/foundation/messages';
import { fixtures } from '../../core/testing/fixtures';
import { layoutProblems } from './layout-check';
import { SCREENS } from './screens';
import { adminApi, animationsDone, newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness, type Lang } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const VIDEO_TITLE = 'AuraShade motorised blinds: complete installation walkthrough';

async function uploadAny(h: Harness, path: string, fileName: string, title: string) {
  const form = new FormData();
  form.append('file', new Blob([await readFile(path)]), fileName);
  form.append('title', title);
  form.append('description', `${title}, step by step.`);
  return adminApi<unknown>(h, '/api/content/upload', { method: 'POST', body: form });
}

async function waitUntilIdle(h: Harness) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const items = await adminApi<Array<{ status: string }>>(h, '/api/content');
    if (items.every((i) => i.status === 'completed' || i.status === 'failed')) return;
    if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(items.map((i) => i.status))}`);
    await new Promise((r) => setTimeout(r, 100)); // how often the state is looked at (the deadline above ends a wait that never holds)
  }
}

/** Waits for the page's heading and for lists to finish loading. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse'), null, { timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await animationsDone(page);
}

describe('every screen on a phone, in English and Hebrew (browser)', () => {
  let h: Harness;
  let runningId = 0;

  before(async () => {
    // The server and browser start while the fixtures are generated; every upload is sent at once (the worker
    // takes two jobs at a time) and each is then waited for, instead of one import after the other.
    const [, pdf, locked, running, deck, video] = await Promise.all([
      startHarness().then((started) => (h = started)), fixtures.pdf(), fixtures.encryptedPdf(), fixtures.textPdf(4), fixtures.pptx(), fixtures.mp4(),
    ]);
    const imported = [
      uploadDocumentViaApi(h, pdf.path, pdf.fileName, 'AuraShade installation guide for the living-room blinds'),
      uploadDocumentViaApi(h, locked.path, 'warranty-terms-locked.pdf', 'Warranty terms'),
      uploadDocumentViaApi(h, running.path, 'thermostat-manual-scanned.pdf', 'Thermostat manual'),
    ];
    const others = [
      uploadAny(h, deck.path, deck.fileName, 'Smart home showcase for installers'),
      uploadAny(h, video.path, 'aurashade-installation-walkthrough.mp4', VIDEO_TITLE),
      adminApi(h, '/api/categories', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Motorised blinds and curtains', description: 'Blinds, curtains and their motors', isActive: true }) }),
    ];
    const [guide, warranty, thermostat] = await Promise.all(imported);
    await Promise.all(others);
    assert.equal(guide.status, 'completed');
    assert.equal(warranty.status, 'failed');
    runningId = thermostat.id;
    await waitUntilIdle(h);
    // One document shown mid-way through OCR, as the pipeline records it (a step as code, parameters and English text).
    const step = message('pdf_ocr', { page: 3, done: 1, total: 4 });
    await h.server.services!.catalog.documents.update(runningId, { status: 'extracting', progress: 42, step: step.text, stepCode: { code: step.code, params: step.params } });
  });
  after(async () => {
    await h?.close();
  });

  for (const lang of ['en', 'he'] as Lang[]) {
    test(`${lang}: at 390×844 no screen scrolls sideways, cuts a control, breaks a word in a narrow column or covers text`, async () => {
      const found: string[] = [];
      const signedOut = await newPage(h, { lang, ...PHONE });
      const signedIn = await newPage(h, { lang, ...PHONE });
      await signInFast(h, signedIn.context);
      for (const s of SCREENS) {
        const { page } = s.signedIn ? signedIn : signedOut;
        await page.goto(s.url);
        await settle(page);
        if (s.name === 'chat') {
          // A reply that offers the video: the media card with its download button.
          await page.getByTestId('chat-bot-message').first().waitFor({ timeout: 30_000 });
          const input = page.locator('textarea');
          await input.fill(lang === 'he' ? 'אפשר להוריד את סרטון ההתקנה?' : 'Can I download the installation video?');
          await input.press('Enter');
          await page.getByTestId('chat-media').first().waitFor({ timeout: 45_000 });
        }
        if (s.name === 'file-manager') await page.getByText(/documents\//).first().waitFor();
        for (const p of await layoutProblems(page)) found.push(`${s.name}: ${p}`);
        await screenshot(page, lang, `phone-${s.name}`);
      }
      await signedOut.context.close();
      await signedIn.context.close();
      assert.deepEqual(found, [], `layout faults at 390 px (${lang}):\n${found.join('\n')}`);
    });
  }

  test('desktop (1440×900), both languages: no screen scrolls sideways or cuts a control; screenshots of each', async () => {
    const found: string[] = [];
    for (const lang of ['en', 'he'] as Lang[]) {
      const signedOut = await newPage(h, { lang, ...DESKTOP });
      const signedIn = await newPage(h, { lang, ...DESKTOP });
      await signInFast(h, signedIn.context);
      for (const s of SCREENS.filter((x) => x.name !== 'chat')) {
        const { page } = s.signedIn ? signedIn : signedOut;
        await page.goto(s.url);
        await settle(page);
        for (const p of await layoutProblems(page)) found.push(`${lang} ${s.name}: ${p}`);
        await screenshot(page, lang, `desktop-${s.name}`);
      }
      await signedOut.context.close();
      await signedIn.context.close();
    }
    assert.deepEqual(found, [], found.join('\n'));
  });

  test('the Hebrew console words job steps and failure reasons in Hebrew; English shows the server text', async () => {
    const he = await newPage(h, { lang: 'he', ...PHONE });
    await signInFast(h, he.context);
    await he.page.goto('/dashboard#documents');
    await settle(he.page);
    const alert = he.page.getByRole('alert').filter({ hasText: 'מוגן בסיסמה' });
    await alert.waitFor();
    const failure = (await alert.textContent()) ?? '';
    assert.match(failure, /^הקובץ \u2068warranty-terms-locked\.pdf\u2069 מוגן בסיסמה\. הסירו את הסיסמה והעלו אותו שוב\.$/);
    assert.equal(await alert.locator('[dir="auto"]').evaluate((el) => getComputedStyle(el).direction), 'rtl');
    await he.page.getByText('מזהה טקסט (OCR) בעמוד \u20683\u2069, \u20681\u2069 מתוך \u20684\u2069').waitFor();
    await he.page.getByText('נכשל', { exact: true }).first().waitFor();
    assert.equal(await he.page.getByText(/password-protected|OCR of page/).count(), 0, 'no English step or reason in the Hebrew console');
    await screenshot(he.page, 'he', 'phone-documents-steps');
    await he.context.close();

    const en = await newPage(h, { lang: 'en', ...PHONE });
    await signInFast(h, en.context);
    await en.page.goto('/dashboard#documents');
    await settle(en.page);
    await en.page.getByText('OCR of page 3 (1 of 4)').waitFor();
    await en.page.getByRole('alert').filter({ hasText: /password-protected/ }).waitFor();
    await en.context.close();
  });

  test('small things: sizes with units, duplicate category says why, Shift+Enter does not send on /rag-bot, totals explained, translations named by parent', async () => {
    const { context, page } = await newPage(h, { lang: 'en', ...DESKTOP });
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    await settle(page);
    const failedCard = page.getByTestId('document-card').filter({ hasText: 'warranty-terms-locked.pdf' }).first();
    await failedCard.waitFor();
    assert.match((await failedCard.textContent()) ?? '', /\d+(\.\d+)? KB/, 'a 2 KB file shows in KB');
    assert.equal(await page.getByText('0.00 MB').count(), 0, 'no "0.00 MB" on cards');

    await page.goto('/dashboard#categories');
    await settle(page);
    await page.getByRole('button', { name: /Add Category/i }).first().click();
    await page.getByLabel(/Category Name/i).fill('Motorised blinds and curtains');
    await page.getByRole('dialog').getByRole('button', { name: /Save|Create|Add/i }).last().click();
    await page.getByTestId('toast').getByText('A category named "Motorised blinds and curtains" already exists. Choose another name.').waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/dashboard');
    await settle(page);
    await page.getByTestId('total-files-hint').waitFor();
    await page.getByRole('button', { name: 'Show Presentations sub-items' }).click();
    await page.getByRole('button', { name: 'Show Videos sub-items' }).click();
    await page.getByRole('button', { name: 'Presentation Translations', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Video Translations', exact: true }).waitFor();

    await page.goto('/rag-bot');
    await settle(page);
    const input = page.getByLabel('Question', { exact: true });
    await input.fill('First line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    assert.equal(await input.inputValue(), 'First line\nsecond line', 'Shift+Enter adds a line');
    assert.equal(await page.locator('[data-testid="rag-chat"] li').filter({ hasText: 'First line' }).count(), 0, 'nothing was sent');
    await context.close();
  });

  test('a signed-out video download from /chat uses the public file and never calls the admin route (no 401)', async () => {
    const { context, page } = await newPage(h, { lang: 'en', ...PHONE });
    const statuses: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/')) statuses.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto('/chat');
    await page.getByTestId('chat-bot-message').first().waitFor({ timeout: 30_000 });
    await page.locator('textarea').fill('Can I download the installation video?');
    await page.locator('textarea').press('Enter');
    const card = page.getByTestId('chat-media').first();
    await card.waitFor({ timeout: 45_000 });
    const download = page.waitForEvent('download');
    await card.getByRole('button').click();
    assert.match((await download).suggestedFilename(), /\.mp4$/);
    assert.deepEqual(statuses.filter((s) => s.startsWith('401') || s.includes('/api/videos/')), [], statuses.join('\n'));
    await context.close();
  });
});
