import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../../foundation/errors';
import { runTool } from '../../../foundation/tools/exec';
import { startFakeStt, type FakeStt } from '../../../testing/fake-stt';
import { createOpenAiCompatibleStt, planParts, transcriptionsUrl } from './openai-compatible';
import { parseReply, spreadText } from './reply';
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

test('the endpoint gets compressed mono Opus with model, verbose_json, word and segment timestamps, the language and the key; segments come back timed with their words', async () => {
  fake.setMode({ kind: 'segments', language: 'french', segments: SEGMENTS.map((s) => ({ ...s, words: s.text.split(' ').map((word, i, all) => ({ word, start: s.start + ((s.end - s.start) * i) / all.length, end: s.start + ((s.end - s.start) * (i + 1)) / all.length })) })) });
  const stt = createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test', model: 'whisper-large-v3' });
  const t = await stt.transcribe(wav, { language: 'french' });
  const req = fake.requests.at(-1)!;
  assert.equal(req.path, '/v1/audio/transcriptions');
  assert.equal(req.authorization, 'Bearer sk-test');
  assert.deepEqual(req.fields, { model: 'whisper-large-v3', response_format: 'verbose_json', 'timestamp_granularities[]': 'word,segment', language: 'fr' });
  assert.equal(req.fileName, 'a.wav.part0.ogg');
  assert.equal(req.fileFormat, 'ogg');
  // 2 s of 16 kHz WAV is 64 kB; as 32 kbit/s Opus it is a tenth of that.
  assert.ok(req.fileBytes > 2_000 && req.fileBytes < 16_000, String(req.fileBytes));
  assert.equal(t.language, 'french');
  assert.equal(t.quality, 'normal');
  assert.equal(t.approximate, undefined);
  assert.equal(t.provider, 'openai-compatible:whisper-large-v3');
  assert.deepEqual(t.segments.map(({ start, end, text }) => ({ start, end, text })), SEGMENTS);
  assert.deepEqual(t.segments[1]!.words!.map((w) => w.word), ['Le', 'moteur', 'se', 'couple', 'avec', 'la', 'télécommande.']);
  assert.equal(t.segments[0]!.confidence, 0.819);
  assert.ok(stt.supports('hebrew'), 'an endpoint is offered every language');
  assert.ok(stt.supports(null), 'and a video whose language is not known');
  assert.equal(resolveTranscriber([stt, createPocketsphinx()], 'english').transcriber, stt, 'a configured endpoint comes before pocketsphinx');
  await createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test', format: 'mp3' }).transcribe(wav, { language: 'french' });
  assert.equal(fake.requests.at(-1)!.fileFormat, 'mp3');
});

test('a language that is not known is not sent: the endpoint detects it, the transcript keeps it, and later parts are sent it', async () => {
  const long = join(dir, 'long.wav');
  await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=300:d=30', '-ar', '16000', '-ac', '1', long]);
  fake.setMode({ kind: 'script', replies: [
    { kind: 'segments', language: 'he', segments: [{ start: 0.5, end: 3, text: 'שלום לכולם.' }] },
    { kind: 'segments', segments: [{ start: 1, end: 4, text: 'חלק שני.' }] },
  ] });
  const before = fake.requests.length;
  // Parts of at most 10 s (the smallest): speech at 1-5 s and 20-25 s goes as two parts, the silence between is not sent.
  const t = await createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test', maxPartBytes: 1000 }).transcribe(long, { language: null, regions: [{ start: 1, end: 5 }, { start: 20, end: 25 }] });
  const sent = fake.requests.slice(before);
  assert.equal(sent.length, 2);
  assert.equal(sent[0]!.fields.language, undefined, 'no language on the first part');
  assert.equal(sent[1]!.fields.language, 'he', 'the detected language on the next');
  assert.equal(t.language, 'hebrew');
  assert.deepEqual(t.segments.map(({ start, end, text }) => ({ start, end, text })), [{ start: 1.5, end: 4, text: 'שלום לכולם.' }, { start: 21, end: 24, text: 'חלק שני.' }]);
  assert.deepEqual(planParts([{ start: 0, end: 25 }], 10).map((p) => [p.start, p.end]), [[0, 8.333], [8.333, 16.667], [16.667, 25]], 'a long stretch of speech is cut in even parts');
});

