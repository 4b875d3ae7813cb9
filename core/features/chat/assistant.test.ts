import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { createOfflineLlm } from '../../engines/llm/offline';
import { keys, publicUrlForKey } from '../../engines/storage/layout';
import type { SearchIndex } from '../../engines/search/types';
import type { Document, MediaOutput, Video } from '../../foundation/types';
import { createAssistant, type Assistant } from './assistant';
import { phrasesFor } from './phrases';
import { createRagBot } from './rag';
import { createChatLimits } from './rate-limit';
import { addDocument, addVideo, seedCatalog, tempCatalog } from '../../testing/chat-fixtures';

let env: Awaited<ReturnType<typeof tempCatalog>>;
let index: SearchIndex;
let assistant: Assistant;
let video: Video;
let brochure: Document;
let clock = Date.parse('2025-01-01T10:00:00.000Z');

const make = (limits = { chatPerMinute: 100, chatPerMinutePerAddress: 100, chatMaxMessageChars: 300 }) =>
  createAssistant({
    catalog: env.catalog, conversations: env.conversations, search: index, limits: createChatLimits({ ...limits, now: () => clock }),
    rag: createRagBot({ catalog: env.catalog, conversations: env.conversations, search: index, llm: createOfflineLlm() }),
  });

before(async () => {
  env = await tempCatalog();
  index = env.index;
  await seedCatalog(env.catalog, index);
  video = await addVideo(env.catalog, {
    label: 'SmartShade M2 Installation Video', description: 'Step by step motor installation', language: 'english', fileName: 'm2-install.mp4',
    translation: { state: 'completed', targetLanguage: 'hebrew', fileKey: 'videos/translated_files/0_he.mp4', error: null },
  });
  await env.catalog.videos.update(video.id, (v) => { v.translation.fileKey = keys.videoTranslated(v.id, 'he'); });
  video = await env.catalog.videos.require(video.id);
  await addVideo(env.catalog, { label: 'Zigbee Hub Setup Video', language: 'english', fileName: 'hub.mp4', status: 'processing' });
  brochure = await addDocument(env.catalog, {
    title: 'SmartShade Product Brochure', language: 'english', fileName: 'brochure.pdf',
    translation: { state: 'completed', targetLanguage: 'hebrew', fileKey: null, error: null },
  });
  brochure = await env.catalog.documents.update(brochure.id, (d) => { d.translation.fileKey = keys.documentTranslated(d.id, 'he', 'pdf'); });
  assistant = make();
});
after(async () => {
  await env.cleanup();
});

test('a new session\'s "hello" is answered with a greeting, in the browser\'s language when given', async () => {
  const en = await assistant.chat({ message: 'hello', referenceId: 'user_greet', isNewSession: true });
  assert.equal(en.message, phrasesFor('en').greeting);
  assert.equal(en.mediaItem, null);
  const he = await assistant.chat({ message: 'hello', referenceId: 'user_greet_he', isNewSession: true, preferredLanguage: 'he-IL' });
  assert.equal(he.message, phrasesFor('he').greeting);
  assert.equal(he.language, 'he');
  const fr = await assistant.chat({ message: 'Bonjour !', referenceId: 'user_greet_fr', isNewSession: true });
  assert.equal(fr.message, phrasesFor('fr').greeting);
});

test('polling with since returns only newer messages, never a duplicate, even when the clock does not move', async () => {
  const ref = 'user_poll';
  await assistant.chat({ message: 'hello', referenceId: ref, isNewSession: true });
  const first = await assistant.messages(ref, null);
  assert.deepEqual(first.map((m) => m.role), ['user', 'bot']);
  await assistant.chat({ message: 'How long is the warranty of the M2 motor?', referenceId: ref });
  const since = first.at(-1)!.dateTime;
  const newer = await assistant.messages(ref, since);
  assert.equal(newer.length, 2);
  assert.match(newer[1].message, /five years/);
  assert.ok(newer.every((m) => m.dateTime > since));
  assert.deepEqual(await assistant.messages(ref, newer.at(-1)!.dateTime), []);
  const all = await assistant.messages(ref);
  assert.equal(new Set(all.map((m) => m.id)).size, all.length, 'ids are unique');
  for (let i = 1; i < all.length; i++) assert.ok(all[i].dateTime > all[i - 1].dateTime, 'strictly increasing times');
  assert.ok(all.every((m) => typeof m.id === 'string' && m.referenceId === ref && !('seq' in m)));
  await assert.rejects(assistant.messages(ref, 'yesterday'), (e) => e instanceof AppError && e.code === 'validation');
});

test('a request for a video returns the ready video\'s public file path as output JSON, file and mediaItem', async () => {
  const reply = await assistant.chat({ message: 'Can you send me the installation video?', referenceId: 'user_media' });
  const expected: MediaOutput = { title: video.label, isTranslated: false, isOriginal: true, downloadable: true, filePath: publicUrlForKey(video.fileKey) };
  assert.ok(expected.filePath.startsWith('/uploads/videos/original_files/'));
  assert.deepEqual(reply.mediaItem, { ...expected, contentType: 'video', id: video.id });
  const stored = (await assistant.messages('user_media')).at(-1)!;
  assert.deepEqual(JSON.parse(stored.output!), expected);
  assert.equal(stored.file, expected.filePath);
  assert.equal(stored.contentType, 'video');
});

