import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { videoFixtures } from '../../testing/fixture-video';
import { extractWav } from './audio';
import { detectSpeech, silenceOutside, wavSamples } from './speech-detect';
import { readFile } from 'node:fs/promises';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'speech-detect-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

async function wavOf(video: string, name: string): Promise<string> {
  const wav = join(dir, `${name}.wav`);
  await extractWav(video, wav, name);
  return wav;
}

test('spoken sentences are found where they are spoken; the pauses at the start and end are not speech', async () => {
  const clip = await videoFixtures.speech();
  const r = await detectSpeech(await wavOf(clip.path, 'speech'));
  for (const span of clip.spans) {
    assert.ok(r.regions.some((g) => g.start <= span.start + 0.5 && g.end >= span.end - 0.5), `sentence ${span.start}-${span.end} in ${JSON.stringify(r.regions)}`);
  }
  assert.ok(r.speechSec < r.durationSec && r.speechSec > 8, String(r.speechSec));
});

test('silence and music (held notes over a bass, a hi-hat every half second) have no speech', async () => {
  const silent = await detectSpeech(await wavOf(await videoFixtures.silent(), 'silent'));
  assert.deepEqual(silent.regions, []);
  const music = await detectSpeech(await wavOf(await videoFixtures.music(), 'music'));
  assert.deepEqual(music.regions, [], `music heard as speech: ${JSON.stringify(music.regions)}`);
  assert.ok(music.loudestDb > -30, 'the music is loud, not silent');
});

test('a real recording (a voice counting down) is speech from its first number to its last', async () => {
  const countdown = await videoFixtures.countdown();
  if (!countdown) return assert.fail('the corpus recording countdown.mp3 is missing');
  const r = await detectSpeech(await wavOf(countdown, 'countdown'));
  assert.ok(r.regions.length >= 1);
  assert.ok(r.regions[0]!.start < 1 && r.regions.at(-1)!.end > 17, JSON.stringify(r.regions));
});

test('outside the speech regions the samples become digital silence, inside they stay', async () => {
  const clip = await videoFixtures.speech();
  const wav = await wavOf(clip.path, 'masked');
  const before = wavSamples(await readFile(wav)).samples;
  await silenceOutside(wav, [{ start: 1, end: 2 }]);
  const afterMask = wavSamples(await readFile(wav)).samples;
  assert.equal(afterMask.length, before.length);
  assert.ok(afterMask.subarray(0, 16_000).every((x) => x === 0));
  assert.ok(afterMask.subarray(32_000).every((x) => x === 0));
  assert.deepEqual([...afterMask.subarray(16_000, 32_000)], [...before.subarray(16_000, 32_000)]);
});
