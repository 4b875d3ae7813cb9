import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeAnthropic, type FakeAnthropic } from '../../core/testing/fake-anthropic';
import { markerTranslate, translatingResponder } from '../../core/testing/fake-translate';
import { fixtures } from '../../core/testing/fixtures';
import type { Document, Presentation, TranslationRecord } from '../../core/foundation/types';
import { login, signedInRequest, startTestServer, type RequestInitWithJson, type TestServer } from '../testing';

let server: TestServer;
let fake: FakeAnthropic;
let cookie: string;

const api = (p: string, init?: RequestInitWithJson) => signedInRequest(server, cookie, p, init);

async function upload(p: string, file: string, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', await openAsBlob(file), fileName);
  return api(p, { method: 'POST', body: form });
}

async function waitFor<T>(fn: () => Promise<T | undefined>, what: string, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const translationsOf = async (type: 'documents' | 'presentations', id: number) =>
  (await (await api(`/api/${type}/${id}/translations`)).json()) as TranslationRecord[];
const settled = (type: 'documents' | 'presentations', id: number, lang: string) => waitFor(async () => {
  const t = (await translationsOf(type, id)).find((x) => x.targetLanguage === lang);
  return t && (t.state === 'completed' || t.state === 'failed') ? t : undefined;
}, `${lang} translation of ${type} ${id}`);

before(async () => {
  fake = await startFakeAnthropic({ responder: translatingResponder() });
  server = await startTestServer({ env: { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0' } });
  cookie = await login(server);
});
after(async () => {
  await server?.stop();
  await fake?.close();
});

describe('translation requests', () => {
  let doc: Document;
  let he: TranslationRecord;

  it('a translation asked for on upload is queued after the ingest, shows converting, and ends completed with a downloadable file', async () => {
    const f = await fixtures.docx();
    const res = await upload('/api/documents', f.path, 'guide.docx', { title: 'Roller blind guide', needsTranslation: 'true', targetLanguage: 'hebrew' });
    assert.equal(res.status, 201);
    doc = await res.json();
    const first = await translationsOf('documents', doc.id);
    assert.equal(first.length, 1);
    assert.equal(first[0]!.state, 'queued');
    const seen = new Set<string>();
    he = await waitFor(async () => {
      const d = ((await (await api('/api/documents')).json()) as Document[]).find((x) => x.id === doc.id)!;
      seen.add(d.status);
      const t = (await translationsOf('documents', doc.id))[0]!;
      // The record is final a moment before its job (and so the item) is.
      return (t.state === 'completed' && d.status === 'completed') || t.state === 'failed' ? t : undefined;
    }, 'the Hebrew translation');
    assert.equal(he.state, 'completed', he.error ?? '');
    assert.ok(seen.has('converting') || seen.has('completed'), [...seen].join());
    assert.equal(he.provider, 'anthropic');
    assert.equal(he.quality, 'llm');
    assert.equal(he.progress.done, he.progress.total);
    assert.ok(he.requests >= 1 && he.characters > 100);
    assert.match(he.filePath!, /^\/api\/files\/documents\/translated\//);
    const item = ((await (await api('/api/documents')).json()) as Document[]).find((x) => x.id === doc.id)!;
    assert.equal(item.status, 'completed');

    const file = await fetch(server.url + he.filePath!);
    assert.equal(file.status, 200);
    const bytes = Buffer.from(await file.arrayBuffer());
    assert.equal(bytes.subarray(0, 2).toString(), 'PK');
    const part = await fetch(server.url + he.filePath!, { headers: { range: 'bytes=0-99' } });
    assert.equal(part.status, 206);
    assert.equal((await part.arrayBuffer()).byteLength, 100);
    const out = path.join(os.tmpdir(), `he-${Date.now()}.docx`);
    await writeFile(out, bytes);
    const { inspectParagraphs } = await import('../../core/testing/office-inspect');
    assert.ok((await inspectParagraphs(out)).some((p) => /<w:bidi\/>/.test(p.props)));
  });

  it('refuses the document\'s own language (as a code with parameters too) and an unknown language, naming the accepted ones', async () => {
    const own = await api(`/api/documents/${doc.id}/translations`, { method: 'POST', json: { targetLanguage: 'english' } });
    assert.equal(own.status, 400);
    const refused = (await own.json()) as { message: string; coded?: unknown };
    assert.match(refused.message, /This document is already in english/);
    // The console words it from its code in its own language.
    assert.deepEqual(refused.coded, { code: 'refusal.translation_same_language', params: { language: 'english' } });
    const bad = await api(`/api/documents/${doc.id}/translations`, { method: 'POST', json: { targetLanguage: 'klingon' } });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).message, /Unknown target language "klingon". Accepted: english, spanish, .*hebrew/);
  });

  it('the translated text is indexed in the target language and points to the translated file and the original page', async () => {
    const word = markerTranslate('installation');
    const hits = await (await api(`/api/search?q=${encodeURIComponent(word)}&k=5`)).json() as Array<{ chunk: { itemId: number; translation?: { language: string; filePath: string } } }>;
    const hit = hits.find((h) => h.chunk.translation);
    assert.ok(hit, JSON.stringify(hits).slice(0, 300));
    assert.equal(hit.chunk.itemId, doc.id);
    assert.equal(hit.chunk.translation!.language, 'hebrew');
    assert.equal(hit.chunk.translation!.filePath, he.filePath);
  });

  it('a failed translation says why and can be retried', async () => {
    fake.respond(() => ({ status: 400, errorMessage: 'bad request' }));
    try {
      const res = await api(`/api/documents/${doc.id}/translations`, { method: 'POST', json: { targetLanguage: 'german' } });
      assert.equal(res.status, 202);
      const failed = await settled('documents', doc.id, 'german');
      assert.equal(failed.state, 'failed');
      assert.match(failed.error!, /refused the request \(HTTP 400\)/);
      const item = ((await (await api('/api/documents')).json()) as Document[]).find((x) => x.id === doc.id)!;
      assert.equal(item.status, 'completed', 'a failed translation does not fail the original');
    } finally {
      fake.respond(translatingResponder());
    }
    const t = (await translationsOf('documents', doc.id)).find((x) => x.targetLanguage === 'german')!;
    assert.equal((await api(`/api/translations/${t.id}/retry`, { method: 'POST' })).status, 200);
    assert.equal((await settled('documents', doc.id, 'german')).state, 'completed');
  });

  it('presentations: POST /api/presentations/{id}/translations, real rows in /api/presentation-translations, the file under /uploads/presentations/translated_files/, handed out by the public assistant', async () => {
    const f = await fixtures.pptx();
    const res = await upload('/api/presentations', f.path, 'showcase.pptx');
    const pres: Presentation = await res.json();
    const req = await api(`/api/presentations/${pres.id}/translations`, { method: 'POST', json: { targetLanguage: 'Spanish' } });
    assert.equal(req.status, 202);
    const es = await settled('presentations', pres.id, 'spanish');
    assert.equal(es.state, 'completed', es.error ?? '');
    assert.match(es.filePath!, /^\/uploads\/presentations\/translated_files\//);
    assert.equal((await fetch(server.url + es.filePath!)).status, 200);
    const rows = await (await api('/api/presentation-translations')).json() as Array<{ id: number; state: string; translation: TranslationRecord }>;
    const row = rows.find((r) => r.id === pres.id)!;
    assert.equal(row.state, 'completed');
    assert.equal(row.translation.filePath, es.filePath);
    const files = await (await api('/api/object-storage/files?prefix=presentations/translated_files/')).json() as Array<{ key: string }>;
    assert.ok(files.some((x) => es.fileKey === x.key), 'the file manager lists it in its own folder');

    const chat = await (await fetch(`${server.url}/api/bot/chat`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Please send me the Smart Home Showcase presentation in Spanish', referenceId: 'user_1732340000000_tr1', isNewSession: true }),
    })).json() as { mediaItem: { isTranslated: boolean; isOriginal: boolean; filePath: string } | null };
    assert.ok(chat.mediaItem, JSON.stringify(chat));
    assert.equal(chat.mediaItem.isTranslated, true);
    assert.equal(chat.mediaItem.isOriginal, false);
    assert.equal(chat.mediaItem.filePath, es.filePath);
  });

  it('the glossary is editable over the API and bumps its version', async () => {
    const a = await (await api('/api/glossary/terms', { method: 'POST', json: { term: 'AuraShade', translations: { hebrew: 'AuraShade' } } })).json();
    assert.equal(a.entries.length, 1);
    const b = await (await api('/api/glossary')).json();
    assert.equal(b.version, a.version);
    const c = await (await api('/api/glossary/terms/AuraShade', { method: 'DELETE' })).json();
    assert.equal(c.version, a.version + 1);
    assert.equal(c.entries.length, 0);
    assert.equal((await api('/api/glossary/terms', { method: 'POST', json: { term: '' } })).status, 400);
  });

  it('deleting the original, even while one of its translations runs, deletes its translations and their files', async () => {
    // The model's answers wait until the original is deleted: the translation is surely still running then.
    const slow = translatingResponder();
    let deleted!: () => void;
    const gone = new Promise<void>((r) => (deleted = r));
    fake.respond(async (r) => { await gone; return slow(r); });
    try {
      await api(`/api/documents/${doc.id}/translations`, { method: 'POST', json: { targetLanguage: 'french' } });
      await waitFor(async () => ((await translationsOf('documents', doc.id)).find((t) => t.targetLanguage === 'french')?.state === 'running' ? true : undefined), 'a running translation');
      const before = await translationsOf('documents', doc.id);
      assert.ok(before.length >= 3);
      assert.equal((await api(`/api/documents/${doc.id}`, { method: 'DELETE' })).status, 204);
    } finally {
      deleted();
      fake.respond(translatingResponder());
    }
    await server.services!.queue.idle();
    const jobs = await (await api('/api/jobs')).json() as Array<{ itemId: number }>;
    assert.ok(!jobs.some((j) => j.itemId === doc.id), 'its jobs are gone');
    const left = await (await api(`/api/translations?itemId=${doc.id}`)).json() as TranslationRecord[];
    assert.deepEqual(left, []);
    assert.equal((await fetch(server.url + he.filePath!)).status, 404);
  });
});
