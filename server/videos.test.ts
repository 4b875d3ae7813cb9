/**
 * Videos end to end through the real server: upload a clip with speech, the
 * transcribe job (STT endpoint provider against the local fake) moves the
 * video through processing, extracting, analyzing; the transcript is found
 * by search and the bot's answer cites its time range, shows the frame and
 * links the video at that time. A server killed mid-transcription resumes.
 */
import assert from 'node:assert/strict';
import { openAsBlob, rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startFakeStt, type FakeStt } from '../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../core/testing/fixture-video';
import { runTool } from '../core/foundation/tools/exec';
import type { RetrievalReply, TranslationRecord, Video, VideoTranscriptView } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

let fake: FakeStt;
let clip: SpeechClip;
before(async () => {
  clip = await videoFixtures.speech();
  fake = await startFakeStt({ apiKey: 'stt-key' });
  fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
});
after(async () => { await fake.close(); });

async function upload(s: TestServer, cookie: string, fields: Record<string, string>): Promise<Video> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', await openAsBlob(clip.path), 'pairing-demo.mp4');
  const res = await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { cookie }, body: form });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as Video;
}

const getVideo = async (s: TestServer, cookie: string, id: number) =>
  ((await (await fetch(`${s.url}/api/videos`, { headers: { cookie } })).json()) as Video[]).find((v) => v.id === id)!;

