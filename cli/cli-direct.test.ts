/**
 * `cms` against a data folder with no server: it takes the folder's lock, runs the worker itself, waits for the
 * results. In this process (runCmsHere); Ctrl-C and the watch as real processes are in cli-processes.test.ts.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { SearchHit } from '../core/engines/search/types';
import type { Document } from '../core/foundation/types';
import { createFixtures, textPdfPagePhrase } from '../core/testing/fixtures';
import type { ImportRow } from './import/importer';
import type { StatusRow } from './commands/status';
import { hasAnsi, parseJson, runCmsHere } from './test-support';

interface ImportJson {
  mode: string;
  target: string;
  files: ImportRow[];
  totals: { files: number; completed: number; skipped: number; failed: number; interrupted: number };
  ms: number;
}

let tmp: string;
let dataDir: string;
let inbox: string;
let env: Record<string, string>;
const ids: Record<string, number> = {};

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-cli-direct-'));
  dataDir = path.join(tmp, 'data');
  inbox = path.join(tmp, 'inbox');
  mkdirSync(inbox);
  const fx = createFixtures(path.join(tmp, 'fixtures'));
  const files = await Promise.all([fx.textPdf(2), fx.docx(), fx.pptx(), fx.mp4(), fx.corruptPdf(), fx.png()]);
  for (const f of files) copyFileSync(f.path, path.join(inbox, f.fileName));
  env = { DATA_DIR: dataDir };
});

after(() => rmSync(tmp, { recursive: true, force: true }));

test('import of a folder processes every file here, types picked from content; a corrupt file fails (exit 1) while the others import', async () => {
  const r = await runCmsHere(['import', inbox, '--json'], { env, cwd: tmp, timeoutMs: 80_000 });
  assert.equal(r.code, 1, r.stderr);
  const out = parseJson<ImportJson>(r);
  assert.equal(out.mode, 'direct');
  assert.equal(out.target, dataDir);
  const by = Object.fromEntries(out.files.map((f) => [path.basename(f.file), f]));
  assert.deepEqual(Object.keys(by).sort(), ['corrupt.pdf', 'installation-guide.docx', 'installation-video.mp4', 'manual-2-pages.pdf', 'showcase.pptx', 'thermostat.png']);
  for (const name of ['manual-2-pages.pdf', 'installation-guide.docx', 'showcase.pptx', 'installation-video.mp4']) {
    assert.equal(by[name]!.status, 'completed', `${name}: ${by[name]!.reason}`);
    assert.ok(by[name]!.id! > 0, `${name} has an id`);
    ids[name] = by[name]!.id!;
  }
  for (const name of ['manual-2-pages.pdf', 'installation-guide.docx', 'showcase.pptx']) assert.ok(by[name]!.chunks! > 0, `${name} was indexed`);
  assert.equal(by['manual-2-pages.pdf']!.type, 'document');
  assert.equal(by['manual-2-pages.pdf']!.extent, '2 pages');
  assert.equal(by['installation-guide.docx']!.type, 'document');
  assert.equal(by['showcase.pptx']!.type, 'presentation');
  assert.equal(by['showcase.pptx']!.extent, '4 slides');
  assert.equal(by['installation-video.mp4']!.type, 'video');
  assert.equal(by['installation-video.mp4']!.extent, '5 s');
  assert.equal(by['corrupt.pdf']!.status, 'failed');
  assert.equal(by['corrupt.pdf']!.type, 'document');
  assert.ok(by['corrupt.pdf']!.reason && by['corrupt.pdf']!.reason.length > 10, 'the failure says why');
  ids['corrupt.pdf'] = by['corrupt.pdf']!.id!;
  assert.equal(by['thermostat.png']!.status, 'skipped');
  assert.match(by['thermostat.png']!.reason!, /not a PDF, DOCX, PPTX or MP4 file: its content is PNG image data/);
  assert.deepEqual(out.totals, { files: 6, completed: 4, skipped: 1, failed: 1, interrupted: 0 });
  assert.ok(!existsSync(path.join(dataDir, 'server.lock')), 'the data folder lock is released');

  // A new data folder got a generated admin password: not on a terminal, it goes to a file only its owner reads.
  const file = path.join(dataDir, 'admin-password.txt');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const password = readFileSync(file, 'utf8').trim();
  assert.ok(password.length >= 12, 'a generated password');
  assert.ok(!r.stdout.includes(password) && !r.stderr.includes(password), 'the password itself is printed nowhere');
  assert.ok(r.stderr.includes(`the password written to ${file}`), r.stderr);
});

test('importing the same content again is skipped as a duplicate, not a failure; piped output is plain lines without ANSI', async () => {
  const r = await runCmsHere(['import', path.join(inbox, 'manual-2-pages.pdf')], { env, cwd: tmp });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!hasAnsi(r.stdout) && !hasAnsi(r.stderr), `no escape codes:\n${JSON.stringify(r.stdout)}`);
  assert.match(r.stdout, new RegExp(`inbox/manual-2-pages\\.pdf: skipped \\(already imported as document ${ids['manual-2-pages.pdf']}\\)`));
  assert.match(r.stdout, /0 imported, 1 skipped, 0 failed/);
  assert.equal(r.stdout.split('\n').filter((l) => l.includes('skipped (already')).length, 1, 'one line for the event, not frames');
  // Every event line carries its time (logs, cron), and a finished file says where the run stands.
  const events = r.stdout.split('\n').filter((l) => l.includes('inbox/manual-2-pages.pdf: '));
  assert.ok(events.length >= 1 && events.every((l) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /.test(l)), events.join('\n'));
  assert.ok(events.some((l) => /Z \[1\/1\] inbox\/manual-2-pages\.pdf: skipped/.test(l)), events.join('\n'));
});

test('status lists the failed item with its error; --all --json lists everything with counts', async () => {
  const plain = await runCmsHere(['status'], { env });
  assert.equal(plain.code, 0, plain.stderr);
  assert.match(plain.stdout, /corrupt/);
  assert.match(plain.stdout, /failed/);
  assert.doesNotMatch(plain.stdout, /manual-2-pages/);

  const r = await runCmsHere(['status', '--all', '--json'], { env });
  const out = parseJson<{ counts: Record<string, number>; items: StatusRow[] }>(r);
  assert.deepEqual(out.counts, { completed: 4, failed: 1 });
  const failed = out.items.find((i) => i.id === ids['corrupt.pdf'])!;
  assert.equal(failed.status, 'failed');
  assert.ok(failed.error);
  assert.equal(failed.job?.state, 'failed');
});

test('ls --status keeps the items in those statuses; an unknown status is bad usage (exit 2)', async () => {
  const failed = parseJson<Array<{ id: number; status: string }>>(await runCmsHere(['ls', '--status', 'failed', '--json'], { env }));
  assert.deepEqual(failed.map((i) => [i.id, i.status]), [[ids['corrupt.pdf'], 'failed']]);
  const docs = parseJson<Array<{ id: number; status: string }>>(await runCmsHere(['ls', 'documents', '--status', 'completed,running', '--json'], { env }));
  assert.ok(docs.length >= 2 && docs.every((d) => d.status === 'completed'), JSON.stringify(docs));
  const none = await runCmsHere(['ls', 'videos', '--status', 'running'], { env });
  assert.equal(none.code, 0, none.stderr);
  assert.match(none.stdout, /No videos in those statuses/);
  const bad = await runCmsHere(['ls', '--status', 'done'], { env });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /Unknown status "done" for --status/);
});

test('search finds the imported PDF by a phrase from its second page', async () => {
  const r = await runCmsHere(['search', textPdfPagePhrase(2), '--k', '3', '--json'], { env });
  assert.equal(r.code, 0, r.stderr);
  const out = parseJson<{ hits: SearchHit[] }>(r);
  assert.ok(out.hits.length >= 1 && out.hits.length <= 3);
  assert.equal(out.hits[0]!.chunk.itemId, ids['manual-2-pages.pdf']);
  assert.equal(out.hits[0]!.chunk.page, 2);
});

test('retry --failed processes the failed file again and still reports it failed (exit 1)', async () => {
  const r = await runCmsHere(['retry', '--failed', '--json'], { env });
  assert.equal(r.code, 1, r.stderr);
  const out = parseJson<ImportJson>(r);
  assert.equal(out.files.length, 1);
  assert.equal(out.files[0]!.id, ids['corrupt.pdf']);
  assert.equal(out.files[0]!.status, 'failed');
  assert.ok(out.files[0]!.reason);
});

test('ls shows documents and presentations; rm deletes one everywhere (list and search)', async () => {
  const docs = parseJson<Document[]>(await runCmsHere(['ls', 'documents', '--json'], { env }));
  assert.deepEqual(docs.map((d) => d.id).sort((a, b) => a - b), [ids['manual-2-pages.pdf'], ids['installation-guide.docx'], ids['corrupt.pdf']].sort((a, b) => a! - b!));
  const table = await runCmsHere(['ls'], { env });
  assert.match(table.stdout, /^id\s+type\s+title\s+status/m);
  assert.match(table.stdout, /presentation\s+showcase/);

  const rm = await runCmsHere(['rm', String(ids['manual-2-pages.pdf'])], { env });
  assert.equal(rm.code, 0, rm.stderr);
  assert.match(rm.stdout, new RegExp(`Deleted document ${ids['manual-2-pages.pdf']} \\("manual-2-pages"\\)`));
  const hits = parseJson<{ hits: SearchHit[] }>(await runCmsHere(['search', textPdfPagePhrase(2), '--json'], { env })).hits;
  assert.ok(!hits.some((h) => h.chunk.itemId === ids['manual-2-pages.pdf']), 'its chunks left the index');
});

test('eval scores retrieval on SQuAD-format data and --json prints the result object; a missing folder is a usage error', async () => {
  const data = path.join(tmp, 'eval');
  mkdirSync(data);
  const passages = [
    ['The KNX gateway links blinds, lights and thermostats on one twisted-pair bus.', 'What links blinds and lights on one bus?', 'The KNX gateway'],
    ['Clean the fabric with a soft brush; never use solvents or bleach on it.', 'What should the fabric be cleaned with?', 'a soft brush'],
    ['The warranty covers the motor for five years and the fabric for two years.', 'How long is the motor covered?', 'five years'],
  ];
  writeFileSync(path.join(data, 'tiny.en.json'), JSON.stringify({
    data: passages.map(([context, question, answer], i) => ({ title: `Article ${i}`, paragraphs: [{ context, qas: [{ id: String(i), question, answers: [{ text: answer }] }] }] })),
  }));
  const r = await runCmsHere(['eval', '--data', data, '--json'], { env });
  assert.equal(r.code, 0, r.stderr);
  const out = parseJson<{ languages: Record<string, { questions: number; hit1: number; hit5: number; mrr10: number }>; latencyMs: { p50: number; p95: number } }>(r);
  assert.deepEqual(Object.keys(out.languages), ['en']);
  assert.equal(out.languages.en!.questions, 3);
  assert.equal(out.languages.en!.hit5, 1, 'three distinct passages are all found');
  assert.ok(out.latencyMs.p95 >= out.latencyMs.p50);

  const missing = await runCmsHere(['eval', '--data', path.join(tmp, 'nope')], { env });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /No evaluation data folder/);
});