test('a reply with text only becomes sentences timed over the speech by their length, marked approximate', async () => {
  fake.setMode({ kind: 'text', text: 'Short one. This second sentence is three times longer than that.' });
  const t = await createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test' }).transcribe(wav, { language: 'english', regions: [{ start: 0, end: 2 }] });
  assert.equal(t.approximate, true);
  assert.deepEqual(t.segments.map((s) => s.text), ['Short one.', 'This second sentence is three times longer than that.']);
  assert.equal(t.segments[0]!.start, 0);
  assert.equal(t.segments[1]!.end, 2);
  assert.ok(Math.abs(t.segments[0]!.end - 2 * (10 / 63)) < 0.01, String(t.segments[0]!.end));
  assert.deepEqual(spreadText('One. Two.', [{ start: 0, end: 1 }, { start: 5, end: 6 }]).map((s) => [s.start, s.end]), [[0, 1], [1, 6]], 'silences between regions are skipped');
});

test('500 and 429 answers are retried with back-off (Retry-After honoured) and then transcribed; when they go on, the job fails saying how often it tried', async () => {
  fake.setMode({ kind: 'script', replies: [{ kind: 'status', status: 500 }, { kind: 'status', status: 429, retryAfter: 0 }, { kind: 'segments', segments: [{ start: 0, end: 1, text: 'Third time lucky.' }] }] });
  const before = fake.requests.length;
  const t = await createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test', backoffMs: 5 }).transcribe(wav, { language: 'english' });
  assert.equal(fake.requests.length - before, 3);
  assert.equal(t.segments[0]!.text, 'Third time lucky.');
  fake.setMode({ kind: 'status', status: 503 });
  await assert.rejects(createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test', retries: 2, backoffMs: 5 }).transcribe(wav, { language: 'english' }),
    (e: unknown) => e instanceof AppError && e.code === 'unavailable' && /refused the audio after 3 attempts: HTTP 503/.test(e.message));
});

test('a wrong key, a garbage answer, an endpoint that is down or hangs: each is unavailable with a plain reason (a 4xx is not retried)', async () => {
  const check = (re: RegExp) => (e: unknown) => {
    assert.ok(e instanceof AppError, String(e));
    assert.equal(e.code, 'unavailable');
    assert.match(e.message, re);
    return true;
  };
  const before = fake.requests.length;
  await assert.rejects(createOpenAiCompatibleStt({ url: fake.url, apiKey: 'wrong' }).transcribe(wav, { language: 'english' }), check(/refused the audio: HTTP 401 \(check STT_API_KEY\)/));
  assert.equal(fake.requests.length, before, 'the 401 was answered before the body was read, and not retried');
  const stt = createOpenAiCompatibleStt({ url: `${fake.url}/v1`, apiKey: 'sk-test', timeoutMs: 1500, backoffMs: 5, retries: 1 });
  fake.setMode({ kind: 'garbage' });
  await assert.rejects(stt.transcribe(wav, { language: 'english' }), check(/answered with something that is not a transcript: <html>/));
  fake.setMode({ kind: 'hang' });
  await assert.rejects(stt.transcribe(wav, { language: 'english' }), check(/did not answer in time/));
  await assert.rejects(createOpenAiCompatibleStt({ url: 'http://127.0.0.1:9', backoffMs: 5, retries: 1 }).transcribe(wav, { language: 'english' }), check(/at 127\.0\.0\.1:9 cannot be reached/));
});

test('segments with broken times are garbage too; an answer with words but no segments becomes one segment per sentence', async () => {
  const stt = createOpenAiCompatibleStt({ url: fake.url, apiKey: 'sk-test' });
  fake.setMode({ kind: 'segments', segments: [{ start: 5, end: 1, text: 'backwards' }] });
  await assert.rejects(stt.transcribe(wav, { language: 'english' }), /not a transcript/);
  const r = parseReply('{"text":"Hi there. Bye.","words":[{"word":"Hi","start":0,"end":0.2},{"word":" there.","start":0.3,"end":0.6},{"word":"Bye.","start":1,"end":1.2}]}');
  assert.deepEqual(r?.segments?.map((s) => [s.start, s.end, s.text]), [[0, 0.6, 'Hi there.'], [1, 1.2, 'Bye.']]);
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
