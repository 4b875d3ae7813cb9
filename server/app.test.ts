import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fixtures } from '../core/testing/fixtures';
import type { Category, Document, StoredObject } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

let server: TestServer;
let cookie: string;

async function api(path: string, init: RequestInit & { json?: unknown; auth?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (init.auth !== false) headers.set('cookie', cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(server.url + path, { ...init, headers, body });
}

async function upload(path: string, file: string, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', await openAsBlob(file), fileName);
  return api(path, { method: 'POST', body: form });
}

async function waitFor<T>(fn: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}`);
}

before(async () => {
  server = await startTestServer({ env: { MAX_UPLOAD_MB: '5' } });
  cookie = await login(server);
});
after(async () => server?.stop());

describe('health and routing', () => {
  it('answers /api/health/details (signed in) with versions and the state of each backing service', async () => {
    assert.equal((await api('/api/health/details', { auth: false })).status, 401);
    const res = await api('/api/health/details');
    assert.equal(res.status, 200);
    const h = await res.json();
    assert.equal(h.status, 'ok');
    assert.match(h.node, /^v20/);
    assert.equal(h.services.storage.kind, 'local');
    assert.equal(h.services.llm.configured, false);
    assert.equal(h.services.search.ok, true);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await api('/api/nope');
    assert.equal(res.status, 404);
    assert.equal((await res.json()).error, 'not_found');
  });
});

describe('sign-in enforced by the server', () => {
  it('refuses admin routes without a session, with a bad cookie, and with a wrong token', async () => {
    for (const path of ['/api/documents', '/api/categories', '/api/object-storage/files', '/api/dashboard/metrics', '/api/content']) {
      assert.equal((await api(path, { auth: false })).status, 401, path);
    }
    assert.equal((await fetch(server.url + '/api/documents', { headers: { cookie: 'cms_session=forged' } })).status, 401);
    assert.equal((await fetch(server.url + '/api/documents', { headers: { authorization: 'Bearer wrong' } })).status, 401);
    assert.equal((await api('/api/delete-all-data', { method: 'DELETE', auth: false })).status, 401);
  });

  it('accepts the API token for scripts', async () => {
    const res = await fetch(server.url + '/api/documents', { headers: { authorization: `Bearer ${server.token}` } });
    assert.equal(res.status, 200);
  });

  it('rejects a wrong password with the spec message and sets an httpOnly SameSite=Strict cookie on success', async () => {
    const bad = await api('/api/auth/login', { method: 'POST', auth: false, json: { username: 'admin', password: 'nope' } });
    assert.equal(bad.status, 401);
    assert.equal((await bad.json()).message, 'Invalid email or password');
    const good = await api('/api/auth/login', { method: 'POST', auth: false, json: { username: 'admin', password: server.password } });
    assert.equal(good.status, 200);
    const set = good.headers.get('set-cookie') ?? '';
    assert.match(set, /HttpOnly/i);
    assert.match(set, /SameSite=Strict/i);
    assert.deepEqual(await good.json(), { username: 'admin', name: 'Admin User', title: 'Building Manager', role: 'admin' });
  });

  it('logout revokes the session server-side', async () => {
    const c = await login(server);
    assert.equal((await fetch(server.url + '/api/auth/me', { headers: { cookie: c } })).status, 200);
    await fetch(server.url + '/api/auth/logout', { method: 'POST', headers: { cookie: c } });
    assert.equal((await fetch(server.url + '/api/documents', { headers: { cookie: c } })).status, 401);
  });

  it('validates the login body', async () => {
    const res = await api('/api/auth/login', { method: 'POST', auth: false, json: { username: 'admin' } });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error, 'validation');
  });
});

describe('categories', () => {
  it('creates, lists, updates and deletes; the name is required and trimmed', async () => {
    const created = await api('/api/categories', { method: 'POST', json: { name: '  Motors  ', description: 'Tubular motors' } });
    assert.equal(created.status, 201);
    const cat = (await created.json()) as Category;
    assert.equal(cat.name, 'Motors');
    assert.equal(cat.isActive, true);
    const blank = await api('/api/categories', { method: 'POST', json: { name: '   ' } });
    assert.equal(blank.status, 400);
    assert.equal((await blank.json()).message, 'Category name is required');
    const patched = await api(`/api/categories/${cat.id}`, { method: 'PATCH', json: { name: 'Motors & drives', isActive: false } });
    assert.equal(((await patched.json()) as Category).isActive, false);
    const list = (await (await api('/api/categories')).json()) as Category[];
    assert.ok(list.some((c) => c.id === cat.id && c.name === 'Motors & drives'));
    assert.equal((await api(`/api/categories/${cat.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/api/categories/${cat.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await api('/api/categories/abc', { method: 'DELETE' })).status, 400);
  });

  it('stores script in a name as data and returns it unchanged as JSON', async () => {
    const name = '<script>alert(1)</script>';
    const res = await api('/api/categories', { method: 'POST', json: { name } });
    const cat = (await res.json()) as Category;
    assert.equal(cat.name, name);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  });
});

