/**
 * Refusals a console user sees (an upload's file and fields, categories, retrying what has not failed,
 * accounts) come with their message code and parameters (core/foundation/messages.ts), so the console words them in
 * its language, beside the English text API clients and the CLI show.
 */
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MESSAGES } from '../core/foundation/messages';
import { fixtures } from '../core/testing/fixtures';
import type { Category, Document } from '../core/foundation/types';
import { login, signedInRequest, startTestServer, type RequestInitWithJson, type TestServer } from './testing';

let server: TestServer;
let cookie: string;
let dir: string;

const api = (p: string, init?: RequestInitWithJson) => signedInRequest(server, cookie, p, init);

async function upload(p: string, file: string | null, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', await openAsBlob(file), fileName);
  return api(p, { method: 'POST', body: form });
}

interface Refused { error: string; message: string; coded?: { code: string; params: Record<string, string | number> } }

/** The answer is a refusal with this status and code; returns its parameters. */
async function refused(res: Response, status: number, code: keyof typeof MESSAGES): Promise<Record<string, string | number>> {
  const body = (await res.json()) as Refused;
  assert.equal(res.status, status, JSON.stringify(body));
  assert.equal(body.coded?.code, code, `${body.message} carries ${code}`);
  assert.ok(body.message.length > 0, 'the English text is still sent');
  return body.coded!.params;
}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'refusals-'));
  // No worker: an uploaded item stays pending, so retrying it is a conflict.
  server = await startTestServer({ env: { MAX_UPLOAD_MB: '1', CHAT_RATE_LIMIT: '2' }, worker: false });
  cookie = await login(server);
});
after(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('refusals of an upload carry their code', () => {
  it('no file, an empty file, a file over the limit, a file of the wrong type, a file that is no accepted type', async () => {
    await refused(await upload('/api/documents', null, '', { title: 'x' }), 400, 'refusal.file_missing');
    const empty = path.join(dir, 'empty.pdf');
    await writeFile(empty, '');
    assert.deepEqual(await refused(await upload('/api/documents', empty, 'empty.pdf'), 400, 'refusal.file_empty'), { file: 'empty.pdf' });
    const big = path.join(dir, 'big.pdf');
    await writeFile(big, Buffer.alloc(1024 * 1024 + 10, 1));
    const tooLarge = await upload('/api/documents', big, 'big.pdf');
    assert.equal(tooLarge.status, 413);
    const code = ((await tooLarge.json()) as Refused).coded?.code;
    assert.ok(code === 'refusal.file_too_large' || code === 'refusal.request_too_large', `too large carries its code (got ${code})`);
    const png = await fixtures.pngAsPdf();
    const wrong = await refused(await upload('/api/documents', png.path, 'photo.pdf'), 415, 'refusal.file_wrong_type');
    assert.equal(wrong.file, 'photo.pdf');
    assert.match(String(wrong.formats), /^PDF, DOCX/);
    const noise = path.join(dir, 'noise.bin');
    await writeFile(noise, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)));
    const other = await refused(await upload('/api/content/upload', noise, 'noise.bin'), 415, 'refusal.file_not_accepted');
    assert.equal(other.file, 'noise.bin');
  });

  it('a title too long, an unknown or missing target language, a file imported already', async () => {
    const pdf = await fixtures.pdf();
    assert.deepEqual(await refused(await upload('/api/documents', pdf.path, pdf.fileName, { title: 'x'.repeat(301) }), 400, 'refusal.title_long'), { max: 300 });
    assert.deepEqual(await refused(await upload('/api/documents', pdf.path, pdf.fileName, { needsTranslation: 'true', targetLanguage: 'klingon' }), 400, 'refusal.target_language_unknown'), { value: 'klingon' });
    await refused(await upload('/api/documents', pdf.path, pdf.fileName, { needsTranslation: 'true' }), 400, 'refusal.target_language_required');
    const first = await upload('/api/documents', pdf.path, pdf.fileName, { title: 'Installation guide' });
    assert.equal(first.status, 201, await first.clone().text());
    const doc = (await first.json()) as Document;
    assert.deepEqual(await refused(await upload('/api/documents', pdf.path, pdf.fileName), 409, 'refusal.file_duplicate'), { title: 'Installation guide', id: doc.id });
    // Editing: an empty title.
    assert.deepEqual(await refused(await api(`/api/documents/${doc.id}`, { method: 'PATCH', json: { title: ' ' } }), 400, 'refusal.title_required'), {});
    // Retrying an item that has not failed (no worker: it is still pending).
    assert.deepEqual(await refused(await api(`/api/documents/${doc.id}/retry`, { method: 'POST' }), 409, 'refusal.retry_not_failed'), { status: 'pending' });
  });
});

