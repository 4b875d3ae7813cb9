import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fixtures } from '../core/testing/fixtures';
import type { BotImage, ContentItem, Presentation, PresentationImage, Video } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

let server: TestServer;
let cookie: string;

const api = (path: string, init: RequestInit = {}) =>
  fetch(server.url + path, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } });
const json = async <T>(path: string) => (await (await api(path)).json()) as T;

async function upload(path: string, file: string, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', await openAsBlob(file), fileName);
  return api(path, { method: 'POST', body: form });
}

before(async () => {
  server = await startTestServer();
  cookie = await login(server);
});
after(async () => server?.stop());

describe('presentations', () => {
  it('uploads a PPTX with a target language, lists slide images, downloads and deletes it', async () => {
    const f = await fixtures.pptx();
    const res = await upload('/api/presentations', f.path, 'Deck.pptx', { languageto: 'hebrew' });
    assert.equal(res.status, 201);
    const p = (await res.json()) as Presentation;
    assert.equal(p.languageto, 'hebrew');
    assert.equal(p.translation.state, 'requested', 'the request is kept for the translation worker');
    await server.services!.queue.idle();
    const done = (await json<Presentation[]>('/api/presentations')).find((x) => x.id === p.id)!;
    assert.equal(done.status, 'completed', done.error ?? '');
    assert.equal(done.slideCount, f.slideCount);
    // No provider for english -> hebrew here (no API key, Apertium has no such pair): failed, saying what to set.
    assert.equal(done.translation.state, 'failed', 'never marked translated when it was not');
    assert.match(done.translation.error ?? '', /^No translation provider for english → hebrew\. Add a model: set ANTHROPIC_API_KEY, or set LLM_PROVIDER=openai/);

    const imgs = (await json<PresentationImage[]>('/api/presentation-images')).filter((i) => i.presentationId === p.id);
    assert.ok(imgs.length >= f.slideCount);
    const img = await fetch(server.url + imgs[0].image);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/png');

    const trans = await json<Array<{ id: number; state: string; targetLanguage: string; error: string | null }>>('/api/presentation-translations');
    assert.deepEqual(trans.find((t) => t.id === p.id)?.state, 'failed');
    assert.match(trans.find((t) => t.id === p.id)?.error ?? '', /No translation provider for english → hebrew/);

    const dl = await api(`/api/presentations/${p.id}/download`);
    assert.equal(dl.status, 200);
    assert.match(dl.headers.get('content-disposition') ?? '', /attachment; filename="Deck\.pptx"/);
    const bytes = Buffer.from(await dl.arrayBuffer());
    assert.equal(bytes.subarray(0, 2).toString(), 'PK');
    assert.equal((await fetch(`${server.url}${done.fileKey.replace(/^presentations\//, '/uploads/presentations/')}`)).status, 200, 'the chat download path serves it');

    assert.equal((await api(`/api/presentation-images/${imgs[0].id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/api/presentations/${p.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await json<PresentationImage[]>('/api/presentation-images')).filter((i) => i.presentationId === p.id).length, 0);
  });

  it('refuses a DOCX sent as a presentation', async () => {
    const f = await fixtures.docx();
    const res = await upload('/api/presentations', f.path, 'deck.pptx');
    assert.equal(res.status, 415);
  });
});

describe('videos', () => {
  it('uploads an MP4 into a subcategory, plays it with ranges, downloads and deletes it', async () => {
    const f = await fixtures.mp4();
    const res = await upload('/api/videos', f.path, 'install.mp4', { label: 'install', subcategory: 'podcast', needsTranslation: 'false', targetLanguage: '' });
    assert.equal(res.status, 201);
    const v = (await res.json()) as Video;
    assert.equal(v.subcategory, 'podcast');
    await server.services!.queue.idle();
    const done = (await json<Video[]>('/api/videos?subcategory=podcast')).find((x) => x.id === v.id)!;
    assert.equal(done.status, 'completed', done.error ?? '');
    assert.ok(done.duration && done.duration > 1);

    const play = await api(`/api/videos/${v.id}/play`, { headers: { range: 'bytes=100-199' } });
    assert.equal(play.status, 206);
    assert.match(play.headers.get('content-range') ?? '', /^bytes 100-199\/\d+$/);
    assert.equal((await play.arrayBuffer()).byteLength, 100);
    const outside = await api(`/api/videos/${v.id}/play`, { headers: { range: 'bytes=999999999-' } });
    assert.equal(outside.status, 416);
    const dl = await api(`/api/videos/${v.id}/download`);
    assert.match(dl.headers.get('content-disposition') ?? '', /attachment/);
    await dl.arrayBuffer();
    const pub = await fetch(server.url + done.originalFilePath, { headers: { range: 'bytes=0-7' } });
    assert.equal(pub.status, 206);
    assert.equal((await json<unknown[]>('/api/video-translations')).length, 0);
    const objectsOf = async () => ((await (await api('/api/object-storage/files')).json()) as Array<{ key: string }>)
      .map((o) => o.key).filter((k) => new RegExp(`(^|/)${v.id}([._/]|$)`).test(k) && !k.startsWith('videos/original_files/'));
    assert.ok((await objectsOf()).some((k) => k.endsWith(`${v.id}.media.json`)), 'the probe is kept while the video exists');
    assert.equal((await api(`/api/videos/${v.id}`, { method: 'DELETE' })).status, 204);
    assert.deepEqual(await objectsOf(), [], 'nothing derived from the video is left');
  });

  it('rejects an unknown subcategory and a non-video file', async () => {
    const f = await fixtures.mp4();
    assert.equal((await upload('/api/videos', f.path, 'a.mp4', { subcategory: 'cooking' })).status, 400);
    const png = await fixtures.png();
    assert.equal((await upload('/api/videos', png.path, 'a.mp4')).status, 415);
  });
});

describe('generic content and images', () => {
  it('creates other content from JSON, lists it by id and deletes it', async () => {
    const res = await api('/api/content', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Spec sheet', description: '', type: 'image', category: '', needsTranslation: false, targetLanguage: '', tags: 'a, b', language: 'english', hasSpeech: false }),
    });
    assert.equal(res.status, 201);
    const item = (await res.json()) as ContentItem;
    assert.deepEqual(item.tags, ['a', 'b']);
    const all = await json<ContentItem[]>('/api/content');
    assert.ok(all.some((c) => c.id === item.id));
    assert.deepEqual(all.map((c) => c.id), [...all.map((c) => c.id)].sort((a, b) => a - b), 'sorted by id');
    assert.equal((await api(`/api/content/${item.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/api/content/${item.id}`, { method: 'DELETE' })).status, 404);
    const bad = await api('/api/content', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x', needsTranslation: true }) });
    assert.equal(bad.status, 400);
  });

  it('lists bot images from a document, serves them publicly and deletes one', async () => {
    const f = await fixtures.pdf();
    const res = await upload('/api/documents', f.path, 'with-images.pdf', { force: 'true' });
    const doc = await res.json();
    await server.services!.queue.idle();
    const imgs = (await json<BotImage[]>('/api/bot-images')).filter((i) => i.documentId === doc.id);
    assert.equal(imgs.length, 2);
    assert.equal((await fetch(server.url + imgs[0].image)).status, 200);
    assert.equal((await api(`/api/bot-images/${imgs[0].id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await fetch(server.url + imgs[0].image)).status, 404);
    const c = await json<ContentItem[]>('/api/content?type=document');
    assert.ok(c.every((x) => x.type === 'document'));
  });
});

describe('uploads of any accepted type', () => {
  it('turns an image into an ungrouped support image and a PDF into a document, and refuses other content', async () => {
    const png = await fixtures.png();
    const res = await upload('/api/content/upload', png.path, 'wiring diagram.png', { title: 'Wiring diagram', tags: 'knx, wiring' });
    assert.equal(res.status, 201);
    const body = (await res.json()) as { kind: string; item: BotImage };
    assert.equal(body.kind, 'image');
    assert.equal(body.item.documentId, null);
    assert.deepEqual(body.item.tags, ['knx', 'wiring']);
    const listed = (await json<BotImage[]>('/api/bot-images')).find((i) => i.id === body.item.id);
    assert.equal(listed?.description, 'Wiring diagram');
    assert.equal((await fetch(server.url + body.item.image)).status, 200);

    const pdf = await fixtures.textPdf(6);
    const doc = await upload('/api/content/upload', pdf.path, 'manual.pdf', { title: 'Manual' });
    assert.equal(doc.status, 201);
    const d = (await doc.json()) as { kind: string; item: { id: number; title: string; status: string } };
    assert.equal(d.kind, 'document');
    assert.equal(d.item.status, 'pending');

    const corrupt = await fixtures.notZipDocx();
    const bad = await upload('/api/content/upload', corrupt.path, 'x.docx');
    assert.equal(bad.status, 415);
    assert.match((await bad.json()).message, /x\.docx/);
  });

  it('right file type: a support image named image-8.jpg holding PNG data is served as image/png and downloads as image-8.png', async () => {
    const png = await fixtures.png();
    const res = await upload('/api/content/upload', png.path, 'image-8.jpg', { title: 'Hub front' });
    assert.equal(res.status, 201);
    const { item } = (await res.json()) as { item: BotImage };
    assert.match(item.image, /_image-8\.png$/);
    const served = await fetch(server.url + item.image);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.match(served.headers.get('content-disposition') ?? '', /image-8\.png"/);
    assert.equal(Buffer.from(await served.arrayBuffer()).subarray(1, 4).toString(), 'PNG');
    // A JPEG named .jpeg keeps its name.
    const jpeg = await fixtures.jpeg();
    const kept = (await (await upload('/api/content/upload', jpeg.path, 'front.jpeg', { title: 'Front' })).json()) as { item: BotImage };
    assert.match(kept.item.image, /_front\.jpeg$/);
    assert.equal((await fetch(server.url + kept.item.image)).headers.get('content-type'), 'image/jpeg');
  });
});
