/**
 * Videos that need attention, through the real server and the fake speech
 * endpoint: a transcription that failed (the endpoint answering 500) shows
 * the video as failed with the reason; Retry re-runs the transcription only
 * (not the ingest); a DRM-protected file fails as an item with its reason.
 */
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startFakeStt, type FakeStt } from '../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../core/testing/fixture-video';
import type { Job, Video } from '../core/types';
import { login, startTestServer, type TestServer } from './testing';

let fake: FakeStt;
let clip: SpeechClip;
let s: TestServer;
let cookie: string;
before(async () => {
  clip = await videoFixtures.speech();
  fake = await startFakeStt({ apiKey: 'stt-key' });
  s = await startTestServer({ env: { STT_URL: fake.url, STT_API_KEY: 'stt-key', STT_RETRIES: '1' } });
  cookie = await login(s);
});
after(async () => { await s.stop(); await fake.close(); });

async function upload(path: string, name: string, fields: Record<string, string> = {}): Promise<Video> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', await openAsBlob(path), name);
  const res = await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { cookie }, body: form });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as Video;
}

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${s.url}${path}`, { headers: { cookie } })).json()) as T;

/** Follows the video's record until `done` (each state it shows is kept, to say where it stopped). */
async function until(id: number, done: (v: Video) => boolean): Promise<Video> {
  const seen: string[] = [];
  for (;;) {
    const v = (await get<Video[]>('/api/videos')).find((x) => x.id === id)!;
    const now = `${v.status}/${v.transcript?.state}`;
    if (seen.at(-1) !== now) seen.push(now);
    if (done(v)) return v;
    await new Promise((r) => setImmediate(r));
    if (seen.length > 50) assert.fail(`no end in sight: ${seen.join(' > ')}`);
  }
}

describe('videos that need attention', () => {
  it('a transcription the endpoint fails (HTTP 500) fails the video with the reason; Retry re-runs the transcription only and completes it', async () => {
    fake.setMode({ kind: 'status', status: 500 });
    const v = await upload(clip.path, 'retry-me.mp4', { sourceLanguage: 'english' });
    const failed = await until(v.id, (x) => x.status === 'failed');
    assert.match(failed.error ?? '', /speech-to-text service at .* refused the audio after 2 attempts: HTTP 500/);
    assert.deepEqual(failed.errorCode, { code: 'failure.transcription', params: { file: 'retry-me.mp4' } });
    assert.equal(failed.stepCode?.code, 'transcribe_failed');
    assert.equal(failed.transcript?.state, 'failed');
    assert.equal(failed.transcript?.failedStep, 'transcribe');
    const jobs = async () => (await get<Job[]>('/api/jobs')).filter((j) => j.itemId === v.id);
    assert.deepEqual((await jobs()).map((j) => `${j.kind}:${j.state}`), ['ingest:done', 'transcribe:failed']);

    fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
    const retried = await fetch(`${s.url}/api/videos/${v.id}/retry`, { method: 'POST', headers: { cookie } });
    assert.equal(retried.status, 200, await retried.clone().text());
    const done = await until(v.id, (x) => x.status === 'completed' && x.transcript?.state === 'completed');
    assert.equal(done.error, null);
    assert.equal(done.transcript?.segmentCount, 3);
    const after = await jobs();
    assert.deepEqual(after.map((j) => `${j.kind}:${j.state}:${j.attempts}`), ['ingest:done:1', 'transcribe:done:2'], 'the ingest did not run again');
  });

  it('a DRM-protected video fails as an item with its reason', async () => {
    const v = await upload(await videoFixtures.encrypted(), 'protected.mp4', { hasSpeech: 'false' });
    const failed = await until(v.id, (x) => x.status === 'failed');
    assert.match(failed.error ?? '', /encrypted \(DRM-protected\)/);
    assert.equal(failed.errorCode?.code, 'failure.drm');
  });
});
