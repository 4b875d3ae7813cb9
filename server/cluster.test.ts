import assert from 'node:assert/strict';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startChroma, type ChromaServer } from '../core/engines/search/chroma-server';
import { fixtures } from '../core/testing/fixtures';
import { findPostgres, startPostgres, type TestPostgres } from '../core/testing/postgres';
import { startS3Server, type S3TestServer } from '../core/testing/s3-server';
import type { Document, Job } from '../core/foundation/types';
import { processGroup, READY, type TestProcess as Proc } from './testing';

/**
 * Several processes on one PostgreSQL, one Chroma server and one S3 server:
 * two HTTP servers with their workers off and two `cms worker` processes,
 * each with a data folder of its own. What one server takes in, the other
 * shows and finds; one worker does each job once; a worker killed mid-job
 * leaves its job to the other; a rate limit counts across servers.
 */

const TOKEN = 'cluster-token-0123456789-0123456789abcdef';
const found = findPostgres();
const skip = 'reason' in found ? `PostgreSQL tests skipped: ${found.reason}` : false;
if (skip) console.log(`# ${skip}`);

let db: TestPostgres;
let dbUrl: string;
let chroma: ChromaServer;
let s3: S3TestServer;
let chromaDir: string;
const group = processGroup('cluster');
let A: Proc;
let B: Proc;
let W1: Proc;
let W2: Proc;

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(process.env as Record<string, string>), DATABASE_URL: dbUrl, CHROMA_URL: chroma.url, S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, CMS_TOKEN: TOKEN, ADMIN_PASSWORD: 'cluster-password-1',
    JOB_LEASE_SECONDS: '3', LOGIN_RATE_LIMIT: '3', LOG_LEVEL: 'warn', ANTHROPIC_API_KEY: '', HOST: '127.0.0.1', PORT: '0', ...extra,
  };
}

const server = () => group.start(['server'], env({ WORKER_CONCURRENCY: '0' }), READY.server);
const worker = () => group.start(['cms', 'worker'], env({ WORKER_CONCURRENCY: '1' }), READY.worker);

const api = (p: Proc, route: string, init: RequestInit = {}) =>
  fetch(p.url + route, { ...init, headers: { authorization: `Bearer ${TOKEN}`, ...(init.headers as Record<string, string>) } });

async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function upload(p: Proc, file: string, name: string, title: string): Promise<Document> {
  const form = new FormData();
  form.set('title', title);
  form.set('file', await openAsBlob(file), name);
  const res = await api(p, '/api/documents', { method: 'POST', body: form });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as Document;
}

const documentOn = async (p: Proc, id: number) => ((await (await api(p, '/api/documents')).json()) as Document[]).find((d) => d.id === id);
const jobsOn = async (p: Proc) => (await (await api(p, '/api/jobs')).json()) as Job[];

describe('several servers and workers on one PostgreSQL, Chroma and S3', { skip }, () => {
  before(async () => {
    db = await startPostgres();
    dbUrl = await db.createDatabase('cluster');
    chromaDir = mkdtempSync(path.join(os.tmpdir(), 'cluster-chroma-'));
    [chroma, s3] = await Promise.all([startChroma({ dataDir: chromaDir, port: 0 }), startS3Server()]);
    A = await server(); // the first process applies the migrations
    [B, W1, W2] = await Promise.all([server(), worker(), worker()]);
  });

  after(async () => {
    await group.stopAll();
    await chroma?.stop();
    await s3?.stop();
    await db?.stop();
    if (chromaDir) rmSync(chromaDir, { recursive: true, force: true });
  });

  it('an upload through A appears on B, is processed by one worker exactly once, and is found by search on both', async () => {
    const pdf = await fixtures.pdf();
    const doc = await upload(A, pdf.path, 'guide.pdf', 'Cluster guide');
    const onB = await waitFor(async () => {
      const d = await documentOn(B, doc.id);
      return d?.status === 'completed' ? d : undefined;
    }, 'the document to complete, seen from B');
    assert.equal(onB.title, 'Cluster guide');
    const jobs = (await jobsOn(B)).filter((j) => j.itemId === doc.id);
    assert.equal(jobs.length, 1);
    assert.equal(jobs[0].attempts, 1, 'run once');
    // The document completes inside the job; the worker logs the job done just after: wait for that line.
    const doneLine = `job ${jobs[0].id} .*done`;
    await waitFor(async () => [W1, W2].some((w) => new RegExp(doneLine).test(w.out)), 'a worker to log the job done');
    const ran = [W1, W2].map((w) => (w.out.match(new RegExp(doneLine, 'g')) ?? []).length);
    assert.equal(ran[0] + ran[1], 1, `exactly one worker ran it: ${JSON.stringify(ran)}`);
    const phrase = pdf.phrases.en[0];
    for (const p of [A, B]) {
      const hits = await waitFor(async () => {
        const r = (await (await api(p, `/api/search?q=${encodeURIComponent(phrase)}&k=3`)).json()) as Array<{ chunk: { itemId: number } }>;
        return r.some((h) => h.chunk.itemId === doc.id) ? r : undefined;
      }, `search on ${p === A ? 'A' : 'B'}`, 10_000);
      assert.ok(hits.length > 0);
    }
  });

  it('a worker killed with SIGKILL mid-job has its job finished by the other after the lease runs out', async () => {
    const big = await fixtures.textPdf(500);
    const doc = await upload(B, big.path, 'big.pdf', 'Long manual');
    const client = new pg.Client(dbUrl);
    await client.connect();
    try {
      // Mid-job: the job shows progress; its claim row names the worker running it.
      const job = await waitFor(async () => (await jobsOn(A)).find((j) => j.itemId === doc.id && j.state === 'running' && j.progress > 0), 'the job to be under way', 60_000);
      const holder = (await client.query<{ worker: string }>('SELECT worker FROM job_claims WHERE job_id = $1', [job.id])).rows[0]?.worker;
      const victim = [W1, W2].find((w) => w.out.includes(holder))!;
      const survivor = victim === W1 ? W2 : W1;
      assert.ok(victim, `no worker announced ${holder}`);
      victim.child.kill('SIGKILL');
      const done = await waitFor(async () => {
        const d = await documentOn(A, doc.id);
        return d?.status === 'completed' ? d : undefined;
      }, 'the other worker to finish the job', 90_000);
      assert.equal(done.status, 'completed');
      assert.match(survivor.out, new RegExp(`took over job ${job.id}\\b`));
      // The item is completed by the worker's last write; its log line of that reaches this process through a pipe a
      // moment later (on a busy machine after the status did): wait for the line, not for a time.
      const doneLine = new RegExp(`job ${job.id} \\(ingest document ${doc.id}\\) done`);
      await waitFor(async () => doneLine.test(survivor.out) || undefined, 'the other worker to log the job done', 30_000);
      assert.equal(victim.child.signalCode, 'SIGKILL');
    } finally {
      await client.end();
    }
  });

  it('a rate limit reached on A holds on B', async () => {
    const bad = (p: Proc) => fetch(p.url + '/api/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'wrong' }),
    });
    for (let i = 0; i < 3; i++) assert.equal((await bad(A)).status, 401);
    const onB = await bad(B);
    assert.equal(onB.status, 429);
    assert.ok(Number(onB.headers.get('retry-after')) >= 1);
  });
});
