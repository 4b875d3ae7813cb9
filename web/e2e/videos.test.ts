/**
 * Videos in the console (browser): upload a clip with speech through the
 * dialog, watch it go through its statuses, open the player and find the
 * transcript's subtitles loaded as a <track>; with a target language, watch
 * `converting` and play the translated file with its subtitles.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startFakeStt, type FakeStt } from '../../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../../core/testing/fixture-video';
import type { Job, Video, VideoTranscriptView } from '../../core/foundation/types';
import { adminApi, newPage, screenshot, signInFast, startHarness, type Harness } from './support';

async function uploadViaApi(h: Harness, path: string, fileName: string, fields: Record<string, string> = {}): Promise<Video> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([await import('node:fs/promises').then((f) => f.readFile(path))]), fileName);
  return adminApi<Video>(h, '/api/videos', { method: 'POST', body: form });
}

/** The record of a video once `done` holds (followed through the API, state by state). */
async function follow(h: Harness, id: number, done: (v: Video) => boolean): Promise<Video> {
  for (;;) {
    const v = (await adminApi<Video[]>(h, '/api/videos')).find((x) => x.id === id)!;
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('videos (browser)', () => {
  let h: Harness;
  let fake: FakeStt;
  let clip: SpeechClip;
  before(async () => {
    clip = await videoFixtures.speech();
    fake = await startFakeStt({ mode: { kind: 'segments', segments: [] } });
    fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
    h = await startHarness({ env: { STT_URL: fake.url, STT_RETRIES: '0' } });
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });

  test('a clip with speech uploaded through the dialog is transcribed; the player shows it with <track> subtitles and a seekable transcript', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/videos');
    await page.getByRole('button', { name: 'Add New Video' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Video' });
    await dialog.getByLabel('Video file').setInputFiles({ name: 'pairing-demo.mp4', mimeType: 'video/mp4', buffer: await import('node:fs/promises').then((f) => f.readFile(clip.path)) });
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    const card = page.getByTestId('video-card').filter({ hasText: 'pairing-demo' });
    await card.waitFor();
    // The card follows the job: the transcript state turns from queued or transcribing to ready.
    await card.getByTestId('transcript-state').and(page.locator('[data-state="completed"]')).waitFor({ timeout: 90_000 });
    const videos = await adminApi<Video[]>(h, '/api/videos');
    const v = videos.find((x) => x.fileName === 'pairing-demo.mp4')!;
    assert.equal(v.status, 'completed');
    await card.getByRole('button', { name: /^Play/ }).click();
    const player = page.getByRole('dialog', { name: v.label });
    const lines = player.getByTestId('transcript-lines').getByRole('button');
    await lines.first().waitFor();
    assert.equal(await lines.count(), 3);
    assert.match((await lines.nth(1).textContent()) ?? '', /The motor pairs with the remote control/);
    // The <track> loads the transcript's WebVTT: its cues are the transcript's sentences.
    const cues = await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]');
      const track = video?.textTracks[0];
      if (!track) return null;
      track.mode = 'showing';
      return track.cues && track.cues.length ? Array.from(track.cues).map((c) => (c as VTTCue).text) : null;
    }, undefined, { timeout: 15_000 });
    // Cues are at most two lines of 42 characters: the same sentences, wrapped.
    assert.deepEqual((await cues.jsonValue())!.map((c) => c.replace(/\n/g, ' ')), clip.sentences);
    // The time is read when the seek lands (the 'seeked' event): read later, a playing video has moved on.
    await page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]')!;
      (window as unknown as { seekedAt: Promise<number> }).seekedAt = new Promise((resolve) =>
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true }));
    });
    await lines.nth(1).click();
    const at = await page.evaluate(() => (window as unknown as { seekedAt: Promise<number> }).seekedAt);
    assert.ok(Math.abs(at - clip.spans[1]!.start) < 0.6, `seeked to ${at}`);
    await player.getByTestId('vtt-original').waitFor();
    await screenshot(page, 'en', 'video-player');
    await context.close();
  });

  test('with a target language (burned, dubbed) the card shows converting, and the translated file plays with its Spanish subtitles', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/videos');
    await page.getByRole('button', { name: 'Add New Video' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Video' });
    const other = await videoFixtures.speechSmall(); // other bytes than the first test's upload (not a duplicate)
    await dialog.getByLabel('Video file').setInputFiles({ name: 'pairing-spanish.mp4', mimeType: 'video/mp4', buffer: await import('node:fs/promises').then((f) => f.readFile(other.path)) });
    await dialog.getByLabel('Translate this content').check();
    await dialog.getByLabel('Target language').selectOption('spanish');
    // Burned and dubbed: the converting step takes a few seconds (it re-encodes the picture), longer than one poll of the list.
    await dialog.getByLabel('Subtitles').selectOption('burned');
    await dialog.getByLabel('Dubbed sound track').check();
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    const card = page.getByTestId('video-card').filter({ hasText: 'pairing-spanish' });
    await card.waitFor();
    // Follow the record (not a badge that may come and go between two polls of the list): the item passes through
    // converting while its translation job burns and dubs, and the job says so in its steps.
    const v = (await adminApi<Video[]>(h, '/api/videos')).find((x) => x.fileName === 'pairing-spanish.mp4')!;
    const statuses: string[] = [];
    const steps = new Set<string>();
    for (;;) {
      const now = (await adminApi<Video[]>(h, '/api/videos')).find((x) => x.id === v.id)!;
      if (statuses.at(-1) !== now.status) statuses.push(now.status);
      for (const j of await adminApi<Job[]>(h, '/api/jobs')) if (j.itemId === v.id && j.kind === 'translate' && j.step) steps.add(j.step.code);
      if (now.status === 'completed' && now.translatedFilePath) break;
      assert.notEqual(now.status, 'failed', now.error ?? '');
      await new Promise((r) => setImmediate(r));
    }
    assert.ok(statuses.includes('converting'), `statuses: ${statuses.join(' > ')}`);
    assert.ok(steps.has('video_burning') && steps.has('video_dubbing'), `translation steps: ${[...steps].join(', ')}`);
    await card.locator('[data-testid="status-badge"][data-status="completed"]').waitFor();
    await card.getByRole('button', { name: /^Play/ }).click();
    const player = page.getByRole('dialog', { name: 'pairing-spanish' });
    await player.getByTestId('version-select').locator('option', { hasText: 'spanish' }).waitFor({ state: 'attached', timeout: 15_000 });
    await player.getByTestId('version-select').selectOption({ label: 'Translated (Spanish)' });
    await player.getByTestId('translated-file').waitFor();
    await player.getByTestId('vtt-translated').waitFor();
    const played = await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]');
      const track = video?.textTracks[0];
      if (!video || !track) return null;
      track.mode = 'showing';
      if (!track.cues || !track.cues.length) return null;
      return { src: video.currentSrc, lang: track.language, cues: Array.from(track.cues).map((c) => (c as VTTCue).text) };
    }, undefined, { timeout: 15_000 });
    const r = (await played.jsonValue())!;
    // A burned version has a file of its own (a soft one would sit beside it at <id>_spanish.mp4).
    assert.match(r.src, /\/uploads\/videos\/translated_files\/\d+_spanish\.burned\.mp4$/);
    assert.equal(r.lang, 'es');
    assert.ok(r.cues.length >= 3, `${r.cues.length} cues`);
    assert.ok(r.cues.every((c) => c.split('\n').length <= 2 && c.split('\n').every((l) => l.length <= 42)), JSON.stringify(r.cues));
    assert.ok(r.cues.some((c) => /motor/i.test(c)));
    assert.ok(!r.cues.some((c) => c.replace(/\n/g, ' ') === clip.sentences[1]), 'the subtitles are the Spanish ones');
    // The translated file itself plays.
    const playing = await page.evaluate(async () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]')!;
      video.muted = true;
      await video.play();
      // Until it has played past 0.2 s (its timeupdate events) or fails; 15 s at most.
      await new Promise<void>((res) => {
        if (video.currentTime > 0.2) return res();
        const deadline = setTimeout(res, 15_000);
        video.addEventListener('timeupdate', () => { if (video.currentTime > 0.2) { clearTimeout(deadline); res(); } });
        video.addEventListener('error', () => { clearTimeout(deadline); res(); });
      });
      return { time: video.currentTime, error: video.error?.message ?? null };
    });
    assert.equal(playing.error, null);
    assert.ok(playing.time > 0.2, `played to ${playing.time}`);
    await screenshot(page, 'en', 'video-translated-player');
    await context.close();
  });

  test('a failed transcript shows on the card with its reason and is retried from the card; a cue edited in the transcript editor updates the subtitle track', async () => {
    fake.setMode({ kind: 'status', status: 500 });
    const v = await uploadViaApi(h, (await videoFixtures.portrait()), 'needs-retry.mp4', { sourceLanguage: 'english', force: 'true' });
    await follow(h, v.id, (x) => x.status === 'failed');
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/videos');
    const card = page.getByTestId('video-card').filter({ hasText: 'needs-retry' });
    await card.locator('[data-testid="status-badge"][data-status="failed"]').waitFor();
    assert.match((await card.getByRole('alert').textContent()) ?? '', /speech-to-text service could not transcribe needs-retry\.mp4|refused the audio/);
    await screenshot(page, 'en', 'video-transcript-failed');
    fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
    await card.getByRole('button', { name: 'Retry needs-retry' }).click();
    await card.getByTestId('transcript-state').and(page.locator('[data-state="completed"]')).waitFor();
    await card.locator('[data-testid="status-badge"][data-status="completed"]').waitFor();
    const jobs = (await adminApi<Job[]>(h, '/api/jobs')).filter((j) => j.itemId === v.id);
    assert.deepEqual(jobs.map((j) => `${j.kind}:${j.attempts}`), ['ingest:1', 'transcribe:2'], 'only the transcription ran again');

    // The transcript editor: change a word of the second line and save; the player's <track> reads the new text.
    await card.getByRole('button', { name: /^Play/ }).click();
    const player = page.getByRole('dialog', { name: v.label });
    await player.getByTestId('transcript-lines').getByRole('button').nth(2).waitFor();
    await player.getByTestId('transcript-edit').click();
    const editor = player.getByTestId('transcript-editor');
    await editor.getByLabel('Text of line 2').fill('The motor pairs with the wall switch when you hold the button.');
    await screenshot(page, 'en', 'video-transcript-editor');
    const put = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${v.id}/transcript`) && r.request().method() === 'PUT');
    await editor.getByTestId('transcript-save').click();
    const answer = await put;
    assert.equal(answer.status(), 200, await answer.text());
    await player.getByTestId('transcript-lines').getByText('wall switch').waitFor();
    const cues = await page.waitForFunction(() => {
      const track = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]')?.textTracks[0];
      if (!track) return null;
      track.mode = 'showing';
      const texts = track.cues ? Array.from(track.cues).map((c) => (c as VTTCue).text.replace(/\n/g, ' ')) : [];
      return texts.some((t) => t.includes('wall switch')) ? texts : null;
    });
    assert.equal((await cues.jsonValue())![1], 'The motor pairs with the wall switch when you hold the button.');
    const view = await adminApi<VideoTranscriptView>(h, `/api/videos/${v.id}/transcript`);
    assert.equal(view.transcript?.origin, 'edited');
    assert.equal(view.original?.[1]?.text, clip.sentences[1]);
    await player.getByTestId('transcript-edit').click();
    await player.getByTestId('transcript-original').waitFor();
    await context.close();
    const he = await newPage(h, { lang: 'he' });
    await signInFast(h, he.context);
    await he.page.goto('/videos');
    await he.page.getByTestId('video-card').filter({ hasText: 'needs-retry' }).getByRole('button', { name: /^הפעלה/ }).click();
    await he.page.getByTestId('transcript-edit').click();
    await he.page.getByTestId('transcript-editor').waitFor();
    await screenshot(he.page, 'he', 'video-transcript-editor');
    await he.context.close();
  });

  test('burned Spanish subtitles on a portrait video stay inside the bottom 20 % of the picture (read from its pixels in the browser)', async () => {
    fake.setMode({ kind: 'segments', segments: [{ start: clip.spans[1]!.start, end: clip.spans[1]!.end, text: clip.sentences[1]! }] });
    const portrait = await videoFixtures.portrait();
    const bytes = await import('node:fs/promises').then((f) => f.readFile(portrait));
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1; // other bytes than the upload above (not a duplicate)
    const path = `${portrait}.other.mp4`;
    await import('node:fs/promises').then((f) => f.writeFile(path, bytes));
    const v = await uploadViaApi(h, path, 'portrait-burned.mp4', { sourceLanguage: 'english', needsTranslation: 'true', targetLanguage: 'spanish', subtitles: 'burned' });
    const done = await follow(h, v.id, (x) => (x.status === 'completed' && !!x.translatedFilePath) || x.status === 'failed');
    assert.equal(done.status, 'completed', done.error ?? '');
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/videos');
    const rows = await page.evaluate(async ({ src, at }) => {
      const video = document.createElement('video');
      video.muted = true;
      video.src = src;
      await new Promise((res, rej) => { video.onloadeddata = res; video.onerror = () => rej(new Error('cannot load')); });
      video.currentTime = at;
      await new Promise((res) => { video.onseeked = res; });
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(video, 0, 0);
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const lit: number[] = [];
      for (let y = 0; y < canvas.height; y++) {
        for (let x = 0; x < canvas.width; x++) {
          const i = (y * canvas.width + x) * 4;
          if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200) lit.push(y);
        }
      }
      return { width: canvas.width, height: canvas.height, top: lit.length ? Math.min(...lit) : -1, count: lit.length };
    }, { src: done.translatedFilePath!, at: (clip.spans[1]!.start + clip.spans[1]!.end) / 2 });
    console.log(`portrait burned subtitles in the browser: ${JSON.stringify(rows)}`);
    assert.deepEqual([rows.width, rows.height], [360, 640]);
    assert.ok(rows.count > 100, `white subtitle pixels: ${rows.count}`);
    assert.ok(rows.top >= rows.height * 0.8, `the subtitles reach row ${rows.top} of ${rows.height}, above the bottom 20 %`);
    await context.close();
  });
});
