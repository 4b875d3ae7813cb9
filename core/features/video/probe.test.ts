import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { readImageSize, sniffFile } from '../../formats/sniff';
import { videoFixtures } from '../../testing/fixture-video';
import { detectSilence, extractWav } from './audio';
import { extractFrames, frameTimeFor } from './frames';
import { inspectVideo, isEncryptedMp4 } from './probe';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'probe-test-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

const corrupt = (re: RegExp) => (e: unknown) => {
  assert.ok(e instanceof AppError, String(e));
  assert.equal(e.code, 'corrupt_file');
  assert.match(e.message, re);
  return true;
};

test('a clip with speech has a picture, a sound track, a duration and no warnings; its sound is mostly not silence', async () => {
  const clip = await videoFixtures.speech();
  const { info, warnings } = await inspectVideo(clip.path, 'The video "speech.mp4"');
  assert.deepEqual(warnings, []);
  assert.ok(info.hasVideo && info.hasAudio);
  assert.ok(Math.abs((info.durationSec ?? 0) - clip.durationSec) < 0.2);
  assert.deepEqual(info.streams.map((s) => `${s.type}:${s.codec}`), ['video:h264', 'audio:aac']);
  const wav = join(dir, 'speech.wav');
  await extractWav(clip.path, wav, 'x');
  const seconds = ((await stat(wav)).size - 44) / 32000;
  assert.ok(Math.abs(seconds - clip.durationSec) < 0.1, `${seconds} s of 16 kHz mono`);
  const s = await detectSilence(wav, clip.durationSec);
  assert.equal(s.silent, false);
  const spoken = clip.spans.reduce((n, x) => n + x.end - x.start, 0);
  assert.ok(s.soundSec > spoken * 0.7 && s.soundSec < spoken + 2, `${s.soundSec} s of sound for ${spoken.toFixed(1)} s spoken`);
});

test('a silent track is found silent; a video without sound says there is nothing to transcribe', async () => {
  const silent = await videoFixtures.silent();
  const wav = join(dir, 'silent.wav');
  await extractWav(silent, wav, 'x');
  const s = await detectSilence(wav, 4);
  assert.equal(s.silent, true);
  assert.equal(s.soundSec, 0);
  const { info, warnings } = await inspectVideo(await videoFixtures.noAudio(), 'The video "mute.mp4"');
  assert.equal(info.hasAudio, false);
  assert.deepEqual(warnings, ['The video has no sound track, so there is no speech to transcribe.']);
  // One plain sentence, not "The sound of The video …: <ffmpeg's last line>".
  await assert.rejects(extractWav(await videoFixtures.noAudio(), join(dir, 'x.wav'), 'The video "mute.mp4"'), corrupt(/^The video "mute.mp4" has no sound track that can be read\.$/));
});

test('truncated, fuzzed, encrypted (DRM), empty and non-video files are refused with a plain reason', async () => {
  const label = 'The video "demo.mp4"';
  // The truncated clip keeps its index, so it probes; its media data is gone, so the sound cannot be decoded whole.
  const truncated = await videoFixtures.truncated();
  const t = await inspectVideo(truncated, label).then(() => extractWav(truncated, join(dir, 't.wav'), label)).then(() => 'read', (e: unknown) => e);
  if (t !== 'read') corrupt(/cannot be (read|decoded)/)(t);
  else assert.ok((await stat(join(dir, 't.wav'))).size < 44 + 16000 * 2 * 10, 'a truncated clip gives less sound than the whole');
  await assert.rejects(inspectVideo(await videoFixtures.fuzzed(), label), corrupt(/^The video "demo.mp4" (cannot be read: |has neither a picture nor a sound track)/));
  await assert.rejects(inspectVideo(await videoFixtures.encrypted(), label), corrupt(/^The video "demo.mp4" is encrypted \(DRM-protected\): its picture and sound cannot be read without the key\.$/));
  assert.equal(await isEncryptedMp4((await videoFixtures.speech()).path), false);
  const empty = join(dir, 'empty.mp4');
  await writeFile(empty, '');
  await assert.rejects(inspectVideo(empty, label), corrupt(/is empty \(0 bytes\)/));
  const text = join(dir, 'notes.mp4');
  await writeFile(text, 'not a video\n'.repeat(50));
  await assert.rejects(inspectVideo(text, label), corrupt(/cannot be read: the (content is not a video ffmpeg understands|video is incomplete)/));
});

test('frames are taken at the asked times as JPEGs at most 640 px wide, one per distinct time', async () => {
  const clip = await videoFixtures.speech();
  const frames = await extractFrames(clip.path, [1, 5.5, 5.5, 999], dir);
  assert.deepEqual(frames.map((f) => f.at), [1, 5.5], 'a time past the end gives no frame');
  assert.equal((await sniffFile(frames[0]!.path)).kind, 'jpeg');
  assert.deepEqual(await readImageSize(frames[0]!.path), { width: 640, height: 360 });
  assert.equal(frameTimeFor(12, 18), 14);
});
