import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../errors';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budgetMs, isMemoryFailure, isMissingTool, mapLimit, runTool } from './exec';
import { toolIsolation, toolLimits } from './sandbox';

test('a missing tool gives AppError unavailable naming the tool and the setup script', async () => {
  await assert.rejects(runTool('pdfimages-not-installed', ['-v']), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'unavailable');
    assert.equal(e.message, 'pdfimages-not-installed is not installed; run scripts/setup-system.sh');
    assert.ok(isMissingTool(e));
    return true;
  });
});

test('stdout is returned and a non-zero exit becomes AppError internal with the stderr tail', async () => {
  const ok = await runTool('sh', ['-c', 'echo hello']);
  assert.equal(ok.stdout.toString().trim(), 'hello');
  await assert.rejects(runTool('sh', ['-c', 'echo boom >&2; exit 3']), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'internal');
    assert.match(e.message, /sh failed \(exit 3\): boom/);
    return true;
  });
  const failed = await runTool('sh', ['-c', 'exit 4'], { allowFailure: true });
  assert.equal(failed.exitCode, 4);
});

test('a tool running past its timeout is killed with its children and reported', async () => {
  const t0 = Date.now();
  await assert.rejects(runTool('sh', ['-c', 'sleep 5 & sleep 5; wait'], { timeoutMs: 200 }), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'unavailable');
    assert.match(e.message, /took longer than/);
    return true;
  });
  assert.ok(Date.now() - t0 < 2000);
});

test('aborting the signal stops the tool with an AbortError', async () => {
  const ac = new AbortController();
  // Aborted once the tool says it runs.
  const onLine = () => ac.abort(new Error('user cancelled'));
  await assert.rejects(runTool('sh', ['-c', 'echo started; exec sleep 5'], { signal: ac.signal, onLine }), { name: 'AbortError' });
  await assert.rejects(runTool('sleep', ['5'], { signal: AbortSignal.abort() }), { name: 'AbortError' });
});

test('stdout beyond the cap is dropped and flagged', async () => {
  const r = await runTool('sh', ['-c', 'head -c 100000 /dev/zero'], { maxStdoutBytes: 1000 });
  assert.equal(r.stdout.length, 1000);
  assert.equal(r.stdoutTruncated, true);
});

test('onLine receives stdout line by line, including a last line without newline', async () => {
  const lines: string[] = [];
  const r = await runTool('sh', ['-c', 'printf "a\\nb\\nc"'], { onLine: (l) => lines.push(l) });
  assert.deepEqual(lines, ['a', 'b', 'c']);
  assert.equal(r.stdout.length, 0);
});

test('mapLimit keeps input order and never runs more than the limit at once', async () => {
  let running = 0;
  let peak = 0;
  const out = await mapLimit([5, 1, 3, 2], 2, async (n) => {
    running++;
    peak = Math.max(peak, running);
    await new Promise((r) => setTimeout(r, n * 5));
    running--;
    return n * 10;
  });
  assert.deepEqual(out, [50, 10, 30, 20]);
  assert.equal(peak, 2);
});

