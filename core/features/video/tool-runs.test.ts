/**
 * The fixed cost of a clip in tool runs, counted through the tool runner
 * (no timing): the offline path decodes the file once (sound and frames in
 * one ffmpeg run) and cuts the sound for pocketsphinx's two parts itself;
 * frames a grid misses are read many per ffmpeg run; which pictures are
 * decoded whole in the sound's pass.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeSpeechClip, SPEECH_SENTENCES, videoFixtures } from '../../testing/fixture-video';
import { onToolRun } from '../../foundation/tools/exec';
import { probeMedia, type MediaInfo } from '../../foundation/tools/ffprobe';
import { extractFrames, frameGridFor } from './frames';
import { processVideo } from './process-video';
import { createPocketsphinx, DEFAULT_MODEL_DIR, lmDictionary } from './speech/pocketsphinx';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'tool-runs-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

/** The tools `fn` starts, by name. */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; runs: Array<{ tool: string; args: readonly string[] }> }> {
  const runs: Array<{ tool: string; args: readonly string[] }> = [];
  const stop = onToolRun((tool, args) => runs.push({ tool, args }));
  try {
    return { result: await fn(), runs };
  } finally {
    stop();
  }
}
const count = (runs: Array<{ tool: string }>, tool: string) => runs.filter((r) => r.tool === tool).length;

test('offline transcription of a probed clip: no ffprobe, one ffmpeg run for sound and frames, two pocketsphinx parts cut without ffmpeg, a frame in every cue', async () => {
  const clip = await videoFixtures.speech();
  const probed = await probeMedia(clip.path, 'clip');
  const workDir = join(dir, 'offline');
  await mkdir(workDir);
  const { result: r, runs } = await counted(() => processVideo({
    input: clip.path, label: 'clip', workDir, hasSpeech: true, sourceLanguage: 'english', transcribers: [createPocketsphinx()], probed,
  }));
  const shown = runs.map((x) => `${x.tool} ${x.args.join(' ')}`).join('\n');
  assert.equal(count(runs, 'ffprobe'), 0, shown);
  assert.equal(count(runs, 'ffmpeg'), 1, `sound and frames in one run, nothing read again:\n${shown}`);
  assert.equal(runs.filter((x) => x.args.includes('pocketsphinx_continuous')).length, 2, `two parts at once:\n${shown}`);
  assert.ok(r.cues.length > 0, 'pocketsphinx heard words');
  for (const c of r.cues) assert.ok(r.frames.some((f) => f.at >= c.start && f.at <= c.end), `a frame inside cue ${c.start}-${c.end}`);
});

test('a clip with three spoken parts starts pocketsphinx once, before the sound is extracted (its models load meanwhile)', async () => {
  const clip = await makeSpeechClip(join(dir, 'three-parts.mp4'), { sentences: SPEECH_SENTENCES, gapSec: 2.5 });
  const probed = await probeMedia(clip.path, 'clip');
  const workDir = join(dir, 'three-parts');
  await mkdir(workDir);
  // The dictionary trimmed to the language model's words is made on a model's first use; made here first.
  const cacheDir = join(dir, 'cache');
  await lmDictionary(DEFAULT_MODEL_DIR, cacheDir);
  const { result: r, runs } = await counted(() => processVideo({
    input: clip.path, label: 'clip', workDir, hasSpeech: true, sourceLanguage: 'english', transcribers: [createPocketsphinx({ parallel: 1, cacheDir })], probed,
  }));
  const shown = runs.map((x) => `${x.tool} ${x.args.join(' ')}`).join('\n');
  assert.equal(r.speech?.regions.length, 3, `three spoken parts: ${JSON.stringify(r.speech?.regions)}`);
  const sphinx = runs.findIndex((x) => x.args.includes('pocketsphinx_continuous'));
  assert.equal(runs.filter((x) => x.args.includes('pocketsphinx_continuous')).length, 1, `one run for the three parts:\n${shown}`);
  assert.ok(sphinx >= 0 && sphinx < runs.findIndex((x) => x.tool === 'ffmpeg'), `pocketsphinx starts before ffmpeg extracts the sound:\n${shown}`);
  assert.ok(r.cues.length > 0, 'pocketsphinx heard words');
});

test('frames a grid missed are read eight per ffmpeg run', async () => {
  const clip = await videoFixtures.speech();
  const out = join(dir, 'frames');
  await mkdir(out);
  const times = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5];
  const { result: frames, runs } = await counted(() => extractFrames(clip.path, times, out));
  assert.deepEqual(frames.map((f) => f.at), times);
  assert.equal(count(runs, 'ffmpeg'), 2);
});

test('the sound pass decodes every picture (a frame every second or so) up to 1280×720 at 30 frames a second and 10 minutes of that, key frames only above', () => {
  const info = (w: number, h: number, fps: number, durationSec: number): MediaInfo => ({ durationSec, streams: [], hasVideo: true, hasAudio: true, width: w, height: h, frameRate: fps, videoCodec: 'h264' });
  assert.deepEqual(frameGridFor(info(640, 360, 25, 6), 'd'), { dir: 'd', everySec: 1, allFrames: true });
  assert.deepEqual(frameGridFor(info(640, 360, 25, 720), 'd'), { dir: 'd', everySec: 1.2, allFrames: true });
  assert.deepEqual(frameGridFor(info(1280, 720, 30, 600), 'd'), { dir: 'd', everySec: 1, allFrames: true });
  assert.deepEqual(frameGridFor(info(1280, 720, 30, 720), 'd'), { dir: 'd', everySec: 5 }, 'more than 10 minutes of 720p30: key frames');
  assert.deepEqual(frameGridFor(info(1920, 1080, 30, 60), 'd'), { dir: 'd', everySec: 2 });
  assert.deepEqual(frameGridFor(info(1920, 1080, 30, 1800), 'd'), { dir: 'd', everySec: 12 });
  assert.equal(frameGridFor({ ...info(640, 360, 25, 6), videoCodec: 'unknown (hvc1)' }, 'd'), undefined, 'a picture this ffmpeg cannot decode is not asked for');
  assert.equal(frameGridFor({ ...info(640, 360, 25, 6), hasVideo: false }, 'd'), undefined);
});