test('a request in Hebrew, or for the Hebrew version, gets the completed Hebrew translation', async () => {
  const he = await assistant.chat({ message: 'אפשר לקבל את הסרטון של ההתקנה?', referenceId: 'user_media_he' });
  assert.equal(he.mediaItem?.filePath, publicUrlForKey(keys.videoTranslated(video.id, 'he')));
  assert.equal(he.mediaItem?.isTranslated, true);
  assert.equal(he.language, 'he');
  const brochureHe = await assistant.chat({ message: 'Do you have the brochure in Hebrew?', referenceId: 'user_media_b' });
  assert.equal(brochureHe.mediaItem?.contentType, 'document');
  assert.equal(brochureHe.mediaItem?.id, brochure.id);
  assert.equal(brochureHe.mediaItem?.filePath, '/api/files/' + keys.documentTranslated(brochure.id, 'he', 'pdf'));
  const brochureEn = await assistant.chat({ message: 'Please send me the product brochure', referenceId: 'user_media_b' });
  assert.equal(brochureEn.mediaItem?.filePath, publicUrlForKey(brochure.fileKey));
  assert.equal(brochureEn.mediaItem?.isOriginal, true);
});

test('an item still processing is not handed out; the reply lists what is available', async () => {
  const reply = await assistant.chat({ message: 'Send me the Zigbee hub setup video', referenceId: 'user_media_p' });
  assert.equal(reply.mediaItem?.title ?? null, video.label === reply.mediaItem?.title ? video.label : null);
  assert.notEqual(reply.mediaItem?.title, 'Zigbee Hub Setup Video');
});

test('a product question is answered from the documents and counted as a bot response', async () => {
  const before = (await env.conversations.stats()).exchanges;
  const reply = await assistant.chat({ message: 'What do I need to install the M2 motor?', referenceId: 'user_q' });
  assert.match(reply.message, /hex key/);
  assert.match(reply.message, /SmartShade M2 Motor Installation Guide, page 1/);
  assert.equal((await env.conversations.stats()).exchanges, before + 1);
});

test('limits: per conversation and per address a minute -> rate_limited; an over-long message -> validation', async () => {
  const a = make({ chatPerMinute: 2, chatPerMinutePerAddress: 3, chatMaxMessageChars: 40 });
  await assert.rejects(a.chat({ message: 'x'.repeat(41), referenceId: 'user_l1' }), (e) => e instanceof AppError && e.code === 'validation');
  await assert.rejects(a.chat({ message: '  ', referenceId: 'user_l1' }), (e) => e instanceof AppError && e.code === 'validation');
  await a.chat({ message: 'hello', referenceId: 'user_l1', clientAddress: '10.0.0.1' });
  await a.chat({ message: 'hello', referenceId: 'user_l1', clientAddress: '10.0.0.1' });
  await assert.rejects(a.chat({ message: 'hello', referenceId: 'user_l1', clientAddress: '10.0.0.2' }), (e) => e instanceof AppError && e.code === 'rate_limited');
  await a.chat({ message: 'hello', referenceId: 'user_l2', clientAddress: '10.0.0.1' });
  await assert.rejects(a.chat({ message: 'hello', referenceId: 'user_l3', clientAddress: '10.0.0.1' }), (e) => e instanceof AppError && e.code === 'rate_limited');
  clock += 121_000; // two windows: the sliding-window estimate has forgotten every hit
  await a.chat({ message: 'hello', referenceId: 'user_l3', clientAddress: '10.0.0.1' });
});

test('clear-session removes the conversation\'s messages only', async () => {
  await assistant.chat({ message: 'hello', referenceId: 'user_c1' });
  await assistant.chat({ message: 'hello', referenceId: 'user_c2' });
  await assistant.clearSession('user_c1');
  assert.deepEqual(await assistant.messages('user_c1'), []);
  assert.equal((await assistant.messages('user_c2')).length, 2);
});

test('a question answered from a video transcript hands out the video with the time link of the cited moment', async () => {
  const clip = await addVideo(env.catalog, { label: 'Sunrise timelapse', language: 'english', fileName: 'sunrise.mp4' });
  await index.upsert([{
    id: `video:${clip.id}:1`, itemType: 'video', itemId: clip.id, title: clip.label, page: null, slide: null, heading: null, language: 'en', imageIds: [], ordinal: 1,
    text: 'The camera was left on the hill overnight. The sunrise over the bay was filmed at six in the morning.', startSec: 53, endSec: 58.5,
  }]);
  const reply = await assistant.chat({ message: 'When was the sunrise over the bay filmed?', referenceId: 'video-ref-1' });
  assert.match(reply.message, /six in the morning/);
  assert.equal(reply.mediaItem?.contentType, 'video');
  assert.equal(reply.mediaItem?.id, clip.id);
  assert.match(reply.mediaItem!.filePath, /sunrise\.mp4#t=53$/);
  const stored = (await assistant.messages('video-ref-1')).at(-1)!;
  assert.equal(stored.contentType, 'video');
  assert.match(stored.file ?? '', /#t=53$/);
});
