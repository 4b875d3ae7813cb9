/**
 * The CLI where a process is the point, run as the real `bin/cms` (full tier, scripts/test-full-only.txt): the exit
 * status a shell sees, Ctrl-C, the live ink view on a pseudo-terminal, the data folder's lock held by another
 * process, a server in a process of its own. What the commands do and print is proved in-process in
 * cli-direct, cli-server and cli-exit-codes (runCmsHere).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { acquireLock } from '../core/engines/catalog/lock';
import { createFixtures } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from '../server/testing';
import type { ImportRow } from './import/importer';
import { CMS, cleanEnv, importFolder, parseJson, runCms, runCmsHere, spawnCms, within } from './test-support';

let tmp: string;
let server: TestServer;
let env: Record<string, string>;
let pdf: string;
let corrupt: string;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-cli-processes-'));
  ({ pdf, corrupt } = await importFolder(tmp, 'manual-3.pdf', 'broken.pdf'));
  server = await startTestServer();
  env = { DATA_DIR: server.dataDir, CMS_URL: server.url, CMS_TOKEN: server.token };
});

after(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

test('the real bin/cms exits as a shell sees it: 2 for an unknown id, naming it; 1 for an import with a failed file, with its JSON', async () => {
  const unknown = await runCms(['rm', '99999'], { env, cwd: tmp, timeoutMs: 180_000 });
  assert.equal(unknown.code, 2, `${unknown.stdout}\n${unknown.stderr}`);
  assert.match(unknown.stderr + unknown.stdout, /99999/);

  const imported = await runCms(['import', 'in/broken.pdf', '--json'], { env, cwd: tmp, timeoutMs: 300_000 });
  assert.equal(imported.code, 1, imported.stderr);
  const rows = parseJson<{ files: Array<{ file: string; status: string; errorCode: string | null; transient: boolean | null }> }>(imported).files;
  assert.deepEqual(rows.map((r) => [r.file, r.status, r.errorCode, r.transient]), [['in/broken.pdf', 'failed', 'failure.damaged', false]]);
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

test('import --watch picks up a file dropped into the folder and prints one JSON line per file until stopped', async () => {
  const own = path.join(tmp, 'watch');
  const watched = path.join(own, 'watched');
  mkdirSync(watched, { recursive: true });
  const dataDir = path.join(own, 'data');
  const child = spawnCms(['import', watched, '--watch', '--interval', '200', '--json'], { env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'watch-test-password' }, cwd: own });
  let out = '';
  const lines: Array<Record<string, unknown>> = [];
  const gotFile = new Promise<void>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const parts = out.split('\n');
      out = parts.pop()!;
      for (const p of parts) if (p.trim()) lines.push(JSON.parse(p) as Record<string, unknown>);
      if (lines.some((l) => l.event === 'file')) resolve();
    });
  });
  let stderr = '';
  const watching = new Promise<void>((resolve) => {
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes('for new files')) resolve();
    });
  });
  await within(watching, 30_000, () => `not watching: ${stderr}`);
  copyFileSync(pdf, path.join(watched, 'dropped.pdf'));
  await within(gotFile, 40_000, () => `no file event: ${stderr}`);
  child.kill('SIGINT');
  const [code] = (await once(child, 'close')) as [number];
  assert.equal(code, 130, `Ctrl-C ends a watch as interrupted (130), like every command\n${stderr}`);
  const file = lines.find((l) => l.event === 'file')!;
  assert.equal(file.file, 'watched/dropped.pdf');
  assert.equal(file.status, 'completed');
  assert.equal(file.type, 'document');
  assert.equal(lines.at(-1)!.event, 'summary');
  assert.ok(!existsSync(path.join(dataDir, 'server.lock')), 'the lock is released after Ctrl-C');
});

test('Ctrl-C exits 130; the next run finishes what it left, reports it as processed (resumed), not skipped, and counts a failure as failed', async () => {
  const own = path.join(tmp, 'resume');
  const folder = path.join(own, 'inbox');
  mkdirSync(folder, { recursive: true });
  const fx = createFixtures(path.join(own, 'fixtures'));
  const [big, video, bad] = await Promise.all([fx.textPdf(120), fx.mp4(), fx.corruptPdf()]);
  copyFileSync(big.path, path.join(folder, 'a-big-manual.pdf'));
  copyFileSync(video.path, path.join(folder, 'b-video.mp4'));
  copyFileSync(bad.path, path.join(folder, 'c-damaged.pdf'));
  const ownEnv = { DATA_DIR: path.join(own, 'data'), ADMIN_PASSWORD: 'resume-test-password' };

  // Interrupted as soon as the first file is stored and queued.
  const child = spawnCms(['import', folder], { env: ownEnv, cwd: own });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const queued = new Promise<void>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (/a-big-manual\.pdf: document \d+ (pending|processing|extracting)/.test(stdout)) resolve();
    });
  });
  await within(queued, 60_000, () => `the first file was not queued:\n${stdout}\n${stderr}`);
  child.kill('SIGINT');
  const [code] = (await once(child, 'close')) as [number];
  assert.equal(code, 130, `interrupted: exit 130\n${stdout}\n${stderr}`);

  const again = await runCmsHere(['import', folder, '--json'], { env: ownEnv, cwd: own, timeoutMs: 120_000 });
  assert.equal(again.code, 1, `the damaged file failed: exit 1\n${again.stderr}`);
  const out = parseJson<ImportJson>(again);
  const by = Object.fromEntries(out.files.map((f) => [path.basename(f.file), f]));
  assert.equal(by['a-big-manual.pdf']!.status, 'completed', by['a-big-manual.pdf']!.reason ?? '');
  assert.equal(by['a-big-manual.pdf']!.resumed, true, 'the file the first run left is reported as processed now');
  assert.equal(by['b-video.mp4']!.status, 'completed', by['b-video.mp4']!.reason ?? '');
  assert.equal(by['c-damaged.pdf']!.status, 'failed');
  assert.equal(out.totals.skipped, 0, 'nothing left unfinished is called "already imported"');
  assert.equal(out.totals.failed, 1);
});

interface ImportJson {
  files: ImportRow[];
  totals: { files: number; completed: number; skipped: number; failed: number; interrupted: number };
}
