import assert from 'node:assert/strict';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startChroma, type ChromaServer } from '../core/engines/search/chroma-server';
import { startFakeAnthropic, type FakeAnthropic } from '../core/testing/fake-anthropic';
import { markerTranslate, translatingResponder } from '../core/testing/fake-translate';
import { DOCX_TEXT } from '../core/testing/fixture-office';
import { fixtures } from '../core/testing/fixtures';
import { inspectParagraphs } from '../core/testing/office-inspect';
import { findPostgres, startPostgres, type TestPostgres } from '../core/testing/postgres';
import { startS3Server, type S3TestServer } from '../core/testing/s3-server';
import type { QuestionStats } from '../core/features/analytics/stats';
import type { Document, TranslationRecord } from '../core/foundation/types';
import { processGroup, READY, type TestProcess as Proc } from './testing';

/**
 * Two servers (their workers off) and one `cms worker` on one PostgreSQL,
 * Chroma and S3, each process with a data folder of its own: what is saved
 * through server A (a glossary term, a translation-memory entry, widget
 * origins, a rated answer) is seen through server B at once and used by the
 * worker's next job. Nothing here waits for a time: each step waits for the
 * state it needs (a process's ready line, a job's end).
 */

const TOKEN = 'shared-token-0123456789-0123456789abcdef';
const found = findPostgres();
const skip = 'reason' in found ? `PostgreSQL tests skipped: ${found.reason}` : false;
if (skip) console.log(`# ${skip}`);

let db: TestPostgres;
let chroma: ChromaServer;
let s3: S3TestServer;
let fake: FakeAnthropic;
let chromaDir: string;
let env: Record<string, string>;
const group = processGroup('shared');
let A: Proc;
let B: Proc;
let W: Proc;

const server = () => group.start(['server'], { ...env, WORKER_CONCURRENCY: '0' }, READY.server);

