import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../testing';
import { parseJson, runCmsHere } from '../../cli/test-support';
import type { ChatBotReply, HandoffRequest } from '../../core/foundation/types';

/** Hand-off to a person over HTTP (public request, admin Requests) and with `cms requests`. */

let server: TestServer;
let referenceId: string;
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const admin = (init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as object), authorization: `Bearer ${server.token}` } });

before(async () => {
  server = await startTestServer({ worker: false });
  referenceId = ((await (await fetch(`${server.url}/api/bot/session`, { method: 'POST' })).json()) as { referenceId: string }).referenceId;
});
after(async () => {
  await server.stop();
});

test('a question the documents do not answer offers the hand-off; asking for a person does too', async () => {
  const notFound = (await (await fetch(`${server.url}/api/bot/chat`, json({ message: 'What is the price of the Zigbee hub?', referenceId }))).json()) as ChatBotReply;
  assert.equal(notFound.handoff, true);
  assert.match(notFound.message, /pass your question on to a person/);
  const person = (await (await fetch(`${server.url}/api/bot/chat`, json({ message: 'Can I talk to a person please?', referenceId }))).json()) as ChatBotReply;
  assert.equal(person.handoff, true);
  const he = (await (await fetch(`${server.url}/api/bot/chat`, json({ message: 'אני רוצה לדבר עם נציג', referenceId }))).json()) as ChatBotReply;
  assert.equal(he.handoff, true);
  assert.equal(he.language, 'he');
});

test('the visitor\'s request is stored with the conversation; staff list, mark handled, export and delete it', async () => {
  const bad = await fetch(`${server.url}/api/bot/handoff`, json({ referenceId, name: 'Dana', consent: true }));
  assert.equal(bad.status, 400);
  const res = await fetch(`${server.url}/api/bot/handoff`, json({ referenceId, name: 'Dana Levi', email: 'dana@example.com', consent: true, channel: 'chat' }));
  assert.equal(res.status, 201);
  const { id } = (await res.json()) as { id: number };
  assert.equal((await fetch(`${server.url}/api/handoff-requests`)).status, 401, 'staff only');
  const list = (await (await fetch(`${server.url}/api/handoff-requests?status=open`, admin())).json()) as HandoffRequest[];
  assert.deepEqual(list.map((r) => [r.id, r.name, r.email]), [[id, 'Dana Levi', 'dana@example.com']]);
  assert.equal(list[0].question, 'אני רוצה לדבר עם נציג', 'the last thing the visitor asked');
  assert.equal(list[0].conversation.length, 6);
  const exported = await fetch(`${server.url}/api/handoff-requests/${id}/export`, admin());
  assert.match(exported.headers.get('content-disposition') ?? '', /request-\d+\.json/);
  assert.equal(((await exported.json()) as HandoffRequest).id, id);
  const handled = (await (await fetch(`${server.url}/api/handoff-requests/${id}/handled`, admin(json({})))).json()) as HandoffRequest;
  assert.equal(handled.status, 'handled');

  // The CLI sees the same requests (over the running server).
  const env = { DATA_DIR: server.dataDir, CMS_URL: server.url, CMS_TOKEN: server.token };
  const all = parseJson<HandoffRequest[]>(await runCmsHere(['requests', 'list', '--all', '--json'], { env }));
  assert.deepEqual(all.map((r) => [r.id, r.status]), [[id, 'handled']]);
  assert.equal(parseJson<HandoffRequest[]>(await runCmsHere(['requests', '--json'], { env })).length, 0, 'handled ones are not open');
  const reopened = parseJson<HandoffRequest>(await runCmsHere(['requests', 'handled', String(id), '--reopen', '--json'], { env }));
  assert.equal(reopened.status, 'open');

  assert.equal((await fetch(`${server.url}/api/handoff-requests/${id}`, admin({ method: 'DELETE' }))).status, 204);
  assert.equal((await fetch(`${server.url}/api/handoff-requests/${id}`, admin())).status, 404);
});