describe('documents', () => {
  it('uploads a real PDF as pending, processes it to completed, edits and deletes it', async () => {
    const pdf = await fixtures.pdf();
    const res = await upload('/api/documents', pdf.path, 'Blind guide.pdf', { title: '<img src=x onerror=alert(1)>', description: '', status: 'pending', needsTranslation: 'false', targetLanguage: '' });
    assert.equal(res.status, 201, await res.clone().text());
    const doc = (await res.json()) as Document;
    assert.equal(doc.status, 'pending');
    assert.equal(doc.title, '<img src=x onerror=alert(1)>');
    const done = await waitFor(async () => {
      const d = ((await (await api('/api/documents')).json()) as Document[]).find((x) => x.id === doc.id);
      return d && (d.status === 'completed' || d.status === 'failed') ? d : undefined;
    }, 'document processing');
    assert.equal(done.status, 'completed', done.error ?? '');
    assert.ok(done.chunkCount > 0);
    assert.equal(done.progress, 100);

    const hits = await (await api(`/api/search?q=${encodeURIComponent(pdf.phrases.en[0])}`)).json();
    assert.equal(hits[0].chunk.itemId, doc.id);

    const edited = await api(`/api/documents/${doc.id}`, { method: 'PATCH', json: { title: 'Roller blind guide', sourceLanguage: 'english' } });
    assert.equal(((await edited.json()) as Document).title, 'Roller blind guide');
    const blank = await api(`/api/documents/${doc.id}`, { method: 'PATCH', json: { title: ' ' } });
    assert.equal(blank.status, 400);

    const content = await (await api('/api/content?type=document')).json();
    assert.ok(content.some((c: { id: number; type: string }) => c.id === doc.id && c.type === 'document'));

    // The original is served publicly (the chat hands it out), with ranges.
    const file = done.fileKey.split('/').slice(1).join('/');
    const ranged = await fetch(`${server.url}/api/files/documents/${encodeURIComponent(file)}`, { headers: { range: 'bytes=0-3' } });
    assert.equal(ranged.status, 206);
    assert.equal(await ranged.text(), '%PDF');

    assert.equal((await api(`/api/documents/${doc.id}`, { method: 'DELETE' })).status, 204);
    const after = await (await api(`/api/search?q=${encodeURIComponent(pdf.phrases.en[0])}`)).json();
    assert.ok(!after.some((h: { chunk: { itemId: number } }) => h.chunk.itemId === doc.id), 'no chunk of a deleted document is found');
    const objects = (await (await api('/api/object-storage/files')).json()) as StoredObject[];
    assert.ok(!objects.some((o) => o.key.startsWith(`documents/${doc.id}_`)));
  });

  it('rejects a PNG named .pdf by its content (415) and keeps nothing', async () => {
    const png = await fixtures.pngAsPdf();
    const res = await upload('/api/documents', png.path, 'brochure.pdf');
    assert.equal(res.status, 415);
    const body = await res.json();
    assert.equal(body.error, 'unsupported_type');
    assert.match(body.message, /brochure\.pdf/);
    const docs = (await (await api('/api/documents')).json()) as Document[];
    assert.ok(!docs.some((d) => d.fileName === 'brochure.pdf'));
  });

  it('answers 413 with a clear message for a file over MAX_UPLOAD_MB', async () => {
    const form = new FormData();
    form.set('file', new Blob([Buffer.alloc(6 * 1024 * 1024, 1)]), 'big.pdf');
    const res = await api('/api/documents', { method: 'POST', body: form });
    assert.equal(res.status, 413);
    assert.match((await res.json()).message, /larger than the 5 MB upload limit/);
  });

  it('requires a target language when translation is requested', async () => {
    const pdf = await fixtures.textPdf(2);
    const res = await upload('/api/documents', pdf.path, 'x.pdf', { needsTranslation: 'true', targetLanguage: '' });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).message, 'Please select a target language for translation');
  });

  it('refuses the same content twice unless forced', async () => {
    const pdf = await fixtures.textPdf(3);
    const first = await upload('/api/documents', pdf.path, 'dup.pdf');
    assert.equal(first.status, 201);
    const second = await upload('/api/documents', pdf.path, 'dup-again.pdf');
    assert.equal(second.status, 409);
    const forced = await upload('/api/documents', pdf.path, 'dup-forced.pdf', { force: 'true' });
    assert.equal(forced.status, 201);
  });

  it('marks a corrupt PDF failed with a reason and retries it on request', async () => {
    const bad = await fixtures.corruptPdf();
    const doc = (await (await upload('/api/documents', bad.path, 'corrupt.pdf')).json()) as Document;
    const failed = await waitFor(async () => {
      const d = ((await (await api('/api/documents')).json()) as Document[]).find((x) => x.id === doc.id);
      return d?.status === 'failed' ? d : undefined;
    }, 'failure');
    assert.ok(failed.error && failed.error.length > 5);
    const retried = await api(`/api/documents/${doc.id}/retry`, { method: 'POST' });
    assert.equal(retried.status, 200);
    const jobs = await (await api('/api/jobs')).json();
    assert.ok(jobs.some((j: { itemId: number; attempts: number }) => j.itemId === doc.id));
  });
});

