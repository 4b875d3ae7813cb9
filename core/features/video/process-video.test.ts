/**
 * The whole video job over files, with the STT endpoint provider against the
 * local fake (fast and exact) and pocketsphinx where English is offline.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { startFakeStt, type FakeStt } from '../../testing/fake-stt';
import { videoFixtures } from '../../testing/fixture-video';
import { processVideo, type ProcessVideoOptions, type VideoStage } from './process-video';
import { createOpenAiCompatibleStt } from './speech/openai-compatible';
import { createPocketsphinx } from './speech/pocketsphinx';
import { cueTranslator } from './translate-cues';
import { cueProblems, parseVtt } from './vtt';

let dir: string;
let fake: FakeStt;
let n = 0;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'process-video-')); fake = await startFakeStt(); });
after(async () => { await fake.close(); await rm(dir, { recursive: true, force: true }); });
const workDir = async () => { const d = join(dir, `job${n++}`); await mkdir(d, { recursive: true }); return d; };

/** Marks each line as translated: the fake provider of the bench and these tests. */
const marker = cueTranslator(async ({ segments, target }) => new Map(segments.map((s) => [s.id, `[${target}] ${s.text}`])));

async function run(input: string, extra: Partial<ProcessVideoOptions> = {}) {
  const stages: Array<[VideoStage, number, string]> = [];
  const r = await processVideo({
    input, label: 'The video "demo.mp4"', workDir: await workDir(), hasSpeech: true, sourceLanguage: 'english',
    transcribers: [createOpenAiCompatibleStt({ url: fake.url }), createPocketsphinx()],
    onStage: (s, p, step) => stages.push([s, p, step.text]), ...extra,
  });
  return { r, stages };
}

test('a clip with speech and a target language: transcript as WebVTT, timed chunks and cues with a frame each, a translated MP4; stages in order', async () => {
  const clip = await videoFixtures.speech();
  fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ ...clip.spans[i]!, text })) });
  const { r, stages } = await run(clip.path, { target: 'spanish', translateCues: marker, subtitles: 'soft', dub: false });
  assert.equal(r.outcome.transcript?.provider, 'openai-compatible:whisper-1');
  assert.equal(r.outcome.note, null);
  const cues = parseVtt(r.vtt!);
  assert.deepEqual(cueProblems(cues), []);
  assert.deepEqual(cues.map((c) => c.text.replace(/\n/g, ' ')), clip.sentences);
  assert.ok(cues.every((c) => c.text.split('\n').length <= 2 && c.text.split('\n').every((l) => l.length <= 42)), 'two lines of 42 characters at most');
  assert.match(r.vtt!, /^WEBVTT\nLanguage: en\n/);
  assert.equal(r.chunks.length, 1);
  // A frame inside every cue (a citation shows the quoted sentence's), which the chunk's is one of.
  assert.equal(r.frames.length, clip.spans.length);
  for (const span of clip.spans) assert.ok(r.frames.some((f) => f.at >= span!.start && f.at <= span!.end), `a frame inside ${span!.start}-${span!.end}`);
  assert.ok(r.frames.some((f) => f.at > r.chunks[0]!.start && f.at < r.chunks[0]!.end));
  assert.ok((await stat(r.translated!.out)).size > 10_000);
  // A translated cue longer than two lines of 42 characters is cut in two at a word.
  assert.equal(r.translated!.cues.map((c) => c.text).join(' '), clip.sentences.map((s) => `[spanish] ${s}`).join(' '));
  assert.equal(r.translated!.cues.length, 4);
  const order = [...new Set(stages.map((s) => s[0]))];
  assert.deepEqual(order, ['extracting', 'analyzing', 'converting']);
  assert.ok(stages.every((s, i) => i === 0 || s[1] >= stages[i - 1]![1]), 'progress only goes up');
  assert.equal(r.plan.note, `About ${r.plan.estimateSec} seconds of processing for this video (${clip.durationSec} seconds long).`);
  assert.deepEqual(Object.keys(r.timingsMs).sort(), ['frames', 'probe', 'transcribe', 'transcribe.audio', 'transcribe.recognise', 'transcribe.speech', 'translate']);
});

test('no speech declared, no sound track, a silent track, a language with no transcriber: no transcript, the reason on the record, nothing fails', async () => {
  const clip = await videoFixtures.speech();
  const before = fake.requests.length;
  const declared = await run(clip.path, { hasSpeech: false });
  assert.equal(declared.r.outcome.transcript, null);
  assert.equal(declared.r.outcome.note, 'No transcript: the upload says the video has no speech.');
  const mute = await run(await videoFixtures.noAudio(), { target: 'spanish', translateCues: marker });
  assert.equal(mute.r.outcome.note, 'No transcript: the video has no sound track it can decode.');
  assert.equal(mute.r.translated, null);
  assert.match(mute.r.translationNote!, /^No spanish version: there is no transcript to translate/);
  const silent = await run(await videoFixtures.silent());
  assert.equal(silent.r.outcome.note!, 'No transcript: no speech was found in the sound track (silence, music or noise only).');
  assert.equal(silent.r.speech?.speechSec, 0);
  assert.equal(fake.requests.length, before, 'nothing was sent to the endpoint');
  const french = await run(clip.path, { sourceLanguage: 'french', transcribers: [createPocketsphinx()] });
  assert.match(french.r.outcome.note!, /^No transcript: No transcriber is configured for french/);
  assert.equal(french.r.vtt, null);
  assert.deepEqual(french.r.frames, []);
});

test('an endpoint that answers garbage fails the job with a plain reason; a kept transcript resumes without calling it again', async () => {
  const clip = await videoFixtures.speech();
  fake.setMode({ kind: 'garbage' });
  await assert.rejects(run(clip.path), (e: unknown) => e instanceof AppError && e.code === 'unavailable' && /not a transcript/.test(e.message));
  fake.setMode({ kind: 'segments', segments: [{ start: 0.5, end: 3, text: 'Kept from the first run.' }] });
  const first = await run(clip.path);
  const calls = fake.requests.length;
  fake.setMode({ kind: 'garbage' });
  const resumed = await run(clip.path, { previous: { outcome: first.r.outcome }, target: 'german', translateCues: marker });
  assert.equal(fake.requests.length, calls);
  assert.deepEqual(resumed.r.translated!.cues.map((c) => c.text), ['[german] Kept from the first run.']);
  assert.equal(resumed.r.timingsMs.transcribe, undefined);
});

test('a 10-minute video is accepted with the estimate of its processing (about 3 minutes with offline transcription)', async () => {
  const long = join(dir, 'ten-minutes.mp4');
  const { runTool } = await import('../../foundation/tools/exec');
  await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=1', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono',
    '-t', '600', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '16k', long], { timeoutMs: 120_000 });
  const { r } = await run(long, { transcribers: [createPocketsphinx()] });
  assert.match(r.outcome.note!, /^No transcript: no speech was found/);
  assert.match(r.plan.note, /^About \d+ minutes of processing for this video \(10 minutes long\)\.$/);
  assert.ok(r.plan.estimateSec > 120 && r.plan.estimateSec < 400, String(r.plan.estimateSec));
});

test('bad files fail in the extracting stage with the reason; a video over the length limit is refused before any work', async () => {
  await assert.rejects(run(await videoFixtures.encrypted()), /encrypted \(DRM-protected\)/);
  const stages: string[] = [];
  await assert.rejects(run((await videoFixtures.speech()).path, { maxDurationSec: 10, onStage: (s) => stages.push(s) }), (e: unknown) => e instanceof AppError && e.code === 'too_large');
  assert.deepEqual(stages, ['extracting']);
});
