/**
 * A video longer than VIDEO_MAX_MINUTES is refused before any work, as the
 * README says: its ingest fails with the reason right after probing (no
 * thumbnail, no transcription), the item is "failed", not "completed".
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { createServices, type Services } from '../../composition/services';
import { runTool } from '../../foundation/tools/exec';
import { sharedChromaEnv } from '../../testing/shared-chroma';

let services: Services;
let dir: string;
let longClip: string;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'video-limit-'));
  longClip = path.join(dir, 'long-talk.mp4');
  // 75 s of a still picture and a tone: over a limit of 1 minute.
  await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=64x64:r=1', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000',
    '-t', '75', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', longClip]);
  services = await createServices(loadConfig({ DATA_DIR: path.join(dir, 'data'), ...sharedChromaEnv(path.join(dir, 'data')), VIDEO_MAX_MINUTES: '1' }), { lock: false, startWorker: true });
});
after(async () => {
  await services?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('videos over VIDEO_MAX_MINUTES', () => {
  it('are refused right after probing: the item fails with the reason, no thumbnail, no transcript', async () => {
    const r = await services.product.upload({ kind: 'video', file: { path: longClip, fileName: 'long-talk.mp4' }, fields: { label: 'Long talk', hasSpeech: 'true' } });
    await services.queue.idle();
    const v = await services.catalog.videos.get(r.item.id);
    assert.equal(v?.status, 'failed');
    assert.match(v?.error ?? '', /2 minutes long|75 seconds|1 minute/);
    assert.match(v?.error ?? '', /VIDEO_MAX_MINUTES/);
    assert.equal(v?.thumbnailKey ?? null, null, 'no thumbnail was made');
    assert.notEqual(v?.transcript?.state, 'completed');
  });
});
