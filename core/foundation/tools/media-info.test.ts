/**
 * A video's probe is kept once and read back only for the very file that
 * was probed: a copy of it matches, a replaced file (other bytes) does not.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createLocalStore } from '../../engines/storage/local';
import { videoFixtures } from '../../testing/fixture-video';
import { probeMedia } from './ffprobe';
import { fileFingerprint, keepMediaInfo, keptMediaInfo } from '../../engines/storage/media-info';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'media-info-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

test('the kept probe is read back for a copy of the probed file, and not for another file or a damaged record', async () => {
  const store = createLocalStore({ root: join(dir, 'objects') });
  const clip = await videoFixtures.speech();
  const info = await probeMedia(clip.path, 'clip');
  assert.equal(await keptMediaInfo(store, 7, clip.path), null, 'nothing kept yet');
  await keepMediaInfo(store, 7, clip.path, info);
  const copy = join(dir, 'original.mp4');
  await copyFile(clip.path, copy);
  assert.deepEqual(await keptMediaInfo(store, 7, copy), info);
  assert.equal(info.frameRate, 25);
  const other = await videoFixtures.speechSmall();
  assert.notEqual(await fileFingerprint(other.path), await fileFingerprint(clip.path));
  assert.equal(await keptMediaInfo(store, 7, other.path), null, 'a replaced original is probed again');
  assert.equal(await keptMediaInfo(store, 8, copy), null, 'another video');
  await writeFile(join(dir, 'objects', 'text', 'video', '7.media.json'), '{not json');
  assert.equal(await keptMediaInfo(store, 7, copy), null, 'an unreadable record is probed again');
});
