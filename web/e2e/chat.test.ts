import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtures } from '../../core/testing/fixtures';
import { newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness } from './support';

describe('chat pages (browser)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    const pdf = await fixtures.pdf();
    const doc = await uploadDocumentViaApi(h, pdf.path, pdf.fileName, 'AuraShade installation guide');
    assert.equal(doc.status, 'completed', `ingest finished: ${doc.error ?? ''}`);
  });
  after(async () => {
    await h?.close();
  });

  test('/chat works signed out: greeting, Enter sends (Shift+Enter does not), an answer arrives', async () => {
    const { context, page } = await newPage(h);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/chat');
    await page.getByRole('heading', { name: 'Smart Home Assistant' }).first().waitFor();
    await page.getByText('Online').waitFor();
    const bot = page.getByTestId('chat-bot-message');
    await bot.first().waitFor({ timeout: 30_000 });
    const before = await bot.count();
    const input = page.getByLabel('Message');
    await input.fill('How do I connect the KNX gateway?');
    await input.press('Shift+Enter');
    assert.equal(await page.getByTestId('chat-user-message').count(), 0, 'Shift+Enter does not send');
    await input.press('Enter');
    await page.getByTestId('chat-user-message').filter({ hasText: 'KNX gateway' }).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="chat-bot-message"]').length > n, before, { timeout: 45_000 });
    const answer = (await bot.last().textContent()) ?? '';
    assert.ok(answer.length > 10, answer);
    assert.ok(!answer.includes("I'm having trouble"), answer);
    // the public page does not load the admin bundle
    assert.ok(!requests.some((u) => /admin-route/.test(u)), 'no admin chunk on /chat');
    const refId = await page.evaluate(() => sessionStorage.getItem('chatReferenceId'));
    assert.match(String(refId), /^c_[A-Za-z0-9_-]{22}$/, 'the conversation id was handed out by the server');
    await screenshot(page, 'en', 'chat');
    // Hebrew text is shown right to left
    await input.fill('שלום, איך מתקינים וילון?');
    assert.equal(await input.getAttribute('dir'), 'rtl');
    await page.getByRole('button', { name: 'עברית' }).click();
    await page.getByRole('heading', { name: 'העוזר לבית החכם' }).first().waitFor();
    await screenshot(page, 'he', 'chat');
    await context.close();
  });

  test('/rag-bot answers from the uploaded document with a source image, a language badge and citations', async () => {
    const { context, page } = await newPage(h);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await signInFast(h, context);
    await page.goto('/rag-bot');
    await page.getByRole('heading', { level: 1, name: 'Knowledge Assistant' }).waitFor();
    await page.getByText('Document Search', { exact: true }).waitFor();
    await page.getByRole('button', { name: /Quels sont/ }).waitFor();
    const badge = (await page.getByTestId('session-badge').textContent()) ?? '';
    const sessionId = await page.evaluate(() => sessionStorage.getItem('ragSessionId'));
    assert.ok(badge.includes(String(sessionId).split('-')[1]), `${badge} / ${sessionId}`);
    await screenshot(page, 'en', 'rag-bot-empty');
    const input = page.getByLabel('Question');
    const send = page.getByRole('button', { name: 'Send' });
    assert.equal(await send.isDisabled(), true, 'send is disabled on blank input');
    await input.fill('How do I wire the motor to the KNX gateway?');
    await send.click();
    const reply = page.getByTestId('rag-bot-message').last();
    await reply.waitFor({ timeout: 30_000 });
    await page.getByTestId('rag-waiting').waitFor({ state: 'detached', timeout: 30_000 });
    const text = (await reply.textContent()) ?? '';
    assert.match(text, /KNX|gateway|bus/i);
    assert.ok(!text.includes('Sorry, I encountered an error'), text);
    await reply.getByTestId('language-badge').waitFor();
    await reply.getByTestId('citations').getByText('AuraShade installation guide').waitFor();
    const images = reply.getByTestId('source-images');
    await images.waitFor();
    const count = await images.locator('img').count();
    assert.ok(count >= 1 && count <= 4, `thumbnails: ${count}`);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="source-images"] img')].some((i) => (i as HTMLImageElement).naturalWidth > 0));
    assert.ok(requests.some((u) => u.endsWith('/api/bot/rag-query/stream')), 'the streaming endpoint was used');
    assert.ok(!requests.some((u) => /admin-route/.test(u)), 'no admin chunk on /rag-bot');
    await screenshot(page, 'en', 'rag-bot');
    await page.getByRole('button', { name: 'עברית' }).click();
    await page.getByRole('heading', { level: 1, name: 'עוזר הידע' }).waitFor();
    await screenshot(page, 'he', 'rag-bot');
    await page.getByRole('button', { name: 'ניקוי השיחה' }).click();
    assert.equal(await page.getByTestId('rag-bot-message').count(), 0);
    await context.close();
  });
});
