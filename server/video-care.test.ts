/**
 * Video care through the real server and the fake speech endpoint: the last
 * good transcript stays visible and editable when a new transcription
 * fails (the failure beside it); a person's edit clears the low-confidence
 * labels on the record and its Spanish version; failures no retry can mend
 * (DRM, no media samples) are refused by Retry and left out of retry-failed.
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
  s = await startTestServer({ env: { STT_URL: fake.url, STT_API_KEY: 'stt-key', STT_RETRIES: '0' } });
  cookie = await login(s);
});
after(async () => { await s.stop(); await fake.close(); });

const sentences = () => ({ kind: 'segments' as const, segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });

async function upload(path: string, name: string, fields: Record<string, string> = {}): Promise<Video> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ force: 'true', ...fields })) form.set(k, v);
  form.set('file', await openAsBlob(path), name);
  const res = await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { cookie }, body: form });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as Video;
}

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${s.url}${path}`, { headers: { cookie } })).json()) as T;
const send = (method: string, path: string, body?: unknown) => fetch(`${s.url}${path}`, {
  method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** Follows a record until `done` (each state it shows is kept, to say where it stopped). */
async function until<T>(read: () => Promise<T>, done: (x: T) => boolean, show: (x: T) => string): Promise<T> {
  const seen: string[] = [];
  for (;;) {
    const x = await read();
    if (seen.at(-1) !== show(x)) seen.push(show(x));
    if (done(x)) return x;
    await new Promise((r) => setTimeout(r, 50));
    if (seen.length > 60) assert.fail(`no end in sight: ${seen.join(' > ')}`);
  }
}
const video = (id: number, done: (v: Video) => boolean) =>
  until(async () => (await get<Video[]>('/api/videos')).find((x) => x.id === id)!, done, (v) => `${v.status}/${v.transcript?.state}`);
const spanish = (id: number, done: (t: TranslationRecord) => boolean) =>
  until(async () => (await get<TranslationRecord[]>(`/api/translations?itemType=video&itemId=${id}`))[0]!, done, (t) => `${t.state}/${t.updatedAt}`);
const LOW = 'note.translated_from_low_confidence';

