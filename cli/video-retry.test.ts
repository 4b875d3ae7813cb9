/**
 * The real `cms` on a video whose transcription fails (the fake speech
 * endpoint answering 500): the import reports it failed with the reason,
 * `cms retry <id>` and `cms retry --failed` run the transcription again,
 * `cms transcribe <id> --language` makes a new transcript.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeStt, type FakeStt } from '../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../core/testing/fixture-video';
import type { Video } from '../core/foundation/types';
import type { ImportRow } from './import/importer';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let env: Record<string, string>;
let fake: FakeStt;
let clip: SpeechClip;
let id = 0;
const segments = () => clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text }));

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-video-retry-'));
  clip = await videoFixtures.speech();
  fake = await startFakeStt({ mode: { kind: 'status', status: 500 } });
  env = { DATA_DIR: path.join(tmp, 'data'), STT_URL: fake.url, STT_RETRIES: '0' };
});
after(async () => { await fake.close(); rmSync(tmp, { recursive: true, force: true }); });

test('a video whose transcription fails is reported failed with the reason (exit 1); cms retry <id> runs the transcription again (exit 0)', async () => {
  const imported = await runCmsHere(['import', clip.path, '--json'], { env, cwd: tmp, timeoutMs: 120_000 });
  assert.equal(imported.code, 1, imported.stderr);
  const row = parseJson<{ files: ImportRow[] }>(imported).files[0]!;
  assert.equal(row.status, 'failed');
  assert.match(row.reason ?? '', /speech-to-text service .* refused the audio: HTTP 500/);
  id = row.id!;
  fake.setMode({ kind: 'segments', segments: segments() });
  const retried = await runCmsHere(['retry', String(id), '--json'], { env, timeoutMs: 120_000 });
  assert.equal(retried.code, 0, retried.stderr + retried.stdout);
  assert.equal(parseJson<{ files: ImportRow[] }>(retried).files[0]!.status, 'completed');
});

test('cms transcribe <id> --language: a failed new transcription exits 1; cms retry --failed runs it again; the transcript is Spanish', async () => {
  fake.setMode({ kind: 'status', status: 503 });
  const failed = await runCmsHere(['transcribe', String(id), '--language', 'es', '--json'], { env, timeoutMs: 120_000 });
  assert.equal(failed.code, 1, failed.stderr + failed.stdout);
  assert.equal(parseJson<{ video: Video }>(failed).video.transcript?.state, 'failed');
  fake.setMode({ kind: 'segments', segments: [{ start: 0.5, end: 3, text: 'Hola y bienvenidos.' }] });
  const again = await runCmsHere(['retry', '--failed', '--json'], { env, timeoutMs: 120_000 });
  assert.equal(again.code, 0, again.stderr + again.stdout);
  const files = parseJson<{ files: ImportRow[] }>(again).files;
  assert.deepEqual(files.map((f) => [f.id, f.status]), [[id, 'completed']]);
  assert.equal(fake.requests.at(-1)!.fields.language, 'es');
  const videos = parseJson<Video[]>(await runCmsHere(['ls', 'videos', '--json'], { env }));
  assert.equal(videos.find((v) => v.id === id)!.transcript?.language, 'spanish');
});
