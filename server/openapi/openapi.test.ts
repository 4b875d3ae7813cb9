import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { fixtures } from '../../core/testing/fixtures';
import { WEB_DIST } from '../app';
import { startTestServer, type TestServer } from '../testing';
import { registeredRoutes } from './plugin';

/**
 * The OpenAPI document against the real server: every registered route is
 * in it with its responses, and real responses of the running server
 * validate against the schemas it states.
 */

type Operation = { summary?: string; responses: Record<string, { content?: Record<string, { schema: object }> }>; security?: unknown[] };
type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, Operation>> };

let server: TestServer;
let doc: OpenApiDoc;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);

/** Fastify's route url as the document's path ("/api/documents/:id" -> "/api/documents/{id}", a trailing "*" -> "{key}"). */
const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{key}');

/** The document's operation for a concrete request path. */
function operationFor(method: string, urlPath: string): { template: string; op: Operation } {
  for (const [template, ops] of Object.entries(doc.paths)) {
    const re = new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{key\}$/, '.+').replace(/\{\w+\}/g, '[^/]+')}$`);
    if (re.test(urlPath) && ops[method.toLowerCase()]) return { template, op: ops[method.toLowerCase()] };
  }
  throw new Error(`${method} ${urlPath} is not in the OpenAPI document`);
}

const auth = { authorization: 'Bearer test-token-abcdef-0123456789abcdef0123' };
const checked: string[] = [];

/** Calls the server and validates the response against the document (the status's schema, or `default` for errors). */
async function call(method: string, urlPath: string, init: { body?: unknown; form?: FormData; admin?: boolean } = {}): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { ...(init.admin === false ? {} : auth) };
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(server.url + urlPath, { method, headers, body });
  const { template, op } = operationFor(method, urlPath.split('?')[0]);
  const documented = op.responses[String(res.status)] ?? op.responses.default;
  assert.ok(documented, `${method} ${template}: status ${res.status} is not documented`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0];
  if (res.status === 204) {
    assert.equal(documented.content, undefined, `${method} ${template}: 204 has no body`);
    return { status: res.status, json: null };
  }
  const media = documented.content?.[type];
  assert.ok(media, `${method} ${template} ${res.status}: ${type} is not a documented content type (${Object.keys(documented.content ?? {})})`);
  if (type !== 'application/json') return { status: res.status, json: await res.arrayBuffer() };
  const json = await res.json();
  const validate = ajv.compile(media.schema);
  assert.ok(validate(json), `${method} ${urlPath} ${res.status} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(json).slice(0, 400)}`);
  checked.push(`${method} ${template}`);
  return { status: res.status, json };
}

before(async () => {
  server = await startTestServer();
  doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDoc;
});
after(async () => {
  await server?.stop();
});

test('the document is OpenAPI 3.1 and every registered route is in it with a summary, a success response and the error shape', async () => {
  assert.equal(doc.openapi, '3.1.0');
  const routes = registeredRoutes(server.app!);
  assert.ok(routes.length > 50, `routes seen: ${routes.length}`);
  const consoleFile = (url: string) => url !== '/' && existsSync(path.join(WEB_DIST, url));
  const missing: string[] = [];
  for (const r of routes.filter((x) => !consoleFile(x.url))) {
    const op = doc.paths[docPath(r.url)]?.[r.method.toLowerCase()];
    if (!op?.summary || !Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)) || !op.responses.default) missing.push(`${r.method} ${r.url}`);
  }
  assert.deepEqual(missing, [], 'routes without a documented operation');
  // Admin routes say how to authenticate; the public chat does not.
  assert.ok(doc.paths['/api/documents'].get.security);
  assert.equal(doc.paths['/api/bot/chat'].post.security, undefined);
  // Multipart uploads describe their form; wildcard downloads their key.
  const upload = doc.paths['/api/documents'].post as unknown as { requestBody: { content: Record<string, { schema: { properties: object } }> } };
  assert.ok('file' in upload.requestBody.content['multipart/form-data'].schema.properties);
  assert.ok(doc.paths['/api/files/{key}'].get);
});

test('real responses of the running server validate against the document', async () => {
  const pdf = await fixtures.pdf();
  const form = new FormData();
  form.append('file', new Blob([readFileSync(pdf.path)]), pdf.fileName);
  form.append('title', 'AuraShade installation guide');
  const created = (await call('POST', '/api/documents', { form })).json as { id: number };
  // Its import's job ending (the queue going idle) is the event waited for.
  await server.services!.queue.idle();
  const docs = (await call('GET', '/api/documents')).json as Array<{ id: number; status: string }>;
  assert.equal(docs.find((d) => d.id === created.id)?.status, 'completed');
  await call('GET', '/api/health', { admin: false });
  await call('GET', '/api/health/details');
  await call('GET', '/api/auth/me');
  const cat = (await call('POST', '/api/categories', { body: { name: 'Blinds', description: 'Roller blinds' } })).json as { id: number };
  await call('PATCH', `/api/categories/${cat.id}`, { body: { name: 'Roller blinds' } });
  await call('GET', '/api/categories');
  await call('PATCH', `/api/documents/${created.id}`, { body: { description: 'How to install' } });
  await call('GET', '/api/content');
  await call('GET', '/api/bot-images');
  await call('GET', '/api/presentation-images');
  await call('GET', '/api/presentations');
  await call('GET', '/api/videos?subcategory=podcast');
  await call('GET', '/api/presentation-translations');
  await call('GET', '/api/video-translations');
  await call('GET', '/api/dashboard/metrics');
  await call('GET', '/api/object-storage/files');
  await call('GET', '/api/object-storage/stats');
  await call('GET', '/api/jobs');
  await call('GET', '/api/search?q=KNX%20gateway&k=3');
  // The public assistant, as /chat and the widget use it.
  await call('POST', '/api/bot/session', { admin: false });
  await call('POST', '/api/bot/clear-session', { body: { referenceId: 'openapi-conversation-1' }, admin: false });
  await call('POST', '/api/bot/chat', { body: { message: 'hello', referenceId: 'openapi-conversation-1', isNewSession: true }, admin: false });
  const media = (await call('POST', '/api/bot/chat', { body: { message: 'Send me the installation guide', referenceId: 'openapi-conversation-1' }, admin: false })).json as { mediaItem: unknown };
  assert.ok(media.mediaItem, `a media reply was validated too: ${JSON.stringify(media)}`);
  await call('GET', '/api/bot/messages?referenceId=openapi-conversation-1', { admin: false });
  const rag = (await call('POST', '/api/bot/rag-query', { body: { query: 'How do I connect the KNX gateway?', referenceId: 'openapi-conversation-2' }, admin: false })).json as { answerId: string };
  await call('POST', '/api/bot/feedback', { body: { referenceId: 'openapi-conversation-2', answerId: rag.answerId, rating: 'down', comment: 'Which cable?' }, admin: false });
  assert.equal((await call('POST', '/api/bot/feedback', { body: { referenceId: 'someone-else-entirely-1', answerId: rag.answerId, rating: 'up' }, admin: false })).status, 404);
  await call('GET', '/api/analytics/stats?since=30d');
  await call('PATCH', '/api/widget/settings', { body: { origins: ['https://www.brand.com'], color: '#0f766e', title: 'Help' } });
  await call('GET', '/api/widget/settings');
  await call('GET', '/api/widget/config', { admin: false });
  assert.equal((await call('PATCH', '/api/widget/settings', { body: { origins: ['https://brand.com/page'] } })).status, 400);
  const exported = await fetch(`${server.url}/api/analytics/export?format=jsonl`, { headers: auth });
  assert.equal(exported.headers.get('content-type')?.split(';')[0], 'application/x-ndjson');
  assert.ok(doc.paths['/api/analytics/export'].get.responses['200'].content?.['application/x-ndjson']);
  await call('GET', '/api/openapi.json', { admin: false });
  // Translations last: while one runs, its document is busy and the chat does not hand it out.
  const tr = (await call('POST', `/api/documents/${created.id}/translations`, { body: { targetLanguage: 'spanish' } })).json as { id: number };
  await call('GET', `/api/documents/${created.id}/translations`);
  await call('GET', '/api/translations');
  await call('GET', `/api/translations/${tr.id}`);
  await call('POST', '/api/glossary/terms', { body: { term: 'AuraShade' } });
  await call('GET', '/api/glossary');
  await call('DELETE', '/api/glossary/terms/AuraShade');
  await call('POST', '/api/translation-memory', { body: { source: 'english', target: 'spanish', segments: [{ text: 'Hello', translation: 'Hola' }] } });
  // Errors have the documented error shape.
  assert.equal((await call('POST', '/api/bot/chat', { body: { referenceId: 'openapi-conversation-1' }, admin: false })).status, 400);
  assert.equal((await call('GET', '/api/documents', { admin: false })).status, 401);
  assert.equal((await call('DELETE', '/api/categories/9999')).status, 404);
  await call('DELETE', `/api/categories/${cat.id}`);
  assert.ok(checked.length >= 25, `validated ${checked.length} responses`);
});

test('the reference page renders every path of the document without reaching outside the server', async () => {
  const html = await (await fetch(`${server.url}/api/docs`)).text();
  assert.doesNotMatch(html, /https?:\/\//, 'no external resources');
  const script = await (await fetch(`${server.url}/api/docs/reference.js`)).text();
  assert.match(script, /\/api\/openapi\.json/);
});
