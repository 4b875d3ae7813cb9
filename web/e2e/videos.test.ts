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
import type { Video } from '../../core/types';
import { adminApi, newPage, screenshot, signInFast, startHarness, type Harness } from './support';

describe('videos (browser)', () => {
  let h: Harness;
  let fake: FakeStt;
  let clip: SpeechClip;
  before(async () => {
    clip = await videoFixtures.speech();
    fake = await startFakeStt({ mode: { kind: 'segments', segments: [] } });
    fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
    h = await startHarness({ env: { STT_URL: fake.url } });
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
    assert.deepEqual(await cues.jsonValue(), clip.sentences);
    await lines.nth(1).click();
    const at = await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="video-player"]')!.currentTime);
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
    // Watch the card: the translation step shows as converting.
    await card.locator('[data-testid="status-badge"][data-status="converting"]').waitFor({ timeout: 90_000 });
    await screenshot(page, 'en', 'video-converting');
    await card.locator('[data-testid="status-badge"][data-status="completed"]').waitFor({ timeout: 120_000 });
    await card.getByRole('button', { name: /^Play/ }).click();
    const player = page.getByRole('dialog', { name: 'pairing-spanish' });
    await player.getByTestId('version-select').locator('option', { hasText: 'spanish' }).waitFor({ state: 'attached', timeout: 15_000 });
    await player.getByTestId('version-select').selectOption({ label: 'Translated (spanish)' });
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
    assert.match(r.src, /\/uploads\/videos\/translated_files\/\d+_spanish\.mp4$/);
    assert.equal(r.lang, 'es');
    assert.equal(r.cues.length, 3);
    assert.match(r.cues[1]!, /motor/i);
    assert.notEqual(r.cues[1], clip.sentences[1], 'the subtitles are the Spanish ones');
    // The translated file itself plays.
    const playing = await page.evaluate(async () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]')!;
      video.muted = true;
      await video.play();
      await new Promise((res) => setTimeout(res, 800));
      return { time: video.currentTime, error: video.error?.message ?? null };
    });
    assert.equal(playing.error, null);
    assert.ok(playing.time > 0.2, `played to ${playing.time}`);
    await screenshot(page, 'en', 'video-translated-player');
    await context.close();
  });
});
