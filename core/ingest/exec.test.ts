import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../errors';
import { isMissingTool, mapLimit, runTool } from './exec';

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
  setTimeout(() => ac.abort(new Error('user cancelled')), 100);
  await assert.rejects(runTool('sleep', ['5'], { signal: ac.signal }), { name: 'AbortError' });
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
