/**
 * `cms` against a real running server: every command goes over HTTP with the API token, the server does the work.
 * In this process (runCmsHere); the live view on a terminal and the lock read by another process are in
 * cli-processes.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { SearchHit } from '../core/engines/search/types';
import type { Category, Document } from '../core/foundation/types';
import { createCategory } from '../core/features/content/categories';
import { textPdfPagePhrase } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from '../server/testing';
import type { ImportRow } from './import/importer';
import { hasAnsi, importFolder, parseJson, runCmsHere } from './test-support';

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
  ({ pdf, corrupt } = await importFolder(tmp, 'מדריך-3.pdf'));
  server = await startTestServer();
  category = await createCategory(server.services!.catalog, { name: 'Blinds' });
  env = { DATA_DIR: server.dataDir, CMS_URL: server.url, CMS_TOKEN: server.token };
});

after(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

test('import over HTTP uploads each file, follows it to the end and reports JSON; a corrupt file fails with exit 1, the good one imports', async () => {
  const r = await runCmsHere(['import', 'in/*.pdf', '--category', 'blinds', '--json'], { env, cwd: tmp });
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

test('an unknown id is one error line on stderr, exit 2 (a bad value, as README says), with the stack only under --debug', async () => {
  const r = await runCmsHere(['rm', '999999'], { env });
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.trim(), 'Error: No item has id 999999');
  const debug = await runCmsHere(['rm', '999999', '--debug'], { env });
  assert.match(debug.stderr, /\n\s+at /);
});