const api = (p: Proc, route: string, init: RequestInit & { json?: unknown } = {}) => {
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}`, ...(init.headers as Record<string, string>) };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(p.url + route, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
};
const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  assert.equal(r.status, status, await r.clone().text());
  return (await r.json()) as T;
};

/** Polls a state over HTTP until it holds (the state is the event: no fixed wait). */
async function until<T>(fn: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (group.procs.some((p) => p.child.exitCode !== null)) throw new Error(`a process exited while waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('shared state: what is saved through one server is seen through the other and used by the worker\'s next job', { skip, timeout: 300_000 }, () => {
  before(async () => {
    db = await startPostgres();
    const dbUrl = await db.createDatabase('shared');
    chromaDir = mkdtempSync(path.join(os.tmpdir(), 'shared-chroma-'));
    [chroma, s3, fake] = await Promise.all([startChroma({ dataDir: chromaDir, port: 0 }), startS3Server(), startFakeAnthropic({ responder: translatingResponder() })]);
    env = {
      ...(process.env as Record<string, string>), DATABASE_URL: dbUrl, CHROMA_URL: chroma.url, S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, CMS_TOKEN: TOKEN, ADMIN_PASSWORD: 'shared-password-1',
      LOG_LEVEL: 'warn', ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', HOST: '127.0.0.1', PORT: '0', WIDGET_ORIGINS: '',
    };
    A = await server(); // the first process applies the migrations
    [B, W] = await Promise.all([server(), group.start(['cms', 'worker'], { ...env, WORKER_CONCURRENCY: '1' }, READY.worker)]);
  });

  after(async () => {
    await group.stopAll();
    await fake?.close();
    await chroma?.stop();
    await s3?.stop();
    await db?.stop();
    if (chromaDir) rmSync(chromaDir, { recursive: true, force: true });
  });

  it('widget origins saved through A are allowed by B at once', async () => {
    const preflight = (p: Proc) => fetch(`${p.url}/api/bot/chat`, { method: 'OPTIONS', headers: { origin: 'https://shop.brand.example', 'access-control-request-method': 'POST' } });
    assert.equal((await preflight(B)).status, 403, 'not allowed before');
    await json(api(A, '/api/widget/settings', { method: 'PATCH', json: { origins: ['https://shop.brand.example'] } }));
    assert.equal((await preflight(B)).status, 204);
    assert.deepEqual((await json<{ origins: string[] }>(api(B, '/api/widget/settings'))).origins, ['https://shop.brand.example']);
  });

  it('an answer given and rated through A is counted by the analytics of B; a rating through B reaches the same answer', async () => {
    const { referenceId } = await json<{ referenceId: string }>(fetch(`${A.url}/api/bot/session`, { method: 'POST' }), 201);
    const reply = await json<{ answerId: string }>(fetch(`${A.url}/api/bot/chat`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'How long is the motor warranty?', referenceId }),
    }));
    assert.ok(reply.answerId);
    const rate = (p: Proc, rating: 'up' | 'down', comment: string) => json(fetch(`${p.url}/api/bot/feedback`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ referenceId, answerId: reply.answerId, rating, comment }),
    }));
    await rate(A, 'down', 'Which partner?');
    const onB = await json<QuestionStats>(api(B, '/api/analytics/stats?since=1d'));
    assert.deepEqual([onB.questions, onB.ratings.down, onB.ratings.up], [1, 1, 0]);
    assert.equal(onB.comments[0]?.comment, 'Which partner?');
    await rate(B, 'up', 'Found it');
    assert.deepEqual((await json<QuestionStats>(api(A, '/api/analytics/stats?since=1d'))).ratings, { up: 1, down: 0, rated: 1, answers: 1, upRate: 1 });
  });

  it('a glossary term and a translation-memory entry saved through A are seen through B and used by the worker\'s next translation', async () => {
    const glossary = await json<{ version: number; entries: unknown[] }>(api(A, '/api/glossary/terms', { method: 'POST', json: { term: 'AuraShade', translations: { french: 'AuraStore' } } }));
    const remembered = 'Le moteur est garanti cinq ans (phrase de la mémoire).';
    const saved = await json<{ stored: number; glossaryVersion: number }>(api(A, '/api/translation-memory', {
      method: 'POST', json: { source: 'english', target: 'french', segments: [{ text: DOCX_TEXT.warranty, translation: remembered }] },
    }));
    assert.deepEqual(saved, { stored: 1, glossaryVersion: glossary.version });
    assert.deepEqual((await json<typeof glossary>(api(B, '/api/glossary'))).entries, [{ term: 'AuraShade', translations: { french: 'AuraStore' } }]);

    // Upload through B; the worker ingests it, then translates it.
    const f = await fixtures.docx();
    const form = new FormData();
    form.set('title', 'Shared guide');
    form.set('file', await openAsBlob(f.path), 'guide.docx');
    const doc = await json<Document>(api(B, '/api/documents', { method: 'POST', body: form }), 201);
    await until(async () => (await json<Document[]>(api(A, '/api/documents'))).find((d) => d.id === doc.id && d.status === 'completed'), 'the ingest');
    const sentBefore = fake.requests.length;
    const asked = await json<TranslationRecord>(api(B, `/api/documents/${doc.id}/translations`, { method: 'POST', json: { targetLanguage: 'french' } }), 202);
    const done = await until(async () => {
      const t = await json<TranslationRecord>(api(A, `/api/translations/${asked.id}`));
      return t.state === 'completed' || t.state === 'failed' ? t : undefined;
    }, 'the translation');
    assert.equal(done.state, 'completed', done.error ?? '');
    assert.match(W.out, new RegExp(`job \\d+ \\(translate document ${doc.id}`), 'the worker ran it');
    assert.ok(done.memoryHits >= 1, `memory hits: ${done.memoryHits}`);

    // What the model was sent: never the remembered sentence; the glossary term only as a placeholder.
    const sent = fake.requests.slice(sentBefore).map((r) => r.lastUser).join('\n');
    assert.ok(sent.length > 0, 'the rest went to the model');
    assert.ok(!sent.includes('five-year warranty'), 'the remembered segment was not sent');
    assert.ok(!sent.includes('AuraShade'), 'the glossary term was not sent');

    // The translated file: the memory's sentence as saved.
    const file = await api(A, done.filePath!);
    assert.equal(file.status, 200);
    const out = path.join(W.dir, 'translated.docx');
    writeFileSync(out, Buffer.from(await file.arrayBuffer()));
    const text = (await inspectParagraphs(out)).map((p) => p.text).join('\n');
    assert.ok(text.includes(remembered), text.slice(0, 400));
    // The sentence the model translated carries the term's fixed translation.
    assert.match(text, new RegExp(`${markerTranslate('This guide explains how to install the')} AuraStore`));
  });
});
