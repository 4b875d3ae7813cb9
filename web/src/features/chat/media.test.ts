import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidateUrls, mediaFromMessage } from './media';
import { mergeMessages, type ChatLine } from './use-public-chat';

test('a presentation offered in `output` tries its path, then the original and translated upload folders', () => {
  const media = mediaFromMessage({
    output: JSON.stringify({ title: 'Shading 2025', isTranslated: true, isOriginal: false, downloadable: true, filePath: '/uploads/presentations/translated_files/4_french.pptx' }),
    file: null,
    contentType: 'presentation',
  });
  assert.ok(media);
  assert.equal(media.kind, 'presentation');
  assert.equal(media.file, '4_french.pptx');
  assert.deepEqual(candidateUrls(media), [
    '/uploads/presentations/translated_files/4_french.pptx',
    '/uploads/presentations/original_files/4_french.pptx',
  ]);
});

test('a document falls back to /api/files/documents/{file} then /api/files/{file}; a video tries the API route first when signed in, never when signed out', () => {
  const doc = mediaFromMessage({ output: JSON.stringify({ title: 'Guide', filePath: '' }), file: '3_guide.pdf', contentType: 'document' });
  assert.ok(doc);
  assert.deepEqual(candidateUrls(doc), ['/api/files/documents/3_guide.pdf', '/api/files/3_guide.pdf']);
  const video = mediaFromMessage({ output: JSON.stringify({ id: 7, title: 'Demo', isTranslated: false, filePath: '/uploads/videos/original_files/7_demo.mp4' }), file: null, contentType: 'video' });
  assert.ok(video);
  assert.deepEqual(candidateUrls(video, { signedIn: true }).slice(0, 2), ['/api/videos/7/download', '/uploads/videos/original_files/7_demo.mp4']);
  assert.ok(!candidateUrls(video).some((u) => u.startsWith('/api/videos/')), 'a visitor does not call the admin route');
  assert.equal(candidateUrls(video)[0], '/uploads/videos/original_files/7_demo.mp4');
});

test('messages without a usable output offer no download', () => {
  assert.equal(mediaFromMessage({ output: null, file: null, contentType: null }), null);
  assert.equal(mediaFromMessage({ output: '{not json', file: null, contentType: 'video' }), null);
  assert.equal(mediaFromMessage({ output: JSON.stringify({ title: 'x' }), file: null, contentType: 'other' }), null);
});

test('polled messages adopt the local copy of the same text and drop repeats of the same id and content', () => {
  const local: ChatLine[] = [
    { id: 'local-user-1', role: 'user', text: 'hi there', time: '2025-01-01T00:00:00Z', media: null, local: true },
    { id: 'local-bot-1', role: 'bot', text: 'Hello!', time: '2025-01-01T00:00:01Z', media: null, local: true },
  ];
  const server: ChatLine[] = [
    { id: 's1', role: 'user', text: 'hi there', time: '2025-01-01T00:00:00Z', media: null },
    { id: 's2', role: 'bot', text: 'Hello!', time: '2025-01-01T00:00:01Z', media: null },
    { id: 's3', role: 'bot', text: 'Anything else?', time: '2025-01-01T00:00:02Z', media: null },
  ];
  const merged = mergeMessages(local, server);
  assert.deepEqual(merged.map((m) => m.id), ['s1', 's2', 's3']);
  assert.deepEqual(mergeMessages(merged, server).map((m) => m.id), ['s1', 's2', 's3']);
});

test('a line adopted from the server keeps the key it was shown under, so what sits under it (a half-filled hand-off form, a rating) is not mounted anew', () => {
  const local: ChatLine[] = [{ id: 'local-bot-1', role: 'bot', text: 'Shall I pass this on?', time: '2025-01-01T00:00:01Z', media: null, local: true, handoff: true }];
  const server: ChatLine[] = [{ id: 's2', role: 'bot', text: 'Shall I pass this on?', time: '2025-01-01T00:00:01Z', media: null }];
  const merged = mergeMessages(local, server);
  assert.equal(merged[0]!.id, 's2');
  assert.equal(merged[0]!.key ?? merged[0]!.id, 'local-bot-1');
  assert.equal(merged[0]!.handoff, true);
  assert.equal(mergeMessages(merged, server)[0]!.key, 'local-bot-1', 'a later poll keeps it too');
});
