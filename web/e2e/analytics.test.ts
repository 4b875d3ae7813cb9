import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtures } from '../../core/testing/fixtures';
import { newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness } from './support';

/**
 * Question analytics in the browser: visitors rate answers in /chat and
 * /rag-bot; the admin's Analytics screen (dashboard quick action) shows
 * seeded conversations and the new ratings, and exports them.
 */
describe('analytics and answer ratings (browser)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    const pdf = await fixtures.pdf();
    const doc = await uploadDocumentViaApi(h, pdf.path, pdf.fileName, 'AuraShade installation guide');
    assert.equal(doc.status, 'completed', `ingest finished: ${doc.error ?? ''}`);
    // Seeded conversations of the last days, through the server's own question log.
    const log = h.server.services!.questions;
    const q = (over: Partial<Parameters<typeof log.record>[0]>) => log.record({
      channel: 'widget', referenceId: 'seed1', kind: 'question', language: 'en', question: '', answer: 'The documents do not contain this information.',
      notFound: true, mode: 'extractive', sources: [], ...over,
    });
    await q({ question: 'How much does the M2 motor weigh?' });
    await q({ question: 'What is the weight of the M2 motor?', referenceId: 'seed2', channel: 'chat' });
    await q({ question: 'M2 motor weight in kg', referenceId: 'seed3' });
    await q({ question: 'Does the hub work with Alexa?', referenceId: 'seed3' });
    await q({ question: 'כמה שוקל המנוע M2?', language: 'he', referenceId: 'seed4' });
    const ok = await q({ question: 'How do I wire the KNX gateway?', notFound: false, answer: 'Wire the motor [1].', sources: [{ itemType: 'document', itemId: doc.id, title: 'AuraShade installation guide' }] });
    await log.rate({ answerId: ok, referenceId: 'seed1', value: 'down', comment: 'Which cable colour goes where?' });
  });
  after(async () => {
    await h?.close();
  });

  test('/chat: a visitor rates an answer thumbs up; the rating reaches the question log', async () => {
    const { context, page } = await newPage(h);
    await page.goto('/chat');
    const bot = page.getByTestId('chat-bot-message');
    await bot.first().waitFor({ timeout: 30_000 });
    assert.equal(await bot.first().getByTestId('answer-rating').count(), 0, 'the greeting is not rated');
    await page.getByLabel('Message').fill('How do I connect the KNX gateway?');
    await page.getByLabel('Message').press('Enter');
    const answer = bot.nth(1);
    await answer.getByTestId('answer-rating').waitFor({ timeout: 45_000 });
    await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
    await answer.getByText('Thanks for your feedback').waitFor();
    assert.equal(await answer.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'), 'true');
    const rated = (await h.server.services!.questions.list()).filter((r) => r.channel === 'chat' && r.rating);
    assert.deepEqual(rated.map((r) => [r.question, r.rating!.value]), [['How do I connect the KNX gateway?', 'up']]);
    // Survives the next poll (the server's copy replaces the local one).
    const poll = (r: { url(): string }) => r.url().includes('/api/bot/messages');
    await page.waitForResponse(poll, { timeout: 30_000 });
    await page.waitForResponse(poll, { timeout: 30_000 });
    assert.equal(await answer.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'), 'true');
    await context.close();
  });

  test('/rag-bot: thumbs down with a comment', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/rag-bot');
    await page.getByLabel('Question').fill('How much does the motor weigh in kilograms?');
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = page.getByTestId('rag-bot-message').last();
    await reply.getByTestId('answer-rating').waitFor({ timeout: 45_000 });
    await reply.getByRole('button', { name: 'Not helpful' }).click();
    await reply.getByLabel('What was missing? (optional)').fill('The weight is not in the guide');
    await reply.getByRole('button', { name: 'Send' }).click();
    await reply.getByText('Thanks for your feedback').waitFor();
    const r = (await h.server.services!.questions.list()).find((x) => x.channel === 'rag');
    assert.deepEqual([r?.rating?.value, r?.rating?.comment], ['down', 'The weight is not in the guide']);
    await context.close();
  });

  test('the dashboard\'s Analytics action opens the screen with the seeded conversations, the new ratings and an export', async () => {
    const { context, page } = await newPage(h, { height: 1400 });
    await signInFast(h, context);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Analytics\s*Usage reports$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    assert.match(page.url(), /#analytics$/);
    const kpi = (id: string) => page.getByTestId(id).locator('p').nth(1).textContent();
    assert.equal(await kpi('kpi-questions'), '8');
    const unanswered = page.getByTestId('unanswered').locator('tbody tr');
    await unanswered.first().waitFor();
    const first = (await unanswered.first().textContent()) ?? '';
    assert.match(first, /^4/, `three seeded wordings and the /rag-bot question: ${first}`);
    assert.match(first, /M2 motor/);
    assert.match(first, /kilograms/);
    assert.ok((await page.getByTestId('unanswered').textContent())?.includes('כמה שוקל המנוע M2?'));
    assert.match((await page.getByTestId('sources').textContent()) ?? '', /AuraShade installation guide/);
    const comments = (await page.getByTestId('comments').textContent()) ?? '';
    assert.match(comments, /Which cable colour goes where\?/);
    assert.match(comments, /The weight is not in the guide/);
    assert.match((await kpi('kpi-thumbs')) ?? '', /33%/, '1 up of 3 ratings');
    assert.equal(await page.getByTestId('per-day').locator('li').count(), 8);
    assert.match((await page.getByTestId('channels').textContent()) ?? '', /Website widget/);
    await screenshot(page, 'en', 'analytics');
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="per-day"] li').length === 31);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^conversations-.*\.csv$/);
    const chunks: Buffer[] = [];
    for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    assert.match(csv, /^\ufeffat,channel,conversation,kind,language,question,answer,notFound,sources,rating,comment\r\n/);
    assert.match(csv, /"How much does the M2 motor weigh\?"/);
    assert.match(csv, /"The weight is not in the guide"/);
    await context.close();
  });

  test('the Analytics screen in Hebrew is right to left', async () => {
    const { context, page } = await newPage(h, { lang: 'he', height: 1400 });
    await signInFast(h, context);
    await page.goto('/dashboard#analytics');
    await page.getByRole('heading', { level: 1, name: 'אנליטיקה' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    await page.getByTestId('unanswered').waitFor();
    await screenshot(page, 'he', 'analytics');
    await context.close();
  });
});
