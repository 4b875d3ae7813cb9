import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { startFakeStt, type FakeStt } from '../../core/testing/fake-stt';
import { videoFixtures } from '../../core/testing/fixture-video';
import { adminApi, newPage, screenshot, startHarness, type Harness, type Lang } from './support';

/**
 * /chat answering from a video: the bot's reply carries the cited moment as
 * a link that plays the video from the quoted sentence's cue (#t=11) and the
 * frame taken at that cue, in English and Hebrew, on a desktop and at phone
 * width. The recording is the shared corpus's film clip; its transcript comes
 * from the STT endpoint provider against the local fake.
 */

const CUES: Record<Lang, Array<{ start: number; end: number; text: string }>> = {
  en: [
    { start: 0, end: 5.2, text: 'The camera was left on the hill overnight.' },
    { start: 5.2, end: 11.4, text: 'Clouds moved over the valley before dawn.' },
    { start: 11.4, end: 17.6, text: 'The sunrise over the bay was filmed at six in the morning.' },
    { start: 17.6, end: 24, text: 'Then the crew packed the tripod and walked down.' },
  ],
  he: [
    { start: 0, end: 5.2, text: 'המצלמה נשארה על הגבעה כל הלילה.' },
    { start: 5.2, end: 11.4, text: 'עננים עברו מעל העמק לפני עלות השחר.' },
    { start: 11.4, end: 17.6, text: 'הזריחה מעל המפרץ צולמה בשש בבוקר.' },
    { start: 17.6, end: 24, text: 'אחר כך הצוות קיפל את החצובה וירד.' },
  ],
};
const QUESTION: Record<Lang, string> = { en: 'When was the sunrise over the bay filmed?', he: 'מתי צולמה הזריחה מעל המפרץ?' };

describe('/chat with a video source (browser)', () => {
  let h: Harness;
  let fake: FakeStt;
  before(async () => {
    const clip = await videoFixtures.tearsOfSteel(26);
    assert.ok(clip, 'the film clip of the test corpus');
    fake = await startFakeStt({ apiKey: 'stt-key' });
    h = await startHarness({ env: { STT_URL: fake.url, STT_API_KEY: 'stt-key' } });
    for (const [lang, label, language] of [['en', 'Hill timelapse', 'english'], ['he', 'צילום הגבעה', 'hebrew']] as const) {
      fake.setMode({ kind: 'segments', language: lang, segments: CUES[lang] });
      const form = new FormData();
      form.set('label', label);
      form.set('hasSpeech', 'true');
      form.set('sourceLanguage', language);
      form.set('file', new Blob([await readFile(clip)]), `hill-${lang}.mp4`);
      // The same recording twice, once per language.
      form.set('force', 'true');
      const v = await adminApi<{ id: number }>(h, '/api/videos', { method: 'POST', body: form });
      // The next upload changes what the fake transcribes: wait for this one's transcript.
      for (;;) {
        const now = (await adminApi<Array<{ id: number; status: string; transcript?: { state: string } }>>(h, '/api/videos')).find((x) => x.id === v.id)!;
        assert.notEqual(now.status, 'failed');
        if (now.status === 'completed' && now.transcript?.state === 'completed') break;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });

  for (const [lang, width] of [['en', 1366], ['he', 1366], ['en', 390], ['he', 390]] as const) {
    test(`${lang}, ${width} px: the answer links the video at the quoted sentence's cue and shows the frame taken there`, async () => {
      const { context, page } = await newPage(h, { lang, width, height: width < 500 ? 844 : 900 });
      await page.goto('/chat');
      const bot = page.getByTestId('chat-bot-message');
      await bot.first().waitFor({ timeout: 30_000 });
      const input = page.getByLabel(lang === 'he' ? 'הודעה' : 'Message');
      await input.fill(QUESTION[lang]);
      await input.press('Enter');
      const moment = page.getByTestId('chat-video-moment').last();
      await moment.waitFor({ timeout: 45_000 });
      assert.match((await moment.getAttribute('href')) ?? '', /\.mp4#t=11$/);
      assert.match((await moment.textContent()) ?? '', lang === 'he' ? /צפייה מ-0:11/ : /Watch from 0:11/);
      const img = moment.locator('img');
      const src = (await img.getAttribute('src')) ?? '';
      const ms = Number(/\/t(\d+)\.jpg$/.exec(src)?.[1]);
      assert.ok(ms >= 11_400 && ms <= 17_600, `frame ${src} is taken inside the cue`);
      await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle(), { timeout: 15_000 });
      const box = await moment.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= width, `the moment fits the ${width} px screen`);
      await screenshot(page, lang, `chat-video-moment-${width}`);
      await context.close();
    });
  }
});
