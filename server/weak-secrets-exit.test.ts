/**
 * Weak secrets chosen in the environment stop the real server at start (exit
 * code 1) with a message that names them. A process of its own (its exit code
 * is the point): full tier only (scripts/test-full-only.txt); the
 * configuration's refusal itself is proven in server/auth-limits.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('weak secrets at start', () => {
  it('the server started with CMS_TOKEN=a ADMIN_PASSWORD=x exits at once with both reasons', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'weak-'));
    try {
      const child = spawn(path.join(ROOT, 'bin/launch'), ['server'], {
        cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: '0', CMS_TOKEN: 'a', ADMIN_PASSWORD: 'x' }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.stderr.on('data', (d: Buffer) => (out += d));
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      assert.equal(code, 1);
      assert.match(out, /CMS_TOKEN is too short/);
      assert.match(out, /ADMIN_PASSWORD is too short/);
      assert.doesNotMatch(out, /ready at/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
