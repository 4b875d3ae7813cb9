/**
 * The real `cms` against a real running server: every command goes over
 * HTTP with the API token, the server does the work.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { SearchHit } from '../core/engines/search/types';
import type { Category, Document } from '../core/foundation/types';
import { acquireLock } from '../core/engines/catalog/lock';
import { createCategory } from '../core/features/content/categories';
import { createFixtures, textPdfPagePhrase } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from '../server/testing';
import type { ImportRow } from './import/importer';
import { CMS, cleanEnv, hasAnsi, parseJson, runCms, runCmsHere } from './test-support';

interface ImportJson {
  mode: string;
  target: string;
  files: ImportRow[];
  totals: { files: number; completed: number; skipped: number; failed: number; interrupted: number };
}

let tmp: string;
let server: TestServer;
let env: Record<string, string>;
let pdf: string;
let corrupt: string;
let category: Category;
const ids: Record<string, number> = {};

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-cli-server-'));
  const fx = createFixtures(path.join(tmp, 'fixtures'));
  const [p, c] = await Promise.all([fx.textPdf(3), fx.corruptPdf()]);
  mkdirSync(path.join(tmp, 'in'));
  pdf = path.join(tmp, 'in', 'מדריך-3.pdf');
  corrupt = path.join(tmp, 'in', c.fileName);
  copyFileSync(p.path, pdf);
  copyFileSync(c.path, corrupt);
  server = await startTestServer();
  category = await createCategory(server.services!.catalog, { name: 'Blinds' });
  env = { DATA_DIR: server.dataDir, CMS_URL: server.url, CMS_TOKEN: server.token };
});

after(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

test('import over HTTP uploads each file, follows it to the end and reports JSON; a corrupt file fails with exit 1, the good one imports', async () => {
  const r = await runCms(['import', 'in/*.pdf', '--category', 'blinds', '--json'], { env, cwd: tmp });
  assert.equal(r.code, 1, r.stderr);
  const out = parseJson<ImportJson>(r);
  assert.equal(out.mode, 'http');
  assert.equal(out.target, server.url);
  const good = out.files.find((f) => f.file === 'in/מדריך-3.pdf')!;
  const bad = out.files.find((f) => f.file === 'in/corrupt.pdf')!;
  assert.equal(good.status, 'completed', good.reason ?? '');
  assert.equal(good.extent, '3 pages');
  assert.ok(good.chunks! > 0);
  assert.equal(bad.status, 'failed');
  assert.ok(bad.reason);
  ids.good = good.id!;
  ids.bad = bad.id!;
  const doc = await server.services!.catalog.documents.require(ids.good);
  assert.equal(doc.fileName, 'מדריך-3.pdf', 'the file name survives the upload');
  assert.equal(doc.categoryId, category.id, '--category takes a name');
});

test('a duplicate upload is reported as skipped with the existing id; --force imports it again, with --title and --translate-to', async () => {
  const dup = await runCmsHere(['import', pdf], { env, cwd: tmp });
  assert.equal(dup.code, 0, dup.stderr);
  assert.ok(!hasAnsi(dup.stdout));
  assert.match(dup.stdout, new RegExp(`skipped \\(already imported as document ${ids.good}\\)`));

  const forced = parseJson<ImportJson>(await runCmsHere(['import', pdf, '--force', '--title', 'Second copy', '--translate-to', 'Hebrew', '--json'], { env, cwd: tmp }));
  assert.equal(forced.files[0]!.status, 'completed');
  assert.notEqual(forced.files[0]!.id, ids.good);
  const copy = await server.services!.catalog.documents.require(forced.files[0]!.id!);
  assert.equal(copy.title, 'Second copy');
  assert.equal(copy.translation.targetLanguage, 'hebrew');
  assert.equal(copy.needsTranslation, true);
  ids.copy = forced.files[0]!.id!;
});

test('status --follow ends at once when nothing runs, as JSON lines; reindex rebuilds the index on the server; search finds the document by a phrase', async () => {
  const follow = await runCmsHere(['status', '--follow', '--json'], { env });
  const lines = follow.stdout.trim().split('\n').map((l) => JSON.parse(l) as { event: string; id?: number; status?: string });
  assert.equal(lines.at(-1)!.event, 'idle');
  assert.ok(lines.some((l) => l.event === 'item' && l.id === ids.bad && l.status === 'failed'));

  const reindex = parseJson<{ mode: string; items: number; chunks: number }>(await runCmsHere(['reindex', '--json'], { env }));
  assert.equal(reindex.mode, 'http');
  assert.equal(reindex.items, 2, 'the two completed copies');
  assert.ok(reindex.chunks >= 2);

  const r = await runCmsHere(['search', textPdfPagePhrase(3), '--json', '--type', 'documents'], { env });
  assert.equal(r.code, 0, r.stderr);
  const hits = parseJson<{ hits: SearchHit[] }>(r).hits;
  assert.ok([ids.good, ids.copy].includes(hits[0]!.chunk.itemId));
  assert.equal(hits[0]!.chunk.page, 3);
});

test('retry by id goes through the server and waits for the outcome', async () => {
  const r = await runCmsHere(['retry', String(ids.bad), '--json'], { env });
  assert.equal(r.code, 1);
  const out = parseJson<ImportJson>(r);
  assert.equal(out.files[0]!.id, ids.bad);
  assert.equal(out.files[0]!.status, 'failed');
  assert.equal((await server.services!.catalog.jobs.list((j) => j.itemId === ids.bad)).at(-1)!.attempts, 2);
});

test('ls and rm work over HTTP', async () => {
  const rm = await runCmsHere(['rm', String(ids.copy), '--json'], { env });
  assert.equal(rm.code, 0, rm.stderr);
  assert.deepEqual(parseJson<{ deleted: Array<{ id: number }> }>(rm).deleted.map((d) => d.id), [ids.copy]);
  const docs = parseJson<Document[]>(await runCmsHere(['ls', 'document', '--json'], { env }));
  assert.deepEqual(docs.map((d) => d.id), [ids.good, ids.bad].sort((a, b) => a! - b!));
  const cats = await runCmsHere(['ls', 'categories'], { env });
  assert.match(cats.stdout, /Blinds\s+yes/);
});

test('on a terminal, import draws progress bars with ink and ends with the summary table', { skip: !existsSync('/usr/bin/script') && 'needs util-linux script for a pseudo-terminal' }, async () => {
  const copy = path.join(tmp, 'in', 'tty-copy.pdf');
  copyFileSync(pdf, copy);
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = `stty cols 120 rows 40; ${quote(CMS)} import ${quote(copy)} --force`;
  const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
    execFile('script', ['-qec', command, '/dev/null'], { env: cleanEnv(env), cwd: tmp, timeout: 60_000 }, (err, stdout) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout }),
    );
  });
  assert.equal(code, 0, out);
  assert.match(out, /\x1b\[36m[█░]{20}\x1b\[39m/, 'a coloured progress bar was drawn');
  assert.match(out, /✔ in\/tty-copy\.pdf: completed \(document \d+, \d+ chunks?, 3 pages/);
  assert.match(out, /file\s+type\s+id\s+status\s+chunks\/pages\s+time/);
  assert.match(out, /1 imported, 0 skipped, 0 failed/);
});

test('without CMS_TOKEN the CLI reads the token file from the data folder; a wrong token is a clear error', async () => {
  const { CMS_TOKEN: _drop, ...noToken } = env;
  writeFileSync(path.join(server.dataDir, 'cms-token'), server.token + '\n');
  const ok = await runCmsHere(['ls', '--json'], { env: noToken });
  assert.equal(ok.code, 0, ok.stderr);
  rmSync(path.join(server.dataDir, 'cms-token'));

  const bad = await runCmsHere(['ls'], { env: { ...env, CMS_TOKEN: 'w'.repeat(40) } });
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /rejected the API token/);
  // A token too short to be one is refused before anything is sent: a bad value, exit 2.
  const short = await runCmsHere(['ls'], { env: { ...env, CMS_TOKEN: 'wrong' } });
  assert.equal(short.code, 2);
  assert.match(short.stderr, /CMS_TOKEN is too short/);
});

test('with a live process holding the data folder without an address and no CMS_URL, the CLI does not open the folder itself', async () => {
  // This test process takes the lock the way a server-less holder (a direct-mode import) does.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cms-held-'));
  const lock = acquireLock(dir, null);
  try {
    const r = await runCms(['ls'], { env: { DATA_DIR: dir, CMS_TOKEN: server.token } });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /is in use by process \d+/);
  } finally {
    lock.release();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the in-process server announces its address in the lock, so the CLI finds it without CMS_URL', async () => {
  const r = await runCms(['status', '--json'], { env: { DATA_DIR: server.dataDir, CMS_TOKEN: server.token } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(parseJson<{ mode: string }>(r).mode, 'http');
});

test('an unknown id is one error line on stderr, exit 2 (a bad value, as README says), with the stack only under --debug', async () => {
  const r = await runCmsHere(['rm', '999999'], { env });
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.trim(), 'Error: No item has id 999999');
  const debug = await runCmsHere(['rm', '999999', '--debug'], { env });
  assert.match(debug.stderr, /\n\s+at /);
});

test('with no CMS_URL, the CLI finds the server that holds the data folder through its lock and talks HTTP to it', async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const addr = probe.address();
      probe.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
  const child = await startTestServer({ process: true, env: { PORT: String(port) } });
  try {
    // The CLI in this process, the server another one: the lock names a live process other than ours.
    const r = await runCmsHere(['status', '--json'], { env: { DATA_DIR: child.dataDir, CMS_TOKEN: child.token } });
    assert.equal(r.code, 0, r.stderr);
    const out = parseJson<{ mode: string; target: string }>(r);
    assert.equal(out.mode, 'http');
    assert.equal(out.target, `http://127.0.0.1:${port}`);
  } finally {
    await child.stop();
  }
});
