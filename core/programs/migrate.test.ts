import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../server/testing';
import { startChroma, type ChromaServer } from '../engines/search/chroma-server';
import { corpusFile } from '../testing/corpus';
import { findPostgres, startPostgres, type TestPostgres } from '../testing/postgres';
import { startS3Server, type S3TestServer } from '../testing/s3-server';
import type { Citation } from '../foundation/types';

/**
 * `cms migrate` on a data folder holding real files from the shared corpus:
 * every record, file, chunk, conversation, the glossary and the widget
 * settings arrive in PostgreSQL, the S3 bucket and Chroma; a second run adds
 * nothing; a server on the new setup answers the same questions with the
 * same citations. A server with DATABASE_URL on an empty database beside an
 * unmigrated folder refuses to start and names `cms migrate`.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const found = findPostgres();
const skip = 'reason' in found ? `PostgreSQL tests skipped: ${found.reason}` : false;

const FILES = [
  { rel: 'pdf/tracemonkey_a11y.pdf', route: 'documents', title: 'Trace-based JIT' },
  { rel: 'docx/blk-paras-and-tables.docx', route: 'documents', title: 'Paragraphs and tables' },
  { rel: 'docx/par-hlink-frags.docx', route: 'documents', title: 'Hyperlinks' },
  { rel: 'pptx/cht-charts.pptx', route: 'presentations', title: 'Charts deck' },
];
const QUESTIONS = ['What is a trace tree?', 'How does the tracing JIT compile loops?', 'What charts are in the deck?', 'type inference of hot loops'];

let db: TestPostgres;
let chroma: ChromaServer;
let s3: S3TestServer;
let source: TestServer;
let chromaDir: string;
const dirs: string[] = [];

const auth = (s: TestServer) => ({ authorization: `Bearer ${s.token}` });
async function ask(s: TestServer, query: string, referenceId: string) {
  const r = await fetch(`${s.url}/api/bot/rag-query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, referenceId }) });
  assert.equal(r.status, 200, await r.clone().text());
  const body = (await r.json()) as { answer: string; citations: Citation[] };
  return { answer: body.answer, citations: body.citations.map((c) => ({ itemType: c.itemType, itemId: c.itemId, title: c.title, page: c.page, slide: c.slide })) };
}

function targetEnv(url: string): Record<string, string> {
  return {
    DATABASE_URL: url, CHROMA_URL: chroma.url, S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
}

function cms(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(path.join(ROOT, 'bin/cms'), args, {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider', ANTHROPIC_API_KEY: '', LLM_PROVIDER: '', CMS_URL: '', ...env },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

async function tableCounts(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const n = async (sql: string) => Number((await c.query<{ n: string }>(sql)).rows[0].n);
    return {
      rows: await n('SELECT count(*) AS n FROM catalog_rows'),
      chunks: await n('SELECT count(*) AS n FROM search_chunks'),
      messages: await n('SELECT count(*) AS n FROM conversation_messages'),
      conversations: await n('SELECT count(*) AS n FROM conversations'),
      answers: await n('SELECT count(*) AS n FROM question_log'),
    };
  } finally {
    await c.end();
  }
}

describe('cms migrate: a single-machine data folder into PostgreSQL, S3 and Chroma', { skip }, () => {
  const before_: Array<{ q: string; citations: unknown }> = [];
  type Row = { id: number; title?: string; label?: string; status: string; fileKey: string; fileSize: number };
  let documents: Row[] = [];
  let presentations: Row[] = [];
  const brief = (rows: Row[]) => rows.map((d) => ({ id: d.id, title: d.title ?? d.label, status: d.status, fileKey: d.fileKey }));
  let chunks = 0;

  before(async () => {
    chromaDir = mkdtempSync(path.join(os.tmpdir(), 'migrate-chroma-'));
    [db, chroma, s3] = await Promise.all([startPostgres(), startChroma({ dataDir: chromaDir, port: 0 }), startS3Server()]);
    // The single-machine install: real files, questions asked, a glossary term, widget settings.
    source = await startTestServer();
    for (const f of FILES) {
      const form = new FormData();
      form.set(f.route === 'documents' ? 'title' : 'label', f.title);
      form.set('file', await openAsBlob(corpusFile(f.rel)), path.basename(f.rel));
      const r = await fetch(`${source.url}/api/${f.route}`, { method: 'POST', headers: auth(source), body: form });
      assert.equal(r.status, 201, await r.clone().text());
    }
    await source.services!.queue.idle();
    documents = await (await fetch(`${source.url}/api/documents`, { headers: auth(source) })).json();
    presentations = await (await fetch(`${source.url}/api/presentations`, { headers: auth(source) })).json();
    assert.deepEqual([...documents, ...presentations].map((d) => d.status), FILES.map(() => 'completed'));
    chunks = await source.services!.search.count();
    assert.ok(chunks > 4, `the files were indexed (${chunks} chunks)`);
    for (const [i, q] of QUESTIONS.entries()) before_.push({ q, citations: (await ask(source, q, `migrate-conversation-${i}`)).citations });
    assert.ok(before_.some((b) => (b.citations as unknown[]).length > 0), 'some question is answered from the files');
    const term = await fetch(`${source.url}/api/glossary/terms`, { method: 'POST', headers: { ...auth(source), 'content-type': 'application/json' }, body: JSON.stringify({ term: 'TraceMonkey', translations: { hebrew: 'TraceMonkey' } }) });
    assert.equal(term.status, 200, await term.clone().text());
    const widget = await fetch(`${source.url}/api/widget/settings`, { method: 'PATCH', headers: { ...auth(source), 'content-type': 'application/json' }, body: JSON.stringify({ origins: ['https://shop.example.com'], title: 'Ask us' }) });
    assert.equal(widget.status, 200, await widget.clone().text());
    await source.stop({ keepData: true });
  });

  after(async () => {
    await source?.stop().catch(() => {});
    await Promise.all([db?.stop(), chroma?.stop(), s3?.stop()]);
    for (const d of [chromaDir, source?.dataDir, ...dirs]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('refuses a server with DATABASE_URL on an empty database beside the folder, naming cms migrate', async () => {
    const url = await db.createDatabase();
    const started = await startTestServer({ dataDir: source.dataDir, env: targetEnv(url) }).then(
      async (s) => { await s.stop({ keepData: true }); return null; },
      (e: Error) => e,
    );
    assert.ok(started, 'the server did not start');
    assert.match(started.message, /empty database/);
    assert.match(started.message, new RegExp(`cms migrate ${source.dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('copies everything, verifies the counts, adds nothing when run again, and the new setup answers with the same citations', async () => {
    const url = await db.createDatabase();
    const targetDir = mkdtempSync(path.join(os.tmpdir(), 'migrate-target-'));
    dirs.push(targetDir);
    const env = { ...targetEnv(url), DATA_DIR: targetDir };
    const first = await cms(['migrate', source.dataDir, '--json'], env);
    assert.equal(first.code, 0, first.out);
    const report = JSON.parse(first.out.slice(first.out.indexOf('{\n'))) as { verified: boolean; parts: Array<{ name: string; source: number; target: number }> };
    assert.equal(report.verified, true);
    const part = (name: string) => report.parts.find((p) => p.name === name)!;
    assert.equal(part('indexed chunks').source, chunks);
    assert.equal(part('indexed chunks').target, chunks);
    assert.ok(part('stored files').source >= FILES.length, `originals and renders were copied (${part('stored files').source})`);
    assert.ok(part('conversation messages').source >= QUESTIONS.length * 2);
    assert.equal(part('glossary terms').target, 1);
    assert.equal(part('widget settings').target, 1);
    assert.equal(part('question log answers').target, QUESTIONS.length);
    const counts = await tableCounts(url);
    assert.equal(counts.chunks, chunks);
    assert.equal(counts.conversations, QUESTIONS.length);

    const second = await cms(['migrate', source.dataDir, '--json'], env);
    assert.equal(second.code, 0, second.out);
    assert.deepEqual(await tableCounts(url), counts, 'a second run adds no row');

    const target = await startTestServer({ dataDir: targetDir, env: targetEnv(url) });
    try {
      const list = async (route: string) => brief((await (await fetch(`${target.url}/api/${route}`, { headers: auth(target) })).json()) as Row[]);
      assert.deepEqual(await list('documents'), brief(documents));
      assert.deepEqual(await list('presentations'), brief(presentations));
      // Each original is served from the bucket, whole.
      for (const d of [...documents, ...presentations]) {
        const r = await fetch(`${target.url}/api/files/${d.fileKey}`, { headers: auth(target) });
        assert.equal(r.status, 200, `${d.fileKey}: ${await r.clone().text()}`);
        assert.equal((await r.arrayBuffer()).byteLength, d.fileSize);
      }
      assert.equal(await target.services!.search.count(), chunks, 'the lexical copy is built from the migrated chunks');
      for (const [i, b] of before_.entries()) {
        assert.deepEqual((await ask(target, b.q, `after-migration-conv-${i}`)).citations, b.citations, `"${b.q}" is answered with the same citations`);
      }
      const history = await target.services!.conversations.read('search', 'migrate-conversation-0');
      assert.equal(history.length, 2, 'a conversation of the old install is there');
      assert.deepEqual((await (await fetch(`${target.url}/api/glossary`, { headers: auth(target) })).json()).entries.map((e: { term: string }) => e.term), ['TraceMonkey']);
      assert.deepEqual((await (await fetch(`${target.url}/api/widget/settings`, { headers: auth(target) })).json()).origins, ['https://shop.example.com']);
      // New items get ids after the old ones.
      const form = new FormData();
      form.set('title', 'After the move');
      form.set('file', await openAsBlob(corpusFile('docx/tbl-cell-props.docx')), 'after.docx');
      const up = await fetch(`${target.url}/api/documents`, { method: 'POST', headers: auth(target), body: form });
      assert.equal(up.status, 201, await up.clone().text());
      assert.ok(((await up.json()) as { id: number }).id > Math.max(...documents.map((d) => d.id), ...presentations.map((p) => p.id)));
    } finally {
      await target.stop();
    }
  });
});
