import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fixtures } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from './testing';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef-0123456789';
let server: TestServer;

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const metrics = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/metrics`, { headers });
const scrape = async () => {
  const res = await metrics({ authorization: `Bearer ${METRICS_TOKEN}` });
  assert.equal(res.status, 200);
  return res.text();
};

before(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN, CHAT_RATE_LIMIT: '1' } });
});
after(async () => {
  await server?.stop();
});

describe('GET /api/metrics', () => {
  it('answers only admins and the METRICS_TOKEN, in Prometheus text format', async () => {
    assert.equal((await metrics()).status, 401);
    assert.equal((await metrics({ authorization: 'Bearer not-the-metrics-token-0123456789abcdef' })).status, 401);
    const admin = await metrics({ authorization: `Bearer ${server.token}` });
    assert.equal(admin.status, 200);
    assert.match(admin.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await scrape();
    assert.match(text, /^# HELP cms_jobs /m);
    assert.ok(sample(text, 'cms_process_resident_memory_bytes')! > 10_000_000, 'the process reports its memory');
  });

  it('counts a finished ingest job, the index size, an answer and a rate-limited chat message', async () => {
    const before = await scrape();
    const form = new FormData();
    form.set('file', await openAsBlob((await fixtures.docx()).path), 'guide.docx');
    const up = await fetch(`${server.url}/api/documents`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` }, body: form });
    assert.equal(up.status, 201);
    const { id } = (await up.json()) as { id: number };
    // Wait for the state the figure follows: the queue has nothing left to run, and the document is done.
    await server.services!.queue.idle();
    const docs = (await (await fetch(`${server.url}/api/documents`, { headers: { authorization: `Bearer ${server.token}` } })).json()) as Array<{ id: number; status: string }>;
    assert.equal(docs.find((d) => d.id === id)?.status, 'completed');
    const { referenceId } = (await (await fetch(`${server.url}/api/bot/session`, { method: 'POST' })).json()) as { referenceId: string };
    const ask = await fetch(`${server.url}/api/bot/rag-query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'How do I pair the remote?', referenceId }) });
    assert.equal(ask.status, 200);
    // The limit is per conversation across both bots: the chat gets a conversation of its own.
    const chatId = ((await (await fetch(`${server.url}/api/bot/session`, { method: 'POST' })).json()) as { referenceId: string }).referenceId;
    const chat = (text: string) => fetch(`${server.url}/api/bot/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: text, referenceId: chatId }) });
    assert.equal((await chat('hello')).status, 200);
    assert.equal((await chat('hello again')).status, 429, 'CHAT_RATE_LIMIT=1: the second message in a minute is refused');

    const after = await scrape();
    const doneBefore = sample(before, 'cms_job_duration_seconds_count', { kind: 'ingest', outcome: 'done' }) ?? 0;
    assert.equal(sample(after, 'cms_job_duration_seconds_count', { kind: 'ingest', outcome: 'done' }), doneBefore + 1);
    assert.ok(sample(after, 'cms_index_chunks')! > 0);
    assert.ok(sample(after, 'cms_answer_duration_seconds_count', { bot: 'rag' })! >= 1);
    assert.ok(sample(after, 'cms_answer_duration_seconds_count', { bot: 'chat' })! >= 1);
    assert.ok(sample(after, 'cms_rate_limited_total', { group: 'chat' })! >= 1);
  });

  it('counts HTTP requests by route and status (404s of unknown paths as unmatched), says which dependencies are up, the free disk and the version', async () => {
    const before = await scrape();
    assert.equal((await fetch(`${server.url}/api/health`)).status, 200);
    assert.equal((await fetch(`${server.url}/api/no-such-route/12345`)).status, 404);
    assert.equal((await fetch(`${server.url}/api/translations/999999`, { headers: { authorization: `Bearer ${server.token}` } })).status, 404);
    const text = await scrape();
    const count = (t: string, labels: Record<string, string>) => sample(t, 'cms_http_requests_total', labels) ?? 0;
    assert.equal(count(text, { method: 'GET', route: '/api/health', status: '200' }), count(before, { method: 'GET', route: '/api/health', status: '200' }) + 1);
    assert.equal(count(text, { method: 'GET', route: 'unmatched', status: '404' }), count(before, { method: 'GET', route: 'unmatched', status: '404' }) + 1);
    assert.equal(count(text, { method: 'GET', route: '/api/translations/:id', status: '404' }), count(before, { method: 'GET', route: '/api/translations/:id', status: '404' }) + 1);
    assert.doesNotMatch(text, /route="[^"]*12345/, 'no path of an unknown route becomes a label');
    assert.equal(sample(text, 'cms_dependency_up', { dependency: 'catalog_file' }), 1);
    assert.equal(sample(text, 'cms_dependency_up', { dependency: 'chroma' }), 1);
    assert.equal(sample(text, 'cms_dependency_up', { dependency: 'local_storage' }), 1);
    assert.ok(sample(text, 'cms_disk_free_bytes', { folder: server.dataDir })! > 0, 'the data folder\'s free bytes');
    assert.match(text, /^cms_build_info\{version="\d+\.\d+\.\d+[^"]*",node="v\d+[^"]*"\} 1$/m);
  });
});
