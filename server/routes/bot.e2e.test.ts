import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, test } from 'node:test';
import { startFakeAnthropic, type FakeAnthropic } from '../../core/testing/fake-anthropic';
import { fixtures } from '../../core/testing/fixtures';
import type { ChatBotReply, Document, RetrievalReply } from '../../core/foundation/types';
import { login, startTestServer, type TestServer } from '../testing';

/**
 * The chat end to end: the real server (services, ingest worker, search
 * index with Chroma) ingests a real PDF uploaded through the API, then both
 * assistants answer from it; the model is the fake Messages API.
 */

let server: TestServer;
let fake: FakeAnthropic;
let cookie: string;
let doc: Document;

const post = (path: string, body: unknown) =>
  fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

before(async () => {
  fake = await startFakeAnthropic();
  server = await startTestServer({
    env: { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_MS: '2000' },
  });
  cookie = await login(server);
  const pdf = await fixtures.pdf();
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: 'AuraShade Installation Guide', description: '', status: 'pending', needsTranslation: 'false', targetLanguage: '' })) form.set(k, v);
  form.set('file', await openAsBlob(pdf.path), 'aurashade-guide.pdf');
  const res = await fetch(server.url + '/api/documents', { method: 'POST', headers: { cookie }, body: form });
  assert.equal(res.status, 201, await res.clone().text());
  const id = ((await res.json()) as Document).id;
  const end = Date.now() + 90_000;
  for (;;) {
    const d = ((await (await fetch(server.url + '/api/documents', { headers: { cookie } })).json()) as Document[]).find((x) => x.id === id)!;
    if (d.status === 'completed' || d.status === 'failed') { doc = d; break; }
    if (Date.now() > end) throw new Error('the document was not processed in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(doc.status, 'completed', doc.error ?? '');
});
after(async () => {
  await server?.stop();
  await fake?.close();
});

test('e2e: the RAG bot answers from the ingested PDF through the model, citing the document and page', async () => {
  fake.respond((r) => {
    if (r.system.startsWith('You prepare a question')) return JSON.stringify({ standalone: 'How deep must the window recess be?', translations: { he: 'מה עומק הגומחה?' } });
    const m = /<document index="(\d+)"[^>]*>\n(?:(?!<\/document>)[\s\S])*80 mm/.exec(r.lastUser);
    return m ? `The recess must be at least 80 mm deep [${m[1]}].` : '[[NOT_FOUND]] Not in the documents.';
  });
  const res = await post('/api/bot/rag-query', { query: 'How deep must the window recess be?', referenceId: 'e2e_rag_0000000000' });
  assert.equal(res.status, 200);
  const reply = (await res.json()) as RetrievalReply;
  assert.equal(reply.mode, 'llm');
  assert.equal(reply.notFound, false, reply.answer);
  assert.equal(reply.answer, 'The recess must be at least 80 mm deep [1].');
  assert.equal(reply.citations[0].itemId, doc.id);
  assert.equal(reply.citations[0].title, 'AuraShade Installation Guide');
  assert.ok(Number.isInteger(reply.citations[0].page), 'a page number');
  assert.ok(fake.requests.some((r) => /<documents>[\s\S]*recess is at least 80\s+mm\s+deep[\s\S]*<\/documents>/.test(r.lastUser)), 'the passage reached the model inside the data delimiters');
});

test('e2e: with the model down the RAG bot still answers extractively from the ingested PDF', async () => {
  fake.respond(() => ({ status: 529 }));
  const reply = (await (await post('/api/bot/rag-query', { query: 'How long is the warranty on the motor?', referenceId: 'e2e_down_0000000000' })).json()) as RetrievalReply;
  assert.equal(reply.mode, 'extractive');
  assert.equal(reply.notFound, false, reply.answer);
  assert.match(reply.answer, /five-year warranty/);
  assert.equal(reply.citations[0].itemId, doc.id);
});

test('e2e: the public assistant hands out the uploaded guide and counts its replies on the dashboard', async () => {
  const before = (await (await fetch(server.url + '/api/dashboard/metrics', { headers: { cookie } })).json()).botResponses as number;
  const reply = (await (await post('/api/bot/chat', { message: 'Could you send me the AuraShade installation guide?', referenceId: 'e2e_chat_0000000000' })).json()) as ChatBotReply;
  assert.equal(reply.mediaItem?.id, doc.id);
  assert.equal(reply.mediaItem?.contentType, 'document');
  const file = await fetch(server.url + reply.mediaItem!.filePath);
  assert.equal(file.status, 200);
  assert.equal((await file.arrayBuffer()).byteLength, doc.fileSize);
  const after = (await (await fetch(server.url + '/api/dashboard/metrics', { headers: { cookie } })).json()).botResponses as number;
  assert.equal(after, before + 1);
});
