/**
 * The server starts from an install without dev dependencies (what
 * `npm ci --omit=dev` leaves): a copy of the code beside a node_modules that
 * holds only the production packages of package-lock.json. Build tooling
 * (esbuild, vite, ...) imported at run time makes the server fail to start.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Top-level packages an `npm ci --omit=dev` installs: the lockfile's entries not marked dev. */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([p, info]) => /^node_modules\/(@[^/]+\/)?[^/@][^/]*$/.test(p) && !info.dev)
    .map(([p]) => p.slice('node_modules/'.length));
}

let dir: string;
before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cms-no-dev-'));
  for (const f of ['core', 'server', 'cli', 'bin', 'web/widget', 'package.json', 'tsconfig.json']) {
    cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) && !src.endsWith(`${path.sep}dist`) });
  }
  for (const name of productionPackages()) {
    mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  }
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('an install without dev dependencies', () => {
  it('leaves the build tools out (the check is real)', () => {
    const prod = productionPackages();
    for (const dev of ['vite', 'playwright-core', 's3rver', 'pptxgenjs']) assert.ok(!prod.includes(dev), `${dev} is a dev dependency`);
    assert.ok(prod.includes('fastify') && prod.includes('tsx'));
  });

  it('starts the server, which answers /api/health and says the widget is not built', async () => {
    const data = path.join(dir, 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/server.ts'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '', HOME: dir, DATA_DIR: data, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'no-dev-password-1',
        CMS_TOKEN: 'no-dev-token-0123456789abcdef0123456789', LOG_LEVEL: 'warn', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const onData = (d: Buffer) => {
          out += d.toString();
          const m = /ready at (http:\/\/[\d.]+:\d+)/.exec(out);
          if (m) resolve(m[1]!);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
      });
      const health = await fetch(`${url}/api/health`);
      assert.equal(health.status, 200);
      const widget = await fetch(`${url}/widget.js`);
      assert.equal(widget.status, 404);
      assert.match(await widget.text(), /npm run build:web/);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
