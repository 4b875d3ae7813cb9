/**
 * A video whose translated version fails (the model answering 400 while its
 * subtitles are translated), through the real server, the fake speech
 * endpoint and the fake model: the video shows as needing attention with
 * the reason (status, step and error as codes), it stays searchable by the
 * public, another language can still be asked for, and the video's Retry
 * re-runs only that translation (not the ingest, not the transcription).
 */
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startFakeAnthropic, type FakeAnthropic } from '../core/testing/fake-anthropic';
import { translatingResponder } from '../core/testing/fake-translate';
import { startFakeStt, type FakeStt } from '../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../core/testing/fixture-video';
import type { ContentItem, Job, TranslationRecord, Video } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

let stt: FakeStt;
let model: FakeAnthropic;
let clip: SpeechClip;
let s: TestServer;
let cookie: string;
let failing = true;
before(async () => {
  clip = await videoFixtures.speech();
  stt = await startFakeStt({ mode: { kind: 'segments', segments: [] } });
  stt.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
  model = await startFakeAnthropic({ responder: translatingResponder({ fail: () => (failing ? { status: 400, errorMessage: 'The model refused the request' } : null) }) });
  s = await startTestServer({ env: { STT_URL: stt.url, STT_RETRIES: '0', ANTHROPIC_API_KEY: model.apiKey, ANTHROPIC_BASE_URL: model.url, LLM_MAX_RETRIES: '0' } });
  cookie = await login(s);
});
after(async () => { await s.stop(); await model.close(); await stt.close(); });

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${s.url}${path}`, { headers: { cookie } })).json()) as T;
const post = (path: string, json?: unknown) => fetch(`${s.url}${path}`, {
  method: 'POST', headers: { cookie, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(json) : undefined,
});

/** Follows the video's record until `done` (each state it shows is kept, to say where it stopped). */
async function until(id: number, done: (v: Video) => boolean): Promise<Video> {
  const seen: string[] = [];
  for (;;) {
    const v = (await get<Video[]>('/api/videos')).find((x) => x.id === id)!;
    const now = `${v.status}/${v.stepCode?.code}`;
    if (seen.at(-1) !== now) seen.push(now);
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
    if (seen.length > 50) assert.fail(`no end in sight: ${seen.join(' > ')}`);
  }
}

describe('a video whose translation failed', () => {
  it('needs attention with the reason; stays public; Retry re-runs only that translation', async () => {
    const form = new FormData();
    form.set('sourceLanguage', 'english');
    form.set('needsTranslation', 'true');
    form.set('targetLanguage', 'arabic');
    form.set('file', await openAsBlob(clip.path), 'tr-fail.mp4');
    const res = await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { cookie }, body: form });
    assert.equal(res.status, 201, await res.clone().text());
    const v = (await res.json()) as Video;

    const failed = await until(v.id, (x) => x.status === 'failed');
    assert.deepEqual(failed.stepCode, { code: 'translate_failed', params: { language: 'arabic' } });
    assert.equal(failed.step, 'The Arabic version failed');
    assert.match(failed.error ?? '', /^The Arabic version could not be made: .*refused the request/);
    assert.deepEqual(failed.errorCode, { code: 'failure.translation', params: { language: 'arabic' } });
    assert.equal(failed.transcript?.state, 'completed', 'the transcript is fine');
    const jobs = async () => (await get<Job[]>('/api/jobs')).filter((j) => j.itemId === v.id).map((j) => `${j.kind}:${j.state}:${j.attempts}`);
    assert.deepEqual(await jobs(), ['ingest:done:1', 'transcribe:done:1', 'translate:failed:1']);

    // The video itself is done: its visibility is public (approved on upload here) and it is not offered as a duplicate upload.
    const item = (await get<ContentItem[]>('/api/content?type=video')).find((x) => x.id === v.id);
    assert.equal(item?.visibility, 'public');
    const again = new FormData();
    again.set('file', await openAsBlob(clip.path), 'tr-fail-again.mp4');
    assert.equal((await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { cookie }, body: again })).status, 409);

    failing = false;
    const retried = await post(`/api/videos/${v.id}/retry`);
    assert.equal(retried.status, 200, await retried.clone().text());
    const done = await until(v.id, (x) => x.status === 'completed');
    assert.equal(done.error, null);
    assert.deepEqual(await jobs(), ['ingest:done:1', 'transcribe:done:1', 'translate:done:2'], 'only the translation ran again');
    const [arabic] = await get<TranslationRecord[]>(`/api/translations?itemType=video&itemId=${v.id}`);
    assert.equal(arabic?.state, 'completed', arabic?.error ?? '');
  });

  it('a failed translation that is deleted no longer needs attention; a new language can be asked for meanwhile', async () => {
    failing = true;
    const form = new FormData();
    form.set('sourceLanguage', 'english');
    form.set('force', 'true');
    form.set('file', await openAsBlob(clip.path), 'tr-delete.mp4');
    const v = (await (await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { cookie }, body: form })).json()) as Video;
    await until(v.id, (x) => x.status === 'completed' && x.transcript?.state === 'completed');
    const asked = await post(`/api/videos/${v.id}/translations`, { targetLanguage: 'german' });
    assert.equal(asked.status < 300, true, await asked.clone().text());
    await until(v.id, (x) => x.status === 'failed');
    // Another language while the first one failed: accepted (the video is fine).
    failing = false;
    const more = await post(`/api/videos/${v.id}/translations`, { targetLanguage: 'french' });
    assert.ok(more.status < 300, await more.clone().text());
    const german = (await get<TranslationRecord[]>(`/api/translations?itemType=video&itemId=${v.id}`)).find((t) => t.targetLanguage === 'german')!;
    assert.equal(german.state, 'failed');
    const removed = await fetch(`${s.url}/api/translations/${german.id}`, { method: 'DELETE', headers: { cookie } });
    assert.ok(removed.status < 300, await removed.clone().text());
    const after = await until(v.id, (x) => x.status === 'completed');
    assert.equal(after.stepCode?.code === 'translate_failed', false);
  });
});
