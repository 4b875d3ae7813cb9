/**
 * What the Translate dialog offers with no language model configured
 * (browser, console in Hebrew): only the pairs the offline machine
 * translator serves, and a line saying how to add a model; a request for a
 * pair without a provider is refused up front with a coded message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtures } from '../../core/testing/fixtures';
import type { ApiErrorBody, TranslationOffers } from '../../core/foundation/types';
import { startTestServer } from '../../server/testing';
import { adminApi, buildWebOnce, openBrowser, newPage, screenshot, signInFast, uploadDocumentViaApi, type Harness } from './support';

describe('the Translate dialog without a language model (browser)', () => {
  let h: Harness;
  before(async () => {
    await buildWebOnce();
    const server = await startTestServer({ env: { TRANSLATION_APERTIUM: 'true' } });
    const browser = await openBrowser();
    h = { server, browser, close: async () => { await browser.close().catch(() => undefined); await server.stop(); } };
  });
  after(async () => { await h?.close(); });

  test('in Hebrew it offers only the pairs that work and says how to add a model; Hebrew is refused up front, in Hebrew too', async () => {
    const offers = await adminApi<TranslationOffers>(h, '/api/translation-offers');
    const fromEnglish = offers.pairs.filter((p) => p.source === 'english').map((p) => p.target);
    assert.ok(fromEnglish.length > 0 && fromEnglish.every((t) => offers.pairs.find((p) => p.source === 'english' && p.target === t)?.provider === 'apertium'));
    assert.ok(!fromEnglish.includes('hebrew'));
    assert.match(offers.hint?.text ?? '', /ANTHROPIC_API_KEY.*LLM_PROVIDER=openai/);

    const docx = await fixtures.docx();
    const doc = await uploadDocumentViaApi(h, docx.path, docx.fileName, 'Roller blind guide');
    // Refused before any job is queued, with the code and both ways to add a model.
    const res = await fetch(`${h.server.url}/api/documents/${doc.id}/translations`, {
      method: 'POST', headers: { authorization: `Bearer ${h.server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ targetLanguage: 'hebrew' }),
    });
    assert.equal(res.status, 503);
    const body = await res.json() as ApiErrorBody;
    assert.equal(body.coded?.code, 'translation.no_provider');
    assert.match(body.message, /ANTHROPIC_API_KEY.*LLM_PROVIDER=openai/);
    assert.deepEqual(await adminApi(h, `/api/documents/${doc.id}/translations`), [], 'no translation record was made');

    const { context, page } = await newPage(h, { lang: 'he' });
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    const card = page.getByTestId('document-card').filter({ hasText: 'Roller blind guide' });
    await card.getByTestId('translate-button').click();
    const dialog = page.getByRole('dialog');
    const hint = dialog.getByTestId('translate-hint');
    await hint.waitFor();
    assert.match(await hint.innerText(), /הוסיפו מודל.*ANTHROPIC_API_KEY.*LLM_PROVIDER=openai/s);
    const values = (await dialog.getByTestId('translate-language').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
    assert.deepEqual(values.sort(), [...fromEnglish].sort(), 'exactly the targets a provider serves from English');
    assert.ok(!values.includes('hebrew') && !values.includes('arabic'));
    await screenshot(page, 'he', 'translate-dialog-no-model');
    await context.close();

    // The same dialog in English on a phone: the hint wraps inside the dialog.
    const phone = await newPage(h, { lang: 'en', width: 390, height: 844 });
    await signInFast(h, phone.context);
    await phone.page.goto('/dashboard#documents');
    await phone.page.getByTestId('document-card').filter({ hasText: 'Roller blind guide' }).getByTestId('translate-button').click();
    const hintEn = phone.page.getByRole('dialog').getByTestId('translate-hint');
    await hintEn.waitFor();
    assert.match(await hintEn.innerText(), /add a model: set ANTHROPIC_API_KEY, or set LLM_PROVIDER=openai/);
    const box = await hintEn.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the hint fits the phone's width: ${JSON.stringify(box)}`);
    await screenshot(phone.page, 'en', 'translate-dialog-no-model-phone');
    await phone.context.close();
  });
});
