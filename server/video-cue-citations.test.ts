/**
 * Video citations at the sentence, through the real server: a real recording
 * (the shared corpus's film clip) transcribed by the STT endpoint provider
 * against the local fake, four cues in one 30-second search chunk. The
 * answer quoting the third cue's sentence cites that cue's time range, links
 * `#t=` at its start and shows a frame taken inside it, in the document-search
 * bot and in the public assistant (/chat), in English and in Hebrew.
 */
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startFakeStt, type FakeStt } from '../core/testing/fake-stt';
import { videoFixtures } from '../core/testing/fixture-video';
import type { ChatBotReply, RetrievalReply, Video } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

const EN = [
  { start: 0, end: 5.2, text: 'The camera was left on the hill overnight.' },
  { start: 5.2, end: 11.4, text: 'Clouds moved over the valley before dawn.' },
  { start: 11.4, end: 17.6, text: 'The sunrise over the bay was filmed at six in the morning.' },
  { start: 17.6, end: 24, text: 'Then the crew packed the tripod and walked down.' },
];
const HE = [
  { start: 0, end: 5.2, text: 'המצלמה נשארה על הגבעה כל הלילה.' },
  { start: 5.2, end: 11.4, text: 'עננים עברו מעל העמק לפני עלות השחר.' },
  { start: 11.4, end: 17.6, text: 'הזריחה מעל המפרץ צולמה בשש בבוקר.' },
  { start: 17.6, end: 24, text: 'אחר כך הצוות קיפל את החצובה וירד.' },
];

let fake: FakeStt;
let clipPath: string | null;
/** One server for the file: each language's recording is uploaded (and transcribed) in its own test. */
let s: TestServer;
let cookie: string;
before(async () => {
  clipPath = await videoFixtures.tearsOfSteel(26);
  assert.ok(clipPath, 'the film clip of the test corpus');
  fake = await startFakeStt({ apiKey: 'stt-key' });
  s = await startTestServer({ env: { STT_URL: fake.url, STT_API_KEY: 'stt-key', STT_MODEL: 'whisper-test' } });
  cookie = await login(s);
});
after(async () => {
  await s?.stop();
  await fake?.close();
});

async function upload(s: TestServer, cookie: string, label: string, language: string): Promise<Video> {
  const form = new FormData();
  form.set('label', label);
  form.set('hasSpeech', 'true');
  form.set('sourceLanguage', language);
  // The same recording in each language's test, on one server.
  form.set('force', 'true');
  form.set('file', await openAsBlob(clipPath!), `${label.replace(/\W+/g, '-').toLowerCase()}.mp4`);
  const res = await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { cookie }, body: form });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as Video;
}

async function completed(s: TestServer, cookie: string, id: number): Promise<Video> {
  for (;;) {
    const v = ((await (await fetch(`${s.url}/api/videos`, { headers: { cookie } })).json()) as Video[]).find((x) => x.id === id)!;
    if (v.status === 'failed') assert.fail(`video failed: ${JSON.stringify(v)}`);
    if (v.status === 'completed' && v.transcript?.state === 'completed') return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const post = async <T>(s: TestServer, route: string, body: unknown): Promise<T> =>
  (await (await fetch(`${s.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as T;

/** The time (ms) a frame URL was taken at (images/videos/ID/tMS.jpg). */
const frameMs = (url: string) => Number(/\/t(\d+)\.jpg$/.exec(url)?.[1] ?? NaN);

describe('video citations at the cue', () => {
  for (const [lang, cues, question, label, language] of [
    ['en', EN, 'When was the sunrise over the bay filmed?', 'Hill timelapse', 'english'],
    ['he', HE, 'מתי צולמה הזריחה מעל המפרץ?', 'צילום הגבעה', 'hebrew'],
  ] as const) {
    it(`${lang}: the quoted sentence's cue (11.4–17.6 s of a 0–24 s chunk) is the citation's range, #t= link and frame, in the bot and in /chat`, async () => {
      fake.setMode({ kind: 'segments', language: lang, segments: [...cues] });
      const v = await completed(s, cookie, (await upload(s, cookie, label, language)).id);
      assert.equal(v.transcript!.segmentCount, 4);

      const reply = await post<RetrievalReply>(s, '/api/bot/rag-query', { query: question, referenceId: `cue_citation_test_${lang}_1` });
      assert.equal(reply.notFound, false, JSON.stringify(reply));
      assert.match(reply.answer, lang === 'en' ? /six in the morning/ : /בשש בבוקר/);
      const cite = reply.citations.find((c) => c.itemType === 'video');
      assert.ok(cite, JSON.stringify(reply.citations));
      assert.equal(cite.itemId, v.id, 'this language\'s recording is cited');
      // The cue, not the chunk (0–24 s).
      assert.equal(cite.startSec, 11.4);
      assert.equal(cite.endSec, 17.6);
      assert.match(cite.url ?? '', /\.mp4#t=11$/);
      const frame = reply.sourceImages.find((u) => u.includes(`/images/videos/${v.id}/`));
      assert.ok(frame, `frame in ${JSON.stringify(reply.sourceImages)}`);
      const at = frameMs(frame);
      assert.ok(at >= 11_400 && at <= 17_600, `frame at ${at} ms, inside the cue`);
      const img = await fetch(`${s.url}${frame}`);
      assert.equal(img.headers.get('content-type'), 'image/jpeg');

      const chat = await post<ChatBotReply>(s, '/api/bot/chat', { message: question, referenceId: `cue_citation_test_${lang}_2` });
      assert.equal(chat.mediaItem?.contentType, 'video', JSON.stringify(chat));
      assert.match(chat.mediaItem!.filePath, /\.mp4#t=11$/);
      assert.equal(chat.mediaItem!.frame, frame);
      assert.match(chat.message, /0:11–0:17/);
    });
  }
});
