/**
 * The fixed cost of one video, counted rather than timed: through the real
 * server (upload, ingest, transcription against the fake speech endpoint,
 * a Spanish version), every tool run this process starts is recorded.
 * ffprobe runs once for the video (the ingest keeps what it found for the
 * later jobs), and the original is read by three ffmpeg runs: the
 * thumbnail, one pass for the sound and every frame, the translated MP4.
 * No frame is read again per cue.
 */
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeStt, type FakeStt } from '../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../core/testing/fixture-video';
import { onToolRun } from '../core/foundation/tools/exec';
import type { Video, VideoTranscriptView } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

let fake: FakeStt;
let clip: SpeechClip;
let s: TestServer;
let cookie: string;
before(async () => {
  clip = await videoFixtures.speech();
  fake = await startFakeStt();
  fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ ...clip.spans[i]!, text })) });
  s = await startTestServer({ env: { STT_URL: fake.url } });
  cookie = await login(s);
});
after(async () => { await s.stop(); await fake.close(); });

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${s.url}${path}`, { headers: { cookie } })).json()) as T;

/** The video once its every job has ended (the queue idle: an event, not a poll), checked against `done`. */
async function until(id: number, done: (v: Video) => boolean): Promise<Video> {
  await s.services!.queue.idle();
  const v = (await get<Video[]>('/api/videos')).find((x) => x.id === id)!;
  assert.ok(done(v), `its jobs ended with the video ${v.status}/${v.transcript?.state}/${v.translatedFilePath ?? '-'}: ${v.error ?? ''}`);
  return v;
}

/** The files an ffmpeg run reads (its -i arguments). */
const inputsOf = (args: readonly string[]) => args.flatMap((a, i) => (args[i - 1] === '-i' ? [a] : []));

describe('the tool runs of one video', () => {
  it('upload, transcription and a Spanish version probe the video once and read the original in three ffmpeg runs: thumbnail, one pass for sound and frames, the translated MP4', async () => {
    const runs: Array<{ tool: string; args: readonly string[] }> = [];
    const stop = onToolRun((tool, args) => { if (tool === 'ffprobe' || tool === 'ffmpeg') runs.push({ tool, args }); });
    let v: Video;
    try {
      const form = new FormData();
      for (const [k, val] of Object.entries({ sourceLanguage: 'english', needsTranslation: 'true', targetLanguage: 'spanish' })) form.set(k, val);
      form.set('file', await openAsBlob(clip.path), 'tool-runs.mp4');
      const res = await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { cookie }, body: form });
      assert.equal(res.status, 201, await res.clone().text());
      v = await until(((await res.json()) as Video).id, (x) => x.status === 'completed' && x.transcript?.state === 'completed' && !!x.translatedFilePath);
    } finally {
      stop();
    }
    const shown = runs.map((r) => `${r.tool} ${r.args.join(' ')}`).join('\n');
    assert.equal(runs.filter((r) => r.tool === 'ffprobe').length, 1, `one ffprobe:\n${shown}`);
    const readers = runs.filter((r) => r.tool === 'ffmpeg' && inputsOf(r.args).some((f) => /original\.mp4$/.test(f)));
    assert.equal(readers.length, 3, `three ffmpeg runs read the original:\n${shown}`);
    const [thumbnail, pass, translated] = readers;
    assert.ok(thumbnail!.args.includes('-frames:v') && thumbnail!.args.at(-1)!.endsWith('thumbnail.jpg'), `the ingest's thumbnail first:\n${shown}`);
    assert.ok(pass!.args.includes('16000') && pass!.args.some((a) => a.includes('showinfo')), `then the sound and the frames in one run:\n${shown}`);
    assert.ok(!pass!.args.includes('-skip_frame:v'), 'a 640×360 picture is decoded whole in that pass (a frame every second)');
    assert.ok(translated!.args.some((a) => a.endsWith('.vtt')), `then the translated MP4:\n${shown}`);
    // Every cue has a frame inside it (a citation of the cue shows it), and all came from the one pass.
    const view = await get<VideoTranscriptView>(`/api/videos/${v.id}/transcript`);
    assert.equal(view.cues.length, clip.sentences.length);
    const stored = JSON.parse(await readFile(join(s.dataDir, 'objects', 'videos', 'transcripts', `${v.id}.json`), 'utf8')) as { frameTimes?: number[] };
    for (const c of view.cues) assert.ok((stored.frameTimes ?? []).some((t) => t >= c.start && t <= c.end), `a frame inside ${c.start}-${c.end}: ${stored.frameTimes}`);
    // The job's time is a sample for the next video's estimate (core/features/video/rates.ts).
    const samples = JSON.parse(await readFile(join(s.dataDir, 'objects', 'text', 'video', 'runs.json'), 'utf8')) as Array<{ kind: string; durationSec: number; sec: number }>;
    assert.deepEqual(samples.map((r) => [r.kind, Math.round(r.durationSec)]), [['endpoint', Math.round(clip.durationSec)]]);
    assert.ok(samples[0]!.sec > 0);
  });
});