test('a tool cannot open a network connection, not even to a service on 127.0.0.1', async () => {
  const connections: number[] = [];
  let connected: () => void = () => {};
  const firstConnection = new Promise<void>((r) => { connected = r; });
  const server = createServer((socket) => { connections.push(1); connected(); socket.destroy(); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  try {
    assert.equal(toolIsolation().network, 'none', 'this machine allows network namespaces (unshare --net)');
    const script = `require('net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); })`;
    const r = await runTool(process.execPath, ['-e', script]);
    assert.notEqual(r.stdout.toString().trim(), 'connected');
    // The same script outside the sandbox does connect: the listener works.
    const direct = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(direct.stdout.trim(), 'connected');
    await firstConnection;
    assert.equal(connections.length, 1, 'only the unconfined run reached the listener');
  } finally {
    server.close();
  }
});

test('a confined tool sees the system read-only, not the secrets beside it, and writes only its own folder', async (t) => {
  if (!toolIsolation().fileConfinement) return t.skip('this machine allows no mount namespace for tools');
  const work = await mkdtemp(join(tmpdir(), 'confined-'));
  const outside = await mkdtemp(join(tmpdir(), 'outside-'));
  try {
    await writeFile(join(outside, 'secret.txt'), 'secret');
    const check = (what: string, cmd: string) => `if ${cmd} 2>/dev/null; then echo "${what} yes"; else echo "${what} no"; fi`;
    const script = [
      check('write /usr', 'touch /usr/x'),
      check('write /etc/passwd', 'sh -c ": >> /etc/passwd"'),
      check('read /etc/passwd', 'test -s /etc/passwd'),
      check('read /etc/shadow', 'test -e /etc/shadow'),
      check('read the secret', `cat ${join(outside, 'secret.txt')}`),
      check('write its folder', `sh -c "echo ok > ${join(work, 'out.txt')}"`),
      check('write /tmp', 'sh -c "echo ok > /tmp/x"'),
      check('fonts', 'fc-list | grep -q .'),
    ].join('\n');
    const r = await runTool('sh', ['-c', script], { confineTo: [work] });
    assert.deepEqual(r.stdout.toString().trim().split('\n'), [
      'write /usr no', 'write /etc/passwd no', 'read /etc/passwd yes', 'read /etc/shadow no', 'read the secret no',
      'write its folder yes', 'write /tmp yes', 'fonts yes',
    ]);
    assert.equal(readFileSync(join(work, 'out.txt'), 'utf8'), 'ok\n');
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  }
});

test('a tool over its memory ceiling is stopped and reported as a memory failure, native or Node', async () => {
  await assert.rejects(runTool('python3', ['-c', 'x = bytearray(600 * 1024 * 1024)'], { memoryBytes: 256 * 1024 ** 2 }), (e: unknown) => {
    assert.ok(isMemoryFailure(e));
    assert.equal(e.code, 'too_large');
    assert.match(e.message, /python3 needed more than 256 MB of memory/);
    return true;
  });
  const grow = 'const a = []; for (;;) a.push(Buffer.alloc(32 << 20, 1));';
  await assert.rejects(runTool(process.execPath, ['-e', grow], { memoryBytes: 256 * 1024 ** 2, maxStderrBytes: 4096 }), (e: unknown) => isMemoryFailure(e));
  // Under the ceiling the same tool runs normally.
  const ok = await runTool('python3', ['-c', 'x = bytearray(50 * 1024 * 1024); print(len(x))'], { memoryBytes: 256 * 1024 ** 2 });
  assert.equal(ok.stdout.toString().trim(), String(50 * 1024 * 1024));
});

test('the time budget grows with the input size and never passes the cap', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'exec-budget-'));
  try {
    const small = join(dir, 'small');
    const big = join(dir, 'big');
    await writeFile(small, 'x');
    await writeFile(big, Buffer.alloc(4 * 1024 * 1024));
    const { timeBaseMs, timePerMiBMs } = toolLimits();
    assert.equal(budgetMs(small, 10 * 60_000), Math.round(timeBaseMs + timePerMiBMs / (1024 * 1024)));
    assert.equal(budgetMs(big, 10 * 60_000), timeBaseMs + 4 * timePerMiBMs);
    assert.equal(budgetMs(big, 1000), 1000);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('tools and their children end when the process that started them is killed with SIGKILL', async () => {
  const marker = String(30_000 + Math.floor(Math.random() * 9999));
  const parent = spawn(process.execPath, ['--import', 'tsx', '-e', `
    import('${new URL('./exec.ts', import.meta.url).pathname}').then(({ runTool }) => {
      runTool('sh', ['-c', 'sleep ${marker}.1 & sleep ${marker}.2; wait'], { timeoutMs: 600000 }).catch(() => {});
    });`], { stdio: ['ignore', 'inherit', 'inherit'] });
  // Wait until both tool processes run (their command lines carry the marker).
  for (const until = Date.now() + 60_000; sleepers(marker).length < 2 && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
  assert.equal(sleepers(marker).length, 2, 'both tool processes run');
  parent.kill('SIGKILL');
  const deadline = Date.now() + 5000;
  while (sleepers(marker).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(sleepers(marker), []);
});

/** Pids of `sleep MARKER.*` processes. */
function sleepers(marker: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (cmd[0] === 'sleep' && cmd[1]?.startsWith(`${marker}.`)) out.push(Number(name));
    } catch { /* gone */ }
  }
  return out;
}
