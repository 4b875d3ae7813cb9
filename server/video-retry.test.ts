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
import type { Job, TranslationRecord, Video, VideoTranscriptView } from '../core/foundation/types';
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
    await new Promise((r) => setTimeout(r, 50));
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

  it('"Transcribe again" in Hebrew replaces the transcript and its index; the endpoint is sent the language; the source language changes', async () => {
    fake.setMode({ kind: 'segments', segments: [{ start: 0.5, end: 3, text: 'The first transcript says bananas.' }] });
    const v = await upload(clip.path, 'again.mp4', { force: 'true' });
    await until(v.id, (x) => x.status === 'completed' && x.transcript?.state === 'completed');
    assert.equal(fake.requests.at(-1)!.fields.language, undefined, 'no language was known: none was sent');
    assert.equal((await get<Video[]>('/api/videos')).find((x) => x.id === v.id)!.transcript?.languageSource, 'detected');
    const search = async (q: string) => (await get<Array<{ chunk: { itemId: number; text: string } }>>(`/api/search?q=${encodeURIComponent(q)}&type=video`)).some((h) => h.chunk.itemId === v.id && h.chunk.text.includes(q));
    assert.ok(await search('bananas'));

    fake.setMode({ kind: 'segments', segments: [{ start: 0.5, end: 3, text: 'המנוע מתחבר לשלט.' }] });
    const res = await fetch(`${s.url}/api/videos/${v.id}/transcribe`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ language: 'he' }) });
    assert.equal(res.status, 202, await res.clone().text());
    const done = await until(v.id, (x) => x.transcript?.state === 'completed' && x.transcript.language === 'hebrew' && x.status === 'completed');
    assert.equal(fake.requests.at(-1)!.fields.language, 'he');
    assert.equal(done.sourceLanguage, 'he');
    assert.equal(done.transcript?.languageSource, 'requested');
    assert.ok(!(await search('bananas')), 'the old transcript left the index');
    assert.ok(await search('המנוע מתחבר'), 'the new one is in it');
    const bad = await fetch(`${s.url}/api/videos/${v.id}/transcribe`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ language: 'klingon' }) });
    assert.equal(bad.status, 400);
  });

  it('the transcript editor saves edited cues as a new version: re-indexed, the WebVTT and SRT rewritten, the original kept', async () => {
    fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
    const v = await upload(clip.path, 'edit-me.mp4', { force: 'true', sourceLanguage: 'english', needsTranslation: 'true', targetLanguage: 'spanish' });
    await until(v.id, (x) => x.status === 'completed' && x.transcript?.state === 'completed' && !!x.translatedFilePath);
    const spanish = async () => (await get<TranslationRecord[]>(`/api/translations?itemType=video&itemId=${v.id}`))[0]!;
    const first = await spanish();
    assert.equal(first.state, 'completed', first.error ?? '');
    const view = await get<VideoTranscriptView>(`/api/videos/${v.id}/transcript`);
    const cues = view.cues.map((c) => ({ ...c }));
    cues[1]!.text = 'The motor pairs with the wall switch when you hold it down.';
    cues[1]!.end = Math.round((cues[1]!.end - 0.5) * 1000) / 1000;
    const saved = await fetch(`${s.url}/api/videos/${v.id}/transcript`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ cues }) });
    assert.equal(saved.status, 200, await saved.clone().text());
    const after = (await saved.json()) as VideoTranscriptView;
    assert.equal(after.cues[1]!.text, cues[1]!.text);
    assert.equal(after.cues[1]!.end, cues[1]!.end);
    assert.equal(after.transcript?.origin, 'edited');
    assert.equal(after.transcript?.version, 2);
    assert.deepEqual(after.original?.map((c) => c.text), clip.sentences, 'the original stays available');
    const vtt = await (await fetch(`${s.url}${after.vttPath}`, { headers: { cookie } })).text();
    assert.match(vtt, /wall\s+switch/);
    assert.match(await (await fetch(`${s.url}${after.srtPath}`, { headers: { cookie } })).text(), /^1\n00:00:00,\d{3} --> .*\n[\s\S]*wall\s+switch/);
    const hits = await get<Array<{ chunk: { itemId: number; text: string } }>>(`/api/search?q=${encodeURIComponent('wall switch')}&type=video`);
    assert.ok(hits.some((h) => h.chunk.itemId === v.id && /wall switch/.test(h.chunk.text)), 'the edit is searchable');
    // The Spanish subtitles are made again from the edited transcript (Apertium: "wall" is "muro").
    for (;;) {
      const t = await spanish();
      if (t.state === 'completed' && t.updatedAt !== first.updatedAt) break;
      assert.notEqual(t.state, 'failed', t.error ?? '');
      await new Promise((r) => setTimeout(r, 50));
    }
    const es = await (await fetch(`${s.url}${(await spanish()).subtitlesPath}`, { headers: { cookie } })).text();
    assert.match(es, /^WEBVTT\nLanguage: es\n/);
    assert.match(es, /muro/i);
    const overlapping = cues.map((c) => ({ ...c }));
    overlapping[2]!.start = overlapping[1]!.start;
    const refused = await fetch(`${s.url}/api/videos/${v.id}/transcript`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ cues: overlapping }) });
    assert.equal(refused.status, 400);
    assert.match(((await refused.json()) as { message: string }).message ?? '', /starts before cue 2 ends/);
  });

  it('a DRM-protected video fails as an item with its reason', async () => {
    const v = await upload(await videoFixtures.encrypted(), 'protected.mp4', { hasSpeech: 'false' });
    const failed = await until(v.id, (x) => x.status === 'failed');
    assert.match(failed.error ?? '', /encrypted \(DRM-protected\)/);
    assert.equal(failed.errorCode?.code, 'failure.drm');
  });
});
