import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../errors';
import { runTool } from '../../tools/exec';
import { startFakeStt, type FakeStt } from '../../testing/fake-stt';
import { createOpenAiCompatibleStt, transcriptionsUrl } from './openai-compatible';
import { resolveTranscriber } from './resolver';
import { createPocketsphinx } from './pocketsphinx';

let dir: string;
let wav: string;
let fake: FakeStt;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stt-test-'));
  wav = join(dir, 'a.wav');
  await runTool('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=300:d=2', '-ar', '16000', '-ac', '1', wav]);
  fake = await startFakeStt({ apiKey: 'sk-test' });
});
after(async () => { await fake.close(); await rm(dir, { recursive: true, force: true }); });

const SEGMENTS = [
  { start: 0.4, end: 2.9, text: 'Bonjour et bienvenue.' },
  { start: 3.1, end: 6.25, text: 'Le moteur se couple avec la télécommande.' },
];

test('the endpoint gets the WAV as real multipart with model, verbose_json, segment timestamps, language and the key; segments come back timed', async () => {
  fake.setMode({ kind: 'segments', language: 'french', segments: SEGMENTS });
  const stt = createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test', model: 'whisper-large-v3' });
  const t = await stt.transcribe(wav, { language: 'french' });
  const req = fake.requests.at(-1)!;
  assert.equal(req.path, '/v1/audio/transcriptions');
  assert.equal(req.authorization, 'Bearer sk-test');
  assert.deepEqual(req.fields, { model: 'whisper-large-v3', response_format: 'verbose_json', 'timestamp_granularities[]': 'segment', language: 'fr' });
  assert.equal(req.fileName, 'a.wav');
  assert.ok(req.fileIsWav && req.fileBytes > 60_000, String(req.fileBytes));
  assert.equal(t.language, 'french');
  assert.equal(t.quality, 'normal');
  assert.equal(t.provider, 'openai-compatible:whisper-large-v3');
  assert.deepEqual(t.segments.map(({ start, end, text }) => ({ start, end, text })), SEGMENTS);
  assert.equal(t.segments[0]!.confidence, 0.819);
  assert.ok(stt.supports('hebrew'), 'an endpoint is offered every language');
  assert.equal(resolveTranscriber([stt, createPocketsphinx()], 'english').transcriber, stt, 'a configured endpoint comes before pocketsphinx');
});

test('a wrong key, an error status, a garbage answer, an endpoint that is down or hangs: each is unavailable with a plain reason', async () => {
  const check = (re: RegExp) => (e: unknown) => {
    assert.ok(e instanceof AppError, String(e));
    assert.equal(e.code, 'unavailable');
    assert.match(e.message, re);
    return true;
  };
  await assert.rejects(createOpenAiCompatibleStt({ url: fake.url, apiKey: 'wrong' }).transcribe(wav, { language: 'english' }), check(/refused the audio: HTTP 401 \(check STT_API_KEY\)/));
  const stt = createOpenAiCompatibleStt({ url: `${fake.url}/v1`, apiKey: 'sk-test', timeoutMs: 1500 });
  fake.setMode({ kind: 'status', status: 500 });
  await assert.rejects(stt.transcribe(wav, { language: 'english' }), check(/refused the audio: HTTP 500: .*model crashed/));
  fake.setMode({ kind: 'garbage' });
  await assert.rejects(stt.transcribe(wav, { language: 'english' }), check(/answered with something that is not a transcript: <html>/));
  fake.setMode({ kind: 'hang' });
  await assert.rejects(stt.transcribe(wav, { language: 'english' }), check(/did not answer in time/));
  await assert.rejects(createOpenAiCompatibleStt({ url: 'http://127.0.0.1:9' }).transcribe(wav, { language: 'english' }), check(/at 127\.0\.0\.1:9 cannot be reached/));
});

test('segments with broken times are garbage too; an answer without segments becomes one segment over the whole audio', async () => {
  const stt = createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test' });
  fake.setMode({ kind: 'segments', segments: [{ start: 5, end: 1, text: 'backwards' }] });
  await assert.rejects(stt.transcribe(wav, { language: 'english' }), /not a transcript/);
  const { parseVerboseJson } = await import('./openai-compatible');
  assert.deepEqual(parseVerboseJson('{"text":" Hello there. ","duration":2.5}', 'english', 'x')?.segments, [{ start: 0, end: 2.5, text: 'Hello there.' }]);
  assert.equal(parseVerboseJson('{"text":"x","language":"he"}', 'english', 'x')?.language, 'hebrew');
  assert.equal(transcriptionsUrl('https://api.openai.com'), 'https://api.openai.com/v1/audio/transcriptions');
});

test('aborting a transcription stops the request with an AbortError, not an unavailable error', async () => {
  fake.setMode({ kind: 'hang' });
  const ac = new AbortController();
  const p = createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test' }).transcribe(wav, { language: 'english', signal: ac.signal });
  // Aborted once the request has reached the endpoint (which never answers in this mode).
  const before = fake.requests.length;
  while (fake.requests.length === before) await new Promise((r) => setTimeout(r, 10));
  ac.abort(new Error('job cancelled'));
  await assert.rejects(p, (e: unknown) => (e as Error).name === 'AbortError');
});
