import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { startTool, type ToolProcess } from './launcher';
import { runTool } from './exec';

const parentOf = (pid: number) => Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const closed = (p: ToolProcess) => once(p, 'close') as Promise<[number | null, NodeJS.Signals | null]>;

test('a tool is started by the launcher process, not forked from this one, and its output and exit come back', async () => {
  const p = startTool('sh', ['-c', 'read line; echo "got $line"; echo oops >&2; exit 3'], { env: process.env, stdin: true });
  let out = '', err = '';
  p.on('out', (b: Buffer) => (out += b));
  p.on('err', (b: Buffer) => (err += b));
  const [pid] = (await once(p, 'pid')) as [number];
  const parent = parentOf(pid);
  p.endStdin(new TextEncoder().encode('hello\n'));
  const [code] = await closed(p);
  assert.notEqual(parent, process.pid, 'the tool is not a child of this process');
  assert.deepEqual([out, err, code], ['got hello\n', 'oops\n', 3]);
});

test('runTool through the launcher: a timeout kills the tool, a missing one is unavailable', async () => {
  const t0 = performance.now();
  await assert.rejects(runTool('sleep', ['30'], { timeoutMs: 300 }), (e: Error & { code?: string }) => e.code === 'unavailable' && /took longer/.test(e.message));
  assert.ok(performance.now() - t0 < 10_000);
  const r = await runTool('sh', ['-c', 'printf abc'], {});
  assert.equal(r.stdout.toString(), 'abc');
});

test('starting a tool does not hold the event loop for a fork of this (big) process', async () => {
  // 400 MB resident, touched: a fork copies page tables for all of it.
  const ballast = Array.from({ length: 400 }, () => Buffer.alloc(1 << 20, 1));
  const forked: number[] = [];
  const launched: number[] = [];
  for (let i = 0; i < 9; i++) {
    let t0 = performance.now();
    const c = spawn('true', [], { stdio: 'ignore' });
    forked.push(performance.now() - t0);
    await once(c, 'close');
    t0 = performance.now();
    const p = startTool('true', [], { env: process.env, stdin: false });
    launched.push(performance.now() - t0);
    await closed(p);
  }
  assert.equal(ballast.length, 400);
  const [f, l] = [median(forked), median(launched)];
  assert.ok(l < f / 3, `starting through the launcher took ${l.toFixed(2)} ms (median), a fork here ${f.toFixed(2)} ms`);
});
