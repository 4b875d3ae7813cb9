/**
 * How a video that cannot be processed is refused: each reason one plain
 * sentence (no nested "The sound of The video", no ffmpeg output), an MP4
 * whose tracks hold no samples refused instead of completed, and the
 * reasons no retry can mend marked as such.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../foundation/errors';
import { failureOf, isPermanentFailure } from '../../foundation/messages';
import { videoFixtures } from '../../testing/fixture-video';
import { soundFailure } from './audio';
import { processVideo } from './process-video';
import { inspectVideo, mp4SampleCount } from './probe';
import { createPocketsphinx } from './speech/pocketsphinx';

let dir: string;
let n = 0;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'video-failures-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });
const workDir = async () => { const d = join(dir, `job${n++}`); await mkdir(d, { recursive: true }); return d; };

const LABEL = 'The video "x.mp4"';
/** One sentence: starts with the file's label, ends with its only full stop, no tool output and no label inside another. */
function assertPlain(message: string) {
  assert.ok(message.startsWith(LABEL), message);
  assert.doesNotMatch(message, /The sound of The video|Conversion failed|Error |@ 0x|\n|Invalid data found/, message);
  assert.equal(message.match(/\.(\s|$)/g)?.length, 1, `one sentence: ${message}`);
}

async function failure(file: string): Promise<AppError> {
  try {
    await processVideo({ input: file, label: LABEL, workDir: await workDir(), hasSpeech: true, sourceLanguage: 'english', transcribers: [createPocketsphinx()] });
  } catch (e) {
    assert.ok(e instanceof AppError, String(e));
    return e;
  }
  assert.fail(`${file} was processed`);
}

describe('videos that cannot be processed', () => {
  it('an MP4 whose tracks hold no samples is refused with its reason, not completed; a whole MP4 counts its samples', async () => {
    const empty = await videoFixtures.emptyTracks();
    assert.equal(await mp4SampleCount(empty), 0);
    assert.ok(((await mp4SampleCount((await videoFixtures.speech()).path)) ?? 0) > 100);
    await assert.rejects(inspectVideo(empty, LABEL), (e: AppError) => {
      assert.equal(e.details?.reason, 'no_media');
      assertPlain(e.message);
      assert.match(e.message, /no pictures and no sound/);
      return true;
    });
    const e = await failure(empty);
    assert.equal(failureOf(e).code, 'failure.no_media');
    assert.ok(isPermanentFailure(failureOf(e)));
  });

  it('broken and encrypted files fail with one plain sentence each, without ffmpeg\'s words', async () => {
    const seen: string[] = [];
    for (const file of [await videoFixtures.fuzzed(), await videoFixtures.encrypted()]) {
      const e = await failure(file);
      assertPlain(e.message);
      seen.push(e.message);
    }
    assert.match(seen[1]!, /encrypted \(DRM-protected\)/);
    console.log(seen.join('\n'));
  });

  it('ffmpeg\'s failures are told as plain reasons: no sound track, encrypted, a codec it cannot decode, damaged', () => {
    const cases: Array<[string, string, boolean]> = [
      ["Stream map '0:a:0' matches no streams.\nTo ignore this, add a trailing '?' to the map.", 'no_sound', false],
      ['[mov,mp4 @ 0x55] Incorrect number of samples in encrypted sample\nError while decoding stream #0:1: Invalid data found when processing input', 'drm', true],
      ['[aac @ 0x1] Audio object type 42 is not supported.\nConversion failed!', 'codec', true],
      ['[aac @ 0x5] Input buffer exhausted before END element found\nError while decoding stream #0:1: Invalid data found when processing input\nConversion failed!', 'audio_decode', false],
    ];
    for (const [stderr, reason, permanent] of cases) {
      const e = soundFailure(LABEL, stderr);
      assert.equal(e.details?.reason, reason, stderr);
      assertPlain(e.message);
      assert.equal(isPermanentFailure(failureOf(e)), permanent, `${reason} permanent: ${permanent}`);
    }
  });
});
