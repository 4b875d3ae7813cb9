/**
 * A video whose translated version failed, in the console (browser): its
 * card shows it needs attention with the reason, worded in Hebrew with the
 * language name in Hebrew (no English words but the file's name), and the
 * card's Retry re-runs the translation until the card shows completed.
 * The model is the local fake, refusing while `failing` is set.
 */
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { startFakeAnthropic, type FakeAnthropic } from '../../core/testing/fake-anthropic';
import { translatingResponder } from '../../core/testing/fake-translate';
import { startFakeStt, type FakeStt } from '../../core/testing/fake-stt';
import { videoFixtures } from '../../core/testing/fixture-video';
import type { Video } from '../../core/foundation/types';
import { latinWordsInHebrew } from './checks';
import { adminApi, animationsDone, newPage, screenshot, signInFast, startHarness, type Harness } from './support';

describe('a video whose translation failed (browser)', () => {
  let h: Harness;
  let stt: FakeStt;
  let model: FakeAnthropic;
  let failing = true;
  before(async () => {
    const clip = await videoFixtures.speech();
    stt = await startFakeStt({ mode: { kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) } });
    model = await startFakeAnthropic({ responder: translatingResponder({ fail: () => (failing ? { status: 400, errorMessage: 'The model refused the request' } : null) }) });
    h = await startHarness({ env: { STT_URL: stt.url, STT_RETRIES: '0', ANTHROPIC_API_KEY: model.apiKey, ANTHROPIC_BASE_URL: model.url, LLM_MAX_RETRIES: '0' } });
    const form = new FormData();
    form.set('sourceLanguage', 'english');
    form.set('needsTranslation', 'true');
    form.set('targetLanguage', 'arabic');
    form.set('file', await openAsBlob(clip.path), 'attention.mp4');
    const v = await adminApi<Video>(h, '/api/videos', { method: 'POST', body: form });
    for (;;) {
      const now = (await adminApi<Video[]>(h, '/api/videos')).find((x) => x.id === v.id)!;
      if (now.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  after(async () => {
    await h?.close();
    await model?.close();
    await stt?.close();
  });

  test('the card says which version failed and why, in Hebrew; Retry on the card makes it', async () => {
    const en = await newPage(h, { lang: 'en' });
    await signInFast(h, en.context);
    await en.page.goto('/videos');
    const enCard = en.page.getByTestId('video-card').filter({ hasText: 'attention' });
    await enCard.getByText('The Arabic version could not be made').waitFor();
    await animationsDone(en.page);
    await screenshot(en.page, 'en', 'video-translation-failed');
    await en.context.close();

    const { context, page } = await newPage(h, { lang: 'he' });
    await signInFast(h, context);
    await page.goto('/videos');
    const card = page.getByTestId('video-card').filter({ hasText: 'attention' });
    await card.locator('[data-testid="status-badge"][data-status="failed"]').waitFor();
    assert.match(await card.innerText(), /הגרסה ב\u2068?ערבית\u2069? נכשלה/);
    assert.match(await card.getByRole('alert').innerText(), /לא ניתן היה להכין את הגרסה ב\u2068?ערבית\u2069?/);
    assert.deepEqual(await latinWordsInHebrew(page, { allow: ['attention', 'attention.mp4'] }), []);
    await animationsDone(page);
    await screenshot(page, 'he', 'video-translation-failed');

    failing = false;
    await card.getByRole('button', { name: /^ניסיון חוזר: attention \(/ }).click(); // the Arabic version's Retry (the card's own is "ניסיון חוזר: attention")
    await card.locator('[data-testid="status-badge"][data-status="completed"]').waitFor({ timeout: 120_000 });
    const v = (await adminApi<Video[]>(h, '/api/videos')).find((x) => x.fileName === 'attention.mp4')!;
    assert.equal(v.error, null);
    assert.ok(v.translatedFilePath, 'the arabic video exists');
    await context.close();
  });

  for (const lang of ['en', 'he'] as const) {
    test(`${lang}: the Videos table fits 1,280 px with its Translate and row-menu buttons visible`, async () => {
      const { context, page } = await newPage(h, { lang, width: 1280, height: 800 });
      await signInFast(h, context);
      await page.goto('/videos');
      await page.getByRole('button', { name: lang === 'en' ? 'Table view' : 'תצוגת טבלה' }).click();
      const list = page.getByTestId('content-list');
      await list.locator('tbody tr').first().waitFor();
      await animationsDone(page);
      const fit = await list.evaluate((el) => {
        const scroller = el.querySelector('table')!.parentElement!;
        const area = scroller.getBoundingClientRect();
        const buttons = [...el.querySelectorAll('tbody tr button')].map((b) => b.getBoundingClientRect());
        return {
          scrolls: scroller.scrollWidth > scroller.clientWidth + 1, page: document.documentElement.scrollWidth > window.innerWidth,
          inside: buttons.length >= 2 && buttons.every((r) => r.left >= Math.max(0, area.left) - 1 && r.right <= Math.min(window.innerWidth, area.right) + 1),
        };
      });
      await screenshot(page, lang, 'videos-table-1280');
      assert.deepEqual(fit, { scrolls: false, page: false, inside: true });
      await context.close();
    });
  }
});
