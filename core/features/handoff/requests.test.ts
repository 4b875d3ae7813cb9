import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openCatalog } from '../../engines/catalog/catalog';
import { openFileConversationStore } from '../../engines/conversations/file-store';
import type { ConversationStore } from '../../engines/conversations/types';
import { AppError } from '../../foundation/errors';
import type { Catalog } from '../../engines/catalog/types';
import { createHandoff } from './requests';
import { signBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './webhook';

let dir: string;
let catalog: Catalog;
let conversations: ConversationStore;
const REF = 'c'.repeat(32);

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-'));
  catalog = openCatalog(path.join(dir, 'data'));
  conversations = await openFileConversationStore({ dir: path.join(dir, 'conversations'), pruneEveryMs: 0 });
  await conversations.append('chat', REF, [
    { role: 'user', message: 'What is the price of the Zigbee hub?', output: null, file: null, contentType: null, userLanguage: 'en' },
    { role: 'bot', message: 'I could not find this in the uploaded documents.', output: null, file: null, contentType: null, userLanguage: 'en' },
  ]);
});
after(async () => {
  await conversations.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A real HTTP receiver: answers each POST with the next status of `statuses` (then 200) and keeps what came. */
async function receiver(statuses: number[]) {
  const got: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('a request keeps the name, contact, consent and the conversation, and is listed, handled, exported and deleted', async () => {
  const handoff = createHandoff({ catalog, conversations, retentionDays: 90 });
  const r = await handoff.submit({ referenceId: REF, name: ' Dana Levi ', email: 'dana@example.com', consent: true, channel: 'widget' });
  assert.equal(r.name, 'Dana Levi');
  assert.equal(r.question, 'What is the price of the Zigbee hub?', 'the last question of the conversation');
  assert.deepEqual(r.conversation.map((m) => [m.role, m.text]), [['user', 'What is the price of the Zigbee hub?'], ['bot', 'I could not find this in the uploaded documents.']]);
  assert.equal(r.channel, 'widget');
  assert.deepEqual(r.webhook, { state: 'off', attempts: 0, error: null });
  assert.deepEqual((await handoff.list({ status: 'open' })).map((x) => x.id), [r.id]);
  const handled = await handoff.markHandled(r.id);
  assert.equal(handled.status, 'handled');
  assert.ok(handled.handledAt);
  assert.deepEqual(await handoff.list({ status: 'open' }), []);
  assert.equal((await handoff.get(r.id)).email, 'dana@example.com');
  await handoff.remove(r.id);
  await assert.rejects(handoff.get(r.id), (e: AppError) => e.code === 'not_found');
});

test('a request needs a name, an e-mail address or phone number that looks right, and consent', async () => {
  const handoff = createHandoff({ catalog, conversations, retentionDays: 90 });
  const reason = async (input: object) => {
    try {
      await handoff.submit({ referenceId: REF, name: 'Dana', consent: true, ...input });
      return 'accepted';
    } catch (e) {
      return ((e as AppError).details as { reason: string }).reason;
    }
  };
  assert.equal(await reason({ name: '' , email: 'a@b.co' }), 'handoff_name');
  assert.equal(await reason({}), 'handoff_contact');
  assert.equal(await reason({ email: 'not-an-address' }), 'handoff_email');
  assert.equal(await reason({ phone: '12' }), 'handoff_phone');
  assert.equal(await reason({ phone: '+972 3 555 0100', consent: false }), 'handoff_consent');
  assert.equal(await reason({ phone: '+972 3 555 0100' }), 'accepted');
});

test('requests older than the conversation retention are removed with their contact details', async () => {
  let now = new Date('2026-01-01T00:00:00Z');
  const handoff = createHandoff({ catalog, conversations, retentionDays: 30, now: () => now });
  const old = await handoff.submit({ referenceId: REF, name: 'Old', phone: '+1 555 010 2000', consent: true });
  now = new Date('2026-01-25T00:00:00Z');
  const recent = await handoff.submit({ referenceId: REF, name: 'Recent', phone: '+1 555 010 2001', consent: true });
  now = new Date('2026-02-05T00:00:00Z');
  assert.equal(await handoff.prune(), 1);
  await assert.rejects(handoff.get(old.id));
  assert.equal((await handoff.get(recent.id)).name, 'Recent');
  await handoff.remove(recent.id);
});

test('the webhook gets the request as signed JSON, retried with back-off after 503 and 429 until it is accepted', async () => {
  const hook = await receiver([503, 429]);
  const waits: number[] = [];
  try {
    const handoff = createHandoff({
      catalog, conversations, retentionDays: 90,
      webhook: { url: hook.url, secret: 'hook-secret', backoffMs: 100, sleep: async (ms) => { waits.push(ms); } },
    });
    const r = await handoff.submit({ referenceId: REF, name: 'Dana', email: 'dana@example.com', consent: true });
    await handoff.settled();
    assert.equal(hook.got.length, 3);
    assert.deepEqual(waits, [100, 200], 'doubling back-off');
    const last = hook.got[2];
    assert.equal(last.headers['content-type'], 'application/json');
    assert.equal(last.headers[SIGNATURE_HEADER], signBody('hook-secret', String(last.headers[TIMESTAMP_HEADER]), last.body));
    const payload = JSON.parse(last.body) as { type: string; request: { id: number; email: string; conversation: unknown[] } };
    assert.equal(payload.type, 'handoff.request');
    assert.equal(payload.request.id, r.id);
    assert.equal(payload.request.conversation.length, 2);
    assert.deepEqual((await handoff.get(r.id)).webhook, { state: 'sent', attempts: 3, error: null });
    await handoff.remove(r.id);
  } finally {
    await hook.close();
  }
});

test('a webhook that keeps failing leaves the request stored, marked failed with the reason, and is reported', async () => {
  const hook = await receiver([500, 500, 500]);
  const reported: string[] = [];
  try {
    const handoff = createHandoff({
      catalog, conversations, retentionDays: 90, onWebhookError: (_id, e) => reported.push(e),
      webhook: { url: hook.url, secret: null, attempts: 3, sleep: async () => {} },
    });
    const r = await handoff.submit({ referenceId: REF, name: 'Dana', phone: '+1 555 010 2000', consent: true });
    await handoff.settled();
    assert.equal(hook.got.length, 3);
    assert.equal(hook.got[0].headers[SIGNATURE_HEADER], undefined, 'unsigned without a secret');
    assert.deepEqual((await handoff.get(r.id)).webhook, { state: 'failed', attempts: 3, error: 'HTTP 500' });
    assert.deepEqual(reported, ['HTTP 500']);
    await handoff.remove(r.id);
  } finally {
    await hook.close();
  }
});
