import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startChroma } from './chroma-server';

const alive = async (url: string) => {
  try {
    return (await fetch(`${url}/api/v2/heartbeat`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};

describe('the embedded Chroma server', () => {
  it('starts on a free port, answers its heartbeat and stops', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chroma-'));
    const chroma = await startChroma({ dataDir: dir, port: 0 });
    try {
      assert.equal(await alive(chroma.url), true);
    } finally {
      await chroma.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    assert.equal(await alive(chroma.url), false);
  });

  it('does not outlive a process that started it and was killed with SIGKILL', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chroma-'));
    const module = fileURLToPath(new URL('./chroma-server.ts', import.meta.url));
    const script = `import { startChroma } from ${JSON.stringify(module)}; const c = await startChroma({ dataDir: ${JSON.stringify(dir)}, port: 0 }); console.log(c.url); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve) => child.stdout.on('data', (d: Buffer) => resolve(d.toString().trim())));
    assert.equal(await alive(url), true);
    child.kill('SIGKILL');
    let up = true;
    for (let i = 0; i < 50 && up; i++) {
      await new Promise((r) => setTimeout(r, 100));
      up = await alive(url);
    }
    rmSync(dir, { recursive: true, force: true });
    assert.equal(up, false, 'Chroma stopped after its parent was killed');
  });
});
