/**
 * Translation in the console (browser): a presentation uploaded with
 * translation into Hebrew goes converting -> completed on its card and its
 * translated file downloads; a document is translated into Hebrew with the
 * Translate action; the translations page in Hebrew lists them. The server
 * talks through the real SDK to the local fake Messages API (each word
 * reversed), holding its answers until the test has seen `converting` and `running`.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startFakeAnthropic, type FakeAnthropic } from '../../core/testing/fake-anthropic';
import { translatingResponder } from '../../core/testing/fake-translate';
import { fixtures } from '../../core/testing/fixtures';
import { startTestServer } from '../../server/testing';
import { readPackage } from '../../core/features/translate/ooxml';
import { buildWebOnce, openBrowser, newPage, screenshot, signInFast, toast, uploadDocumentViaApi, type Harness } from './support';

describe('translation in the console (browser)', () => {
  let h: Harness;
  let fake: FakeAnthropic;
  // The model answers once the card has been seen converting with its translation running (the event, not a time).
  let seenRunning!: () => void;
  const running = new Promise<void>((r) => (seenRunning = r));
  before(async () => {
    await buildWebOnce();
    const translate = translatingResponder();
    fake = await startFakeAnthropic({ responder: async (r) => { await running; return translate(r); } });
    const server = await startTestServer({ env: { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0' } });
    const browser = await openBrowser();
    h = { server, browser, close: async () => { await browser.close().catch(() => undefined); await server.stop(); } };
  });
  after(async () => {
    seenRunning();
    await h?.close();
    await fake?.close();
  });

  test('upload with translation into Hebrew: the card goes converting then completed, the translation downloads, the Hebrew translations page lists it', async () => {
    const pptx = await fixtures.pptx();
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard#presentations');
    await page.getByRole('button', { name: 'Upload Presentation' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Presentation' });
    await dialog.getByLabel('File').setInputFiles(pptx.path);
    await dialog.getByLabel('Translate this content').check();
    await dialog.getByLabel('Target language').selectOption('hebrew');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page).getByText(/uploaded successfully/).waitFor();

    const card = page.getByTestId('presentation-card').first();
    await card.locator('[data-testid="status-badge"][data-status="converting"]').waitFor({ timeout: 90_000 });
    const item = card.locator('[data-testid="item-translation"][data-language="hebrew"]');
    await item.locator('[data-testid="translation-state"][data-state="running"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'en', 'presentation-converting');
    seenRunning();
    await card.locator('[data-testid="status-badge"][data-status="completed"]').waitFor({ timeout: 90_000 });
    await item.locator('[data-testid="translation-state"][data-state="completed"]').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), item.getByTestId('translation-download').click()]);
    // saveAs, not path(): the run's shared Chromium is a remote browser, whose downloads have no local path.
    const folder = await mkdtemp(path.join(tmpdir(), 'cms-download-'));
    const saved = path.join(folder, 'translation.pptx');
    await download.saveAs(saved);
    const pkg = await readPackage(saved, 'download');
    await rm(folder, { recursive: true, force: true });
    assert.match(pkg.parts.get('ppt/slides/slide1.xml')!.toString('utf8'), /rtl="1"/);
    assert.match(download.suggestedFilename(), / \(hebrew\)\.pptx$/, 'saved as <title> (<language>).pptx');

    // A document translated later with the Translate action.
    const docx = await fixtures.docx();
    await uploadDocumentViaApi(h, docx.path, docx.fileName, 'Roller blind guide');
    await page.goto('/dashboard#documents');
    const doc = page.getByTestId('document-card').filter({ hasText: 'Roller blind guide' });
    await doc.getByTestId('translate-button').click();
    const ask = page.getByRole('dialog', { name: 'Translate "Roller blind guide"' });
    const offered = await ask.getByTestId('translate-language').locator('option').allTextContents();
    assert.ok(offered.includes('Hebrew') && !offered.includes('English'), `the document's own language is not offered: ${offered.join(',')}`);
    await ask.getByTestId('translate-language').selectOption('hebrew');
    await ask.getByTestId('translate-submit').click();
    await toast(page).getByText('Translation requested').waitFor();
    await doc.locator('[data-testid="item-translation"][data-language="hebrew"] [data-testid="translation-state"][data-state="completed"]').waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Table view' }).click();
    await page.getByTestId('converted-file').first().waitFor();

    // The translations page in Hebrew.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'he'));
    await page.goto('/dashboard#presentation-translations');
    await page.reload();
    const row = page.getByTestId('translation-row').first();
    await row.getByText('עברית').waitFor();
    await row.locator('[data-testid="translation-state"][data-state="completed"]').getByText('הושלם').waitFor();
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    await row.getByText('anthropic').waitFor();
    await screenshot(page, 'he', 'presentation-translations');
    await context.close();
  });
});