describe('refusals about categories and accounts carry their code', () => {
  it('a category name taken (create and rename) or empty', async () => {
    const made = await api('/api/categories', { method: 'POST', json: { name: 'Manuals' } });
    assert.equal(made.status, 201);
    const other = (await (await api('/api/categories', { method: 'POST', json: { name: 'Brochures' } })).json()) as Category;
    assert.deepEqual(await refused(await api('/api/categories', { method: 'POST', json: { name: 'manuals' } }), 409, 'refusal.category_name_taken'), { name: 'Manuals' });
    assert.deepEqual(await refused(await api(`/api/categories/${other.id}`, { method: 'PATCH', json: { name: 'MANUALS' } }), 409, 'refusal.category_name_taken'), { name: 'Manuals' });
    await refused(await api('/api/categories', { method: 'POST', json: { name: '   ' } }), 400, 'refusal.category_name_required');
  });

  it('a user name taken, a password too short', async () => {
    const user = { username: 'editor.one', role: 'editor', password: 'a long enough password' };
    assert.equal((await api('/api/users', { method: 'POST', json: user })).status, 201);
    assert.deepEqual(await refused(await api('/api/users', { method: 'POST', json: user }), 409, 'refusal.username_taken'), { name: 'editor.one' });
    assert.deepEqual(await refused(await api('/api/users', { method: 'POST', json: { ...user, username: 'editor.two', password: 'short' } }), 400, 'refusal.password_short'), { min: 12 });
  });
});

describe('refusals of a request\'s form, of what is not there and of the chat\'s pace carry their code', () => {
  it('a value the route\'s schema refuses, a request that is not JSON or of a type no route takes', async () => {
    const notANumber = await api('/api/documents?limit=lots');
    const body = (await notANumber.clone().json()) as Refused;
    assert.deepEqual(await refused(notANumber, 400, 'refusal.field_invalid'), { field: 'limit' });
    assert.equal(body.message, 'Invalid limit: must be integer', 'the English text says which rule failed');
    const badJson = await api('/api/categories', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } });
    await refused(badJson, 400, 'refusal.json_invalid');
    const asText = await api('/api/categories', { method: 'POST', body: 'name=Manuals', headers: { 'content-type': 'text/csv' } });
    assert.deepEqual(await refused(asText, 415, 'refusal.content_type_unsupported'), { type: 'text/csv' });
  });

  it('a route or a record that is not there', async () => {
    assert.deepEqual(await refused(await api('/api/nothing-here'), 404, 'refusal.no_route'), { method: 'GET', path: '/api/nothing-here' });
    const gone = await api('/api/categories/999999', { method: 'PATCH', json: { name: 'Nowhere' } });
    const goneBody = (await gone.clone().json()) as Refused;
    assert.deepEqual(await refused(gone, 404, 'refusal.not_found'), { id: 999999 });
    assert.equal(goneBody.message, 'Category 999999 was not found');
  });

  it('a chat message past the conversation\'s limit a minute, with the seconds to wait', async () => {
    const send = () => fetch(`${server.url}/api/bot/chat`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'hello', referenceId: 'refusal_pace_0000000000' }),
    });
    for (let i = 0; i < 2; i++) assert.equal((await send()).status, 200);
    const over = await send();
    const params = await refused(over, 429, 'refusal.chat_rate_limited');
    assert.ok(Number(params.seconds) > 0 && String(params.seconds) === over.headers.get('retry-after'), JSON.stringify(params));
  });
});
