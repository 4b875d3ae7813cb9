/**
 * Video care in the console (browser): a video that failed for good (an MP4
 * whose tracks hold no samples) shows its reason and no Retry button, while
 * one whose transcription can succeed later keeps it; after a failed new
 * transcription the player still lists the last good transcript and its
 * editor shows the failure above the cues.
 */
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { startFakeStt, type FakeStt } from '../../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../../core/testing/fixture-video';
import type { Video } from '../../core/foundation/types';
import { adminApi, newPage, screenshot, signInFast, startHarness, type Harness } from './support';

describe('video care (browser)', () => {
  let h: Harness;
  let stt: FakeStt;
  let clip: SpeechClip;
  const upload = async (path: string, name: string) => {
    const form = new FormData();
    form.set('sourceLanguage', 'english');
    form.set('force', 'true');
    form.set('file', await openAsBlob(path), name);
    return adminApi<Video>(h, '/api/videos', { method: 'POST', body: form });
  };
  const follow = async (id: number, done: (v: Video) => boolean) => {
    for (;;) {
      const v = (await adminApi<Video[]>(h, '/api/videos')).find((x) => x.id === id)!;
      if (done(v)) return v;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  before(async () => {
    clip = await videoFixtures.speech();
    stt = await startFakeStt({ mode: { kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) } });
    h = await startHarness({ env: { STT_URL: stt.url, STT_RETRIES: '0' } });
  });
  after(async () => {
    await h?.close();
    await stt?.close();
  });

  test('no Retry for a failure no retry can mend; the last good transcript and the failure beside it in the editor', async () => {
    const hollow = await upload(await videoFixtures.emptyTracks(), 'hollow.mp4');
    const kept = await upload(clip.path, 'kept.mp4');
    await follow(hollow.id, (v) => v.status === 'failed');
    await follow(kept.id, (v) => v.status === 'completed' && v.transcript?.state === 'completed');
    stt.setMode({ kind: 'status', status: 500 });
    await adminApi(h, `/api/videos/${kept.id}/transcribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await follow(kept.id, (v) => v.transcript?.state === 'failed' && v.status === 'failed');

    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/videos');
    const hollowCard = page.getByTestId('video-card').filter({ hasText: 'hollow' });
    await hollowCard.locator('[data-testid="status-badge"][data-status="failed"]').waitFor();
    assert.match((await hollowCard.getByRole('alert').textContent()) ?? '', /holds no pictures and no sound/);
    const keptCard = page.getByTestId('video-card').filter({ hasText: 'kept' });
    await keptCard.getByRole('button', { name: 'Retry kept' }).waitFor();
    assert.equal(await hollowCard.getByRole('button', { name: /^Retry/ }).count(), 0, 'no Retry on a failure no retry can mend');
    await screenshot(page, 'en', 'video-failed-for-good');

    await keptCard.getByRole('button', { name: /^Play/ }).click();
    const player = page.getByRole('dialog', { name: kept.label });
    await player.getByTestId('transcript-lines').getByText(clip.sentences[1]!).waitFor();
    assert.match((await player.getByTestId('transcript-failure').textContent()) ?? '', /speech-to-text service/);
    await player.getByTestId('transcript-edit').click();
    const editor = player.getByTestId('transcript-editor');
    assert.match((await editor.getByTestId('transcript-error').textContent()) ?? '', /speech-to-text service/);
    assert.equal(await editor.getByTestId('cue-row').count(), clip.sentences.length);
    await screenshot(page, 'en', 'video-transcript-kept-after-failure');
    await context.close();
  });
});
