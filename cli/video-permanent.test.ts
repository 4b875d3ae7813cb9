/**
 * The real `cms` on a video that can never be processed (an MP4 whose
 * tracks hold no samples): the import reports it failed with the plain
 * reason; `cms retry <id>` is refused with it; `cms retry --failed` leaves
 * it and says so.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { videoFixtures } from '../core/testing/fixture-video';
import type { ImportRow } from './import/importer';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let env: Record<string, string>;
before(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-video-permanent-'));
  env = { DATA_DIR: path.join(tmp, 'data') };
});
after(() => { rmSync(tmp, { recursive: true, force: true }); });

test('an MP4 without media samples fails for good: cms retry <id> is refused with the reason, cms retry --failed skips it and says so', async () => {
  const file = path.join(tmp, 'hollow.mp4');
  const { copyFileSync } = await import('node:fs');
  copyFileSync(await videoFixtures.emptyTracks(), file);
  const imported = await runCmsHere(['import', file, '--json'], { env, cwd: tmp, timeoutMs: 120_000 });
  assert.equal(imported.code, 1, imported.stderr);
  const row = parseJson<{ files: ImportRow[] }>(imported).files[0]!;
  assert.equal(row.status, 'failed');
  assert.equal(row.reason, 'The video "hollow.mp4" holds no pictures and no sound: its tracks are empty.');

  const one = await runCmsHere(['retry', String(row.id)], { env, timeoutMs: 60_000 });
  assert.notEqual(one.code, 0);
  assert.match(one.stderr + one.stdout, /Retrying cannot help: The video "hollow\.mp4" holds no pictures and no sound: its tracks are empty\. Upload a fixed file instead\./);

  const all = await runCmsHere(['retry', '--failed', '--json'], { env, timeoutMs: 60_000 });
  assert.equal(all.code, 0, all.stderr);
  const out = parseJson<{ retried: number; notRetried: Array<{ id: number; reason: string }> }>(all);
  assert.equal(out.retried, 0);
  assert.deepEqual(out.notRetried.map((x) => x.id), [row.id]);
  const text = await runCmsHere(['retry', '--failed'], { env, timeoutMs: 60_000 });
  assert.match(text.stdout + text.stderr, new RegExp(`video ${row.id} \\(hollow\\.mp4\\): not retried, a retry cannot help: The video "hollow\\.mp4" holds no pictures`));
});