/** Polls the video until `done`, collecting the statuses it showed. */
async function watch(s: TestServer, cookie: string, id: number, done: (v: Video) => boolean, timeoutMs = 90_000): Promise<{ video: Video; statuses: string[] }> {
  const statuses: string[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await getVideo(s, cookie, id);
    if (statuses.at(-1) !== v.status) statuses.push(v.status);
    if (done(v)) return { video: v, statuses };
    if (Date.now() > until) assert.fail(`timed out; statuses ${statuses.join(' > ')}; step ${v.step}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

describe('videos', () => {
  it('a clip with speech is transcribed through processing, extracting, analyzing; search finds a sentence and the bot cites the time range and frame at the quoted sentence', async () => {
    const s = await startTestServer({ env: { STT_URL: fake.url, STT_API_KEY: 'stt-key', STT_MODEL: 'whisper-test' } });
    try {
      const cookie = await login(s);
      const v = await upload(s, cookie, { label: 'Blind pairing demo', hasSpeech: 'true', sourceLanguage: 'english' });
      assert.equal(v.transcript?.state, 'pending');
      const { video, statuses } = await watch(s, cookie, v.id, (x) => x.transcript?.state === 'completed' && x.status === 'completed');
      console.log(`statuses: ${statuses.join(' > ')}`);
      for (const st of ['processing', 'extracting', 'analyzing']) assert.ok(statuses.includes(st), `${st} in ${statuses.join(' > ')}`);
      assert.ok(statuses.indexOf('extracting') < statuses.lastIndexOf('analyzing'));
      assert.equal(video.transcript!.provider, 'openai-compatible:whisper-test');
      assert.equal(video.transcript!.segmentCount, 3);
      assert.match(video.transcript!.estimate ?? '', /^About \d+ seconds of processing/);

      const view = (await (await fetch(`${s.url}/api/videos/${v.id}/transcript`, { headers: { cookie } })).json()) as VideoTranscriptView;
      assert.deepEqual(view.cues.map((c) => c.text), clip.sentences);
      const vtt = await (await fetch(`${s.url}${view.vttPath}`)).text();
      assert.match(vtt, /^WEBVTT\n/);
      assert.match(vtt, /The motor pairs with the remote control/);

      const hits = (await (await fetch(`${s.url}/api/search?q=${encodeURIComponent('motor pairs remote control')}&k=3`, { headers: { cookie } })).json()) as Array<{ chunk: { itemType: string; startSec?: number; endSec?: number } }>;
      assert.equal(hits[0]?.chunk.itemType, 'video');
      assert.equal(hits[0]?.chunk.startSec, clip.spans[0]!.start);

      const reply = (await (await fetch(`${s.url}/api/bot/rag-query`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'How does the motor pair with the remote control?', referenceId: 'video_test_conversation_1' }),
      })).json()) as RetrievalReply;
      const cite = reply.citations.find((c) => c.itemType === 'video');
      assert.ok(cite, JSON.stringify(reply));
      // At the cue of the quoted sentence (the second), not at the chunk's start.
      assert.ok(Math.abs(cite.startSec! - clip.spans[1]!.start) < 0.01 && Math.abs(cite.endSec! - clip.spans[1]!.end) < 0.01, `${cite.startSec}-${cite.endSec}`);
      assert.match(cite.url ?? '', new RegExp(`^/uploads/videos/original_files/${v.id}_pairing-demo\\.mp4#t=${Math.floor(clip.spans[1]!.start)}$`));
      const frame = reply.sourceImages.find((u) => u.includes(`/images/videos/${v.id}/`));
      assert.ok(frame, `frame in ${JSON.stringify(reply.sourceImages)}`);
      const frameMs = Number(/\/t(\d+)\.jpg$/.exec(frame)?.[1]);
      assert.ok(frameMs >= clip.spans[1]!.start * 1000 && frameMs <= clip.spans[1]!.end * 1000, `frame at ${frameMs} ms inside the cue`);
      const img = await fetch(`${s.url}${frame}`);
      assert.equal(img.headers.get('content-type'), 'image/jpeg');
      assert.ok((await img.arrayBuffer()).byteLength > 1000);
      const movie = await fetch(`${s.url}${cite.url!.replace(/#.*$/, '')}`, { headers: { range: 'bytes=0-99' } });
      assert.equal(movie.status, 206);
    } finally {
      await s.stop();
    }
  });

  it('with a target language the video goes on to converting and gets a Spanish version (Apertium): soft subtitles tagged "spa", a .vtt, the Translated File; a request asks for burned subtitles and a dub', async () => {
    fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) });
    const s = await startTestServer({ env: { STT_URL: fake.url, STT_API_KEY: 'stt-key' } });
    try {
      const cookie = await login(s);
      const v = await upload(s, cookie, { label: 'Pairing (es)', needsTranslation: 'true', targetLanguage: 'spanish', force: 'true' });
      const { video, statuses } = await watch(s, cookie, v.id, (x) => x.status === 'completed' && !!x.translatedFilePath, 120_000);
      console.log(`statuses: ${statuses.join(' > ')}`);
      assert.ok(statuses.includes('analyzing') && statuses.includes('converting') && statuses.indexOf('analyzing') < statuses.lastIndexOf('converting'), statuses.join(' > '));
      assert.match(video.translatedFilePath!, new RegExp(`^/uploads/videos/translated_files/${v.id}_spanish\.mp4$`));
      const [tr] = (await (await fetch(`${s.url}/api/translations?itemType=video&itemId=${v.id}`, { headers: { cookie } })).json()) as TranslationRecord[];
      assert.equal(tr!.state, 'completed');
      assert.equal(tr!.provider, 'apertium');
      assert.deepEqual(tr!.options, { subtitles: 'soft', dub: false });
      const vtt = await (await fetch(`${s.url}${tr!.subtitlesPath}`)).text();
      assert.match(vtt, /^WEBVTT\nLanguage: es\n/);
      assert.match(await (await fetch(`${s.url}${tr!.subtitlesPath!.replace(/\.vtt$/, ".srt")}`)).text(), /^1\n00:00:0\d,\d{3} --> /);
      assert.match(vtt, /motor/i);
      assert.doesNotMatch(vtt, /The motor pairs with the remote control/, 'the subtitles are translated');
      const file = `${s.dataDir}/translated.mp4`;
      const { writeFile } = await import('node:fs/promises');
      await writeFile(file, Buffer.from(await (await fetch(`${s.url}${video.translatedFilePath}`)).arrayBuffer()));
      const probe = JSON.parse((await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file])).stdout.toString()) as { streams: Array<{ codec_type: string; codec_name: string; tags?: { language?: string } }> };
      assert.deepEqual(probe.streams.filter((x) => x.codec_type === 'subtitle').map((x) => `${x.codec_name}:${x.tags?.language}`), ['mov_text:spa', 'mov_text:eng']);
      const rows = (await (await fetch(`${s.url}/api/video-translations`, { headers: { cookie } })).json()) as Array<{ id: number; state: string; targetLanguage: string }>;
      assert.deepEqual(rows.map((r) => [r.id, r.targetLanguage, r.state]), [[v.id, 'spanish', 'completed']]);
      const view = (await (await fetch(`${s.url}/api/videos/${v.id}/transcript`, { headers: { cookie } })).json()) as VideoTranscriptView;
      assert.equal(view.versions[0]?.subtitlesPath, tr!.subtitlesPath);

      // The same language asked again, burned and dubbed: that version is made, beside the soft one (one MP4 per kind).
      const again = await fetch(`${s.url}/api/videos/${v.id}/translations`, {
        method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ targetLanguage: 'spanish', subtitles: 'burned', dub: true }),
      });
      assert.equal(again.status, 202);
      let t: TranslationRecord;
      for (;;) {
        t = (await (await fetch(`${s.url}/api/translations/${tr!.id}`, { headers: { cookie } })).json()) as TranslationRecord;
        if (t.state === 'completed' && t.options?.dub) break;
        assert.notEqual(t.state, 'failed', t.error ?? '');
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.deepEqual(t.videoFiles?.map((f) => `${f.subtitles}:${f.dub}`), ['burned:true', 'soft:false']);
      assert.equal(t.filePath, t.videoFiles![0]!.filePath);
      await writeFile(file, Buffer.from(await (await fetch(`${s.url}${t.filePath}`)).arrayBuffer()));
      const dubbed = JSON.parse((await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file])).stdout.toString()) as { streams: Array<{ codec_type: string; tags?: { language?: string } }> };
      assert.deepEqual(dubbed.streams.filter((x) => x.codec_type === 'audio').map((x) => x.tags?.language), ['spa', 'eng']);
    } finally {
      await s.stop();
    }
  });

  it('no speech declared, or a language with no transcriber: the video completes and its record says why there is no transcript', async () => {
    const s = await startTestServer({ env: {} });
    try {
      const cookie = await login(s);
      const quiet = await upload(s, cookie, { label: 'Mute', hasSpeech: 'false' });
      const french = await upload(s, cookie, { label: 'French talk', sourceLanguage: 'french', force: 'true' });
      const a = (await watch(s, cookie, quiet.id, (x) => x.transcript?.state === 'none' && x.status === 'completed')).video;
      assert.equal(a.status, 'completed');
      assert.equal(a.transcript!.note, 'No transcript: the upload says the video has no speech.');
      const b = (await watch(s, cookie, french.id, (x) => x.transcript?.state === 'none' && x.status === 'completed')).video;
      assert.equal(b.status, 'completed');
      assert.match(b.transcript!.note ?? '', /No transcriber is configured for french .*set STT_URL/);
    } finally {
      await s.stop();
    }
  });

  it('a server killed mid-transcription resumes the job after restart and completes it', async () => {
    fake.setMode({ kind: 'hang' });
    const first = await startTestServer({ process: true, env: { STT_URL: fake.url, STT_API_KEY: 'stt-key', STT_TIMEOUT_MS: '600000' } });
    let second: TestServer | null = null;
    try {
      const cookie = await login(first);
      const v = await upload(first, cookie, { label: 'Interrupted' });
      await watch(first, cookie, v.id, (x) => x.status === 'analyzing');
      while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
      const exited = new Promise((r) => first.child!.once('exit', r));
      first.child!.kill('SIGKILL');
      await exited;
      fake.setMode({ kind: 'segments', segments: [{ start: 0.5, end: 4, text: 'Transcribed after the restart.' }] });
      second = await startTestServer({ process: true, dataDir: first.dataDir, env: { STT_URL: fake.url, STT_API_KEY: 'stt-key' } });
      const c2 = await login(second);
      const done = (await watch(second, c2, v.id, (x) => x.transcript?.state === 'completed' && x.status === 'completed')).video;
      assert.equal(done.status, 'completed');
      assert.equal(done.transcript!.segmentCount, 1);
    } finally {
      await second?.stop();
      await first.stop().catch(() => {});
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
