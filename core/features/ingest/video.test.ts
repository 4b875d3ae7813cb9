import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { fixtures } from '../../testing/fixtures';
import { runTool } from '../../foundation/tools/exec';
import { readImageSize, sniffFile } from '../../formats/sniff';
import { probeMedia } from '../../foundation/tools/ffprobe';
import { extractVideo, thumbnailTime, type VideoOptions } from './video';

let root: string;
let n = 0;
before(async () => { root = await mkdtemp(join(tmpdir(), 'video-test-')); });
after(async () => { await rm(root, { recursive: true, force: true }); });
const opts = async (extra: Partial<VideoOptions> = {}): Promise<VideoOptions> => {
  const workDir = join(root, `w${n++}`);
  await mkdir(workDir, { recursive: true });
  return { workDir, ocrLanguages: ['eng'], ...extra };
};

test('an MP4 gives its duration in seconds and a JPEG thumbnail at most 640 px wide, and no sections', async () => {
  const f = await fixtures.mp4();
  const r = await extractVideo(f.path, await opts());
  assert.equal(r.kind, 'video');
  assert.ok(Math.abs((r.durationSec ?? 0) - f.durationSec) < 0.2, String(r.durationSec));
  assert.deepEqual(r.sections, []);
  assert.deepEqual(r.images, []);
  assert.deepEqual(r.warnings, []);
  assert.ok(r.thumbnailPath);
  assert.equal((await sniffFile(r.thumbnailPath)).kind, 'jpeg');
  assert.deepEqual(await readImageSize(r.thumbnailPath), { width: 640, height: 360 });
  const probe = await probeMedia(f.path, 'x');
  assert.deepEqual([probe.hasVideo, probe.hasAudio, probe.videoCodec, probe.audioCodec], [true, true, 'h264', 'aac']);
});

test('a broken MP4 and a text file are corrupt_file with a plain reason', async () => {
  await assert.rejects(extractVideo((await fixtures.corruptMp4()).path, await opts({ fileName: 'clip.mp4' })), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'corrupt_file');
    assert.match(e.message, /^The video "clip.mp4" cannot be read: the video is incomplete|^The video "clip.mp4" cannot be read: the content is not a video/);
    return true;
  });
  const txt = join(root, 'notes.mp4');
  await writeFile(txt, 'not a video at all\n');
  await assert.rejects(extractVideo(txt, await opts({ fileName: 'notes.mp4' })), { code: 'corrupt_file' });
});

test('a silent video warns that there is no speech to transcribe; a large one is scaled to 640 px', async () => {
  const silent = join(root, 'silent.mp4');
  await runTool('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=10', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', silent]);
  const r = await extractVideo(silent, await opts());
  assert.deepEqual(r.warnings, [{ code: 'warning.video_no_sound', params: {}, text: 'The video has no sound track, so there is no speech to transcribe.' }]);
  assert.deepEqual(await readImageSize(r.thumbnailPath!), { width: 640, height: 360 });
});

test('the thumbnail is taken 10% in, at least 1 s and at most 30 s', () => {
  assert.equal(thumbnailTime(undefined), 0);
  assert.equal(thumbnailTime(1), 0.5);
  assert.equal(thumbnailTime(5), 1);
  assert.equal(thumbnailTime(100), 10);
  assert.equal(thumbnailTime(3600), 30);
});