describe('object storage', () => {
  it('rejects keys with .., %2e%2e, absolute paths and NUL', async () => {
    for (const key of ['..%2F..%2Fetc%2Fpasswd', '%252e%252e%2Fx', '%2Fetc%2Fpasswd', 'documents%2F%00x', 'a%2F..%2Fb']) {
      const res = await api(`/api/object-storage/download/${key}`);
      assert.ok([400, 404].includes(res.status), `${key} -> ${res.status}`);
      const del = await api(`/api/object-storage/files/${key}`, { method: 'DELETE' });
      assert.ok([400, 404].includes(del.status), `${key} -> ${del.status}`);
    }
    const trav = await fetch(`${server.url}/api/files/documents/..%2F..%2Fdb.json`);
    assert.equal(trav.status, 400);
    const notPublic = await fetch(`${server.url}/api/files/text/document/1.json`);
    assert.equal(notPublic.status, 404);
  });

  it('lists, gives stats by folder, downloads and deletes a stored object', async () => {
    const pdf = await fixtures.textPdf(4);
    await upload('/api/documents', pdf.path, 'stats.pdf');
    const files = (await (await api('/api/object-storage/files')).json()) as StoredObject[];
    const obj = files.find((f) => f.key.endsWith('_stats.pdf'))!;
    assert.ok(obj);
    assert.equal(obj.storageClass, 'STANDARD');
    const stats = await (await api('/api/object-storage/stats')).json();
    assert.ok(stats.totalFiles >= 1);
    assert.ok(stats.folderCounts.documents >= 1);
    const dl = await api(`/api/object-storage/download/${encodeURIComponent(obj.key)}`);
    assert.equal(dl.status, 200);
    assert.match(dl.headers.get('content-disposition') ?? '', /attachment/);
    assert.equal(Number(dl.headers.get('content-length')), obj.size);
    await dl.arrayBuffer();
    assert.equal((await api(`/api/object-storage/files/${encodeURIComponent(obj.key)}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/api/object-storage/download/${encodeURIComponent(obj.key)}`)).status, 404);
  });
});

describe('dashboard and delete-all-data', () => {
  it('counts real records and removes every record, object and index entry', async () => {
    const before = await (await api('/api/dashboard/metrics')).json();
    assert.ok(before.totalDocuments >= 1);
    assert.equal(typeof before.botResponses, 'number');
    const res = await api('/api/delete-all-data', { method: 'DELETE' });
    assert.equal(res.status, 200);
    const m = await (await api('/api/dashboard/metrics')).json();
    assert.equal(m.totalDocuments, 0);
    assert.deepEqual(await (await api('/api/object-storage/files')).json(), []);
    assert.equal((await server.services!.search.count()), 0);
    assert.equal((await api('/api/documents')).status, 200, 'the session survives delete-all-data');
  });
});