describe('video care', () => {
  it('a failed new transcription leaves the last good (edited) transcript visible and editable, with the failure beside it', async () => {
    fake.setMode(sentences());
    const v = await upload(clip.path, 'keep-me.mp4', { sourceLanguage: 'english' });
    await video(v.id, (x) => x.status === 'completed' && x.transcript?.state === 'completed');
    const first = await get<VideoTranscriptView>(`/api/videos/${v.id}/transcript`);
    const edited = first.cues.map((c) => ({ ...c }));
    edited[0]!.text = 'Hello and welcome to the blinds training video.';
    assert.equal((await send('PUT', `/api/videos/${v.id}/transcript`, { cues: edited })).status, 200);

    fake.setMode({ kind: 'status', status: 500 });
    assert.equal((await send('POST', `/api/videos/${v.id}/transcribe`, {})).status, 202);
    await video(v.id, (x) => x.transcript?.state === 'failed');
    const view = await get<VideoTranscriptView>(`/api/videos/${v.id}/transcript`);
    assert.deepEqual(view.cues.map((c) => c.text), edited.map((c) => c.text), 'the last good transcript is still returned');
    assert.ok(view.vttPath, 'with its WebVTT');
    assert.match(await (await fetch(`${s.url}${view.vttPath}`, { headers: { cookie } })).text(), /blinds training/);
    assert.match(view.error ?? '', /speech-to-text service/, 'the failure is beside it');
    assert.equal(view.error, view.transcript?.error);

    // Still editable: the edit is saved and published; the failure stays shown until a transcription succeeds.
    edited[1]!.text = 'The motor pairs with the remote.';
    const saved = await send('PUT', `/api/videos/${v.id}/transcript`, { cues: edited });
    assert.equal(saved.status, 200, await saved.clone().text());
    const after = (await saved.json()) as VideoTranscriptView;
    assert.equal(after.cues[1]!.text, 'The motor pairs with the remote.');
    assert.equal(after.transcript?.version, 3);
    assert.match(after.error ?? '', /speech-to-text service/);
  });

  it('a person\'s edit clears the low-confidence labels on the record and on its Spanish version', async () => {
    fake.setMode(sentences());
    const v = await upload(clip.path, 'offline.mp4', { sourceLanguage: 'english', needsTranslation: 'true', targetLanguage: 'spanish' });
    await video(v.id, (x) => x.status === 'completed' && x.transcript?.state === 'completed');
    const made = await spanish(v.id, (t) => t.state === 'completed' || t.state === 'failed');
    // Transcribed again offline: pocketsphinx's transcript is labelled low confidence, and so is the Spanish made from it.
    assert.equal((await send('POST', `/api/videos/${v.id}/transcribe`, { provider: 'offline' })).status, 202);
    const low = await video(v.id, (x) => x.status === 'completed' && x.transcript?.state === 'completed' && x.transcript.provider === 'pocketsphinx');
    assert.equal(low.transcript?.quality, 'low');
    assert.equal(low.transcript?.noteCode?.code, 'note.transcript_low_confidence');
    const lowEs = await spanish(v.id, (t) => t.updatedAt !== made.updatedAt && (t.state === 'completed' || t.state === 'failed'));
    assert.equal(lowEs.state, 'completed', lowEs.error ?? '');
    assert.ok(lowEs.warnings.some((w) => w.code?.code === LOW), 'the Spanish version says it comes from a low-confidence transcript');

    const view = await get<VideoTranscriptView>(`/api/videos/${v.id}/transcript`);
    const saved = await send('PUT', `/api/videos/${v.id}/transcript`, { cues: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
    assert.equal(saved.status, 200, await saved.clone().text());
    assert.ok(view.cues.length > 0);
    const edited = (await saved.json()) as VideoTranscriptView;
    assert.equal(edited.transcript?.note, null);
    assert.equal(edited.transcript?.noteCode ?? null, null);
    assert.equal(edited.transcript?.quality, 'normal');
    const esNow = (await get<TranslationRecord[]>(`/api/translations?itemType=video&itemId=${v.id}`))[0]!;
    assert.ok(!esNow.warnings.some((w) => w.code?.code === LOW), 'cleared on the Spanish version at once');
    const remade = await spanish(v.id, (t) => t.updatedAt !== esNow.updatedAt && t.state === 'completed');
    assert.ok(!remade.warnings.some((w) => w.code?.code === LOW), 'and not put back when it is made again from the edit');
    const hits = await get<Array<{ chunk: { itemId: number; lowConfidence?: boolean } }>>(`/api/search?q=${encodeURIComponent('remote control')}&type=video`);
    assert.ok(hits.some((h) => h.chunk.itemId === v.id && !h.chunk.lowConfidence), 'its search chunks are not marked low confidence');
  });

  it('soft subtitles asked for after burned ones do not replace the burned MP4: one file per language and kind; a changed transcript drops the one not remade', async () => {
    fake.setMode(sentences());
    const v = await upload(clip.path, 'both-kinds.mp4', { sourceLanguage: 'english', needsTranslation: 'true', targetLanguage: 'spanish', subtitles: 'burned' });
    await video(v.id, (x) => x.status === 'completed' && x.transcript?.state === 'completed');
    const burned = await spanish(v.id, (t) => t.state === 'completed' || t.state === 'failed');
    assert.equal(burned.state, 'completed', burned.error ?? '');
    assert.deepEqual(burned.videoFiles?.map((f) => f.subtitles), ['burned']);
    const bytes = async (path: string) => Buffer.from(await (await fetch(`${s.url}${path}`, { headers: { cookie } })).arrayBuffer());
    const burnedBytes = await bytes(burned.filePath!);
    assert.ok(burnedBytes.length > 10_000);

    const asked = await send('POST', `/api/videos/${v.id}/translations`, { targetLanguage: 'spanish', subtitles: 'soft' });
    assert.equal(asked.status, 202, await asked.clone().text());
    const both = await spanish(v.id, (t) => t.updatedAt !== burned.updatedAt && (t.state === 'completed' || t.state === 'failed') && t.options?.subtitles === 'soft');
    assert.equal(both.state, 'completed', both.error ?? '');
    assert.deepEqual(both.videoFiles?.map((f) => f.subtitles), ['burned', 'soft']);
    const [b, soft] = both.videoFiles!;
    assert.notEqual(b!.filePath, soft!.filePath);
    assert.equal(both.filePath, soft!.filePath, 'the record names the latest');
    assert.ok((await bytes(b!.filePath)).equals(burnedBytes), 'the burned MP4 is still there, unchanged');
    assert.ok(!(await bytes(soft!.filePath)).equals(burnedBytes), 'the soft one is a file of its own');
    const view = await get<VideoTranscriptView>(`/api/videos/${v.id}/transcript`);
    assert.deepEqual(view.versions[0]!.files?.map((f) => f.subtitles), ['burned', 'soft']);

    // An edit remakes the soft version (the one asked last); the burned one, made from the old words, is dropped.
    const cues = view.cues.map((c) => ({ ...c }));
    cues[0]!.text = 'Hello and welcome to the shades training video.';
    assert.equal((await send('PUT', `/api/videos/${v.id}/transcript`, { cues })).status, 200);
    const remade = await spanish(v.id, (t) => t.updatedAt !== both.updatedAt && t.state === 'completed');
    assert.deepEqual(remade.videoFiles?.map((f) => f.subtitles), ['soft']);
    assert.equal((await fetch(`${s.url}${b!.filePath}`, { headers: { cookie } })).status, 404);
  });

  it('failures no retry can mend (DRM, no media samples) are not retried: Retry is refused with the reason, retry-failed leaves them', async () => {
    const drm = await upload(await videoFixtures.encrypted(), 'protected.mp4', { hasSpeech: 'false' });
    const empty = await upload(await videoFixtures.emptyTracks(), 'hollow.mp4');
    const drmFailed = await video(drm.id, (x) => x.status === 'failed');
    const emptyFailed = await video(empty.id, (x) => x.status === 'failed');
    assert.equal(drmFailed.errorCode?.code, 'failure.drm');
    assert.equal(emptyFailed.errorCode?.code, 'failure.no_media');
    assert.match(emptyFailed.error ?? '', /^The video "hollow\.mp4" holds no pictures and no sound: its tracks are empty\.$/);
    for (const v of [drmFailed, emptyFailed]) {
      const res = await send('POST', `/api/videos/${v.id}/retry`);
      assert.equal(res.status, 409, await res.clone().text());
      assert.match(((await res.json()) as { message: string }).message, /^Retrying cannot help: .* Upload a fixed file instead\.$/);
    }
    const jobsOf = async (id: number) => (await get<Job[]>('/api/jobs')).filter((j) => j.itemId === id).map((j) => `${j.kind}:${j.state}:${j.attempts}`);
    // An item shows failed as soon as one job fails; its other jobs (the transcription) may still be ending: wait
    // until none of them is queued or running, so the snapshot holds settled jobs only.
    const settled = async () => [await jobsOf(drm.id), await jobsOf(empty.id)].flat().every((j) => !/:(queued|running):/.test(j));
    for (let i = 0; i < 600 && !(await settled()); i++) await new Promise((r) => setTimeout(r, 100));
    const before = [await jobsOf(drm.id), await jobsOf(empty.id)];
    assert.equal((await send('POST', '/api/jobs/retry-failed')).status, 200);
    assert.deepEqual([await jobsOf(drm.id), await jobsOf(empty.id)], before, 'neither was queued again');
  });
});
