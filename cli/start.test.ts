/**
 * How `cms` starts: from its JavaScript build (bin/build.mjs) while that is
 * current, from the TypeScript after an edit, and quietly when its reader
 * stops early. Run on a copy of the code, so the build and the edits are
 * the test's own.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from './context';
import { runCms } from './test-support';

let dir: string;
const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function run(file: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: dir, env: { ...process.env, CMS_FROM_SOURCE: '', DATA_DIR: path.join(dir, 'data') }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cms-start-'));
  for (const f of ['cli', 'core', 'server', 'bin', 'web/widget', 'package.json', 'tsconfig.json']) {
    cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) && !/[/\\](bin|widget)[/\\]dist/.test(src) });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('cms start-up', () => {
  it('runs the JavaScript build while no source is newer, and the TypeScript after an edit', async () => {
    const built = await run(process.execPath, ['bin/build.mjs']);
    assert.equal(built.code, 0, built.stderr);
    const real = await run(path.join(dir, 'bin/cms'), ['--version']);
    assert.equal(real.stdout.trim(), version, real.stderr);

    // A build that says where it ran from proves which one bin/cms chose.
    writeFileSync(path.join(dir, 'bin/dist/cms.mjs'), "process.stdout.write('from the build\\n');\n");
    assert.equal((await run(path.join(dir, 'bin/cms'), ['--version'])).stdout, 'from the build\n');

    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, 'core/foundation/types.ts'), later, later);
    const edited = await run(path.join(dir, 'bin/cms'), ['--version']);
    assert.equal(edited.stdout.trim(), version, edited.stderr);
  });

  it('ends quietly when its reader has gone (cms --help | head -0)', async () => {
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(path.join(ROOT, 'bin/cms'), ['--help'], { env: { ...process.env, DATA_DIR: path.join(dir, 'data') }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdout.destroy(); // the reader goes away before the first line
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stderr }));
    });
    assert.doesNotMatch(r.stderr, /EPIPE|Error/);
    assert.equal(r.code, 0);
  });

  it('answers --help from the real build as from the source', async () => {
    const build = await runCms(['--help'], { env: {} });
    const source = await runCms(['--help'], { env: { CMS_FROM_SOURCE: '1' } });
    assert.equal(build.code, 0, build.stderr);
    assert.equal(build.stdout, source.stdout);
  });
});
