/**
 * The real `cms` on a video whose translated version fails (the fake model
 * refusing the subtitles): `cms status` and `cms ls` show the video as
 * failed with the reason, and `cms retry --failed` re-runs only that
 * translation once the model answers.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeAnthropic, type FakeAnthropic } from '../core/testing/fake-anthropic';
import { translatingResponder } from '../core/testing/fake-translate';
import { startFakeStt, type FakeStt } from '../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../core/testing/fixture-video';
import type { Video } from '../core/foundation/types';
import type { ImportRow } from './import/importer';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let env: Record<string, string>;
let stt: FakeStt;
let model: FakeAnthropic;
let clip: SpeechClip;
let failing = true;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-video-translation-'));
  clip = await videoFixtures.speech();
  stt = await startFakeStt({ mode: { kind: 'segments', segments: clip.sentences.map((text, i) => ({ start: clip.spans[i]!.start, end: clip.spans[i]!.end, text })) } });
  model = await startFakeAnthropic({ responder: translatingResponder({ fail: () => (failing ? { status: 400, errorMessage: 'The model refused the request' } : null) }) });
  env = { DATA_DIR: path.join(tmp, 'data'), STT_URL: stt.url, STT_RETRIES: '0', ANTHROPIC_API_KEY: model.apiKey, ANTHROPIC_BASE_URL: model.url, LLM_MAX_RETRIES: '0' };
});
after(async () => { await stt.close(); await model.close(); rmSync(tmp, { recursive: true, force: true }); });

test('a video whose arabic version failed: cms status and cms ls show it failed with the reason; cms retry --failed re-runs only the translation', async () => {
  const imported = await runCmsHere(['import', clip.path, '--translate-to', 'arabic', '--json'], { env, cwd: tmp, timeoutMs: 120_000 });
  assert.ok(imported.code === 0 || imported.code === 1, imported.stderr);
  const id = parseJson<{ files: ImportRow[] }>(imported).files[0]!.id!;
  // The translation runs after the import: `cms status --follow` processes it here, then the video shows as failed.
  await runCmsHere(['status', '--follow', '--json'], { env, timeoutMs: 120_000 });
  const status = parseJson<{ items: Array<{ id: number; status: string; error: string | null }> }>(await runCmsHere(['status', '--json'], { env }));
  const row = status.items.find((i) => i.id === id);
  assert.equal(row?.status, 'failed', JSON.stringify(status));
  assert.match(row?.error ?? '', /^The Arabic version could not be made: .*refused the request/);
  const listed = parseJson<Video[]>(await runCmsHere(['ls', 'videos', '--json'], { env })).find((v) => v.id === id)!;
  assert.equal(listed.status, 'failed');
  assert.deepEqual(listed.stepCode, { code: 'translate_failed', params: { language: 'arabic' } });

  failing = false;
  const again = await runCmsHere(['retry', '--failed', '--json'], { env, timeoutMs: 120_000 });
  assert.equal(again.code, 0, again.stderr + again.stdout);
  assert.deepEqual(parseJson<{ files: ImportRow[] }>(again).files.map((f) => [f.id, f.status]), [[id, 'completed']]);
  const after = parseJson<Video[]>(await runCmsHere(['ls', 'videos', '--json'], { env })).find((v) => v.id === id)!;
  assert.equal(after.status, 'completed');
  assert.ok(after.translatedFilePath, 'the arabic video exists');
});
