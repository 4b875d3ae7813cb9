import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openCatalog } from '../catalog/catalog';
import { AppError } from '../../foundation/errors';
import { createJobQueue } from './queue';

const catalog = () => openCatalog(mkdtempSync(path.join(os.tmpdir(), 'jobs-')));

describe('job queue', () => {
  it('runs queued jobs with bounded concurrency and records done', { timeout: 10_000 }, async () => {
    const c = catalog();
    let active = 0;
    let peak = 0;
    // Each job holds until two run at once and the queue has had its turn to start more (setImmediate: after every
    // promise it has pending), then all go through: a queue that starts a third shows it in the peak.
    let twoRunning!: () => void;
    const both = new Promise<void>((r) => (twoRunning = r));
    const q = createJobQueue({
      catalog: c, concurrency: 2,
      handlers: { ingest: async () => { active++; peak = Math.max(peak, active); if (active === 2) setImmediate(twoRunning); await both; active--; } },
    });
    q.start();
    for (let i = 1; i <= 5; i++) await q.enqueue('ingest', 'document', i);
    await q.idle();
    assert.equal(peak, 2);
    assert.ok((await c.jobs.list()).every((j) => j.state === 'done' && j.attempts === 1));
  });

  it('a translate job waits for its item\'s ingest, even with workers free; other items\' jobs are not held up', { timeout: 10_000 }, async () => {
    const c = catalog();
    const order: string[] = [];
    // Item 1's ingest runs until item 2's translation has run: a queue holding item 2 behind it would never finish.
    let item2Translated!: () => void;
    const item2 = new Promise<void>((r) => (item2Translated = r));
    const q = createJobQueue({
      catalog: c, concurrency: 3,
      handlers: {
        ingest: async (j) => { order.push(`ingest ${j.itemId} start`); await item2; order.push(`ingest ${j.itemId} done`); },
        translate: async (j) => { order.push(`translate ${j.itemId}`); if (j.itemId === 2) item2Translated(); },
      },
    });
    q.start();
    await q.enqueue('ingest', 'document', 1);
    await q.enqueue('translate', 'document', 1, { targetLanguage: 'hebrew' });
    await q.enqueue('translate', 'document', 2, { targetLanguage: 'hebrew' });
    await q.idle();
    assert.ok(order.indexOf('translate 1') > order.indexOf('ingest 1 done'), order.join(' | '));
    assert.ok(order.indexOf('translate 2') < order.indexOf('ingest 1 done'), 'item 2 has no ingest running');
    assert.ok((await c.jobs.list()).every((j) => j.state === 'done'));
  });

  it('a job whose start cannot be recorded (disk full) stays queued, is not counted as running, and runs on the next pass', async () => {
    const c = catalog();
    let failNext = false;
    const failing = new Proxy(c, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver);
        return (fn: Parameters<typeof c.transaction>[0]) => {
          if (!failNext) return target.transaction(fn);
          failNext = false;
          return Promise.reject(new AppError('unavailable', 'The change was not saved: the disk is full.'));
        };
      },
    });
    let reportFailure: (line: string) => void = () => {};
    const failed = new Promise<string>((resolve) => { reportFailure = resolve; });
    const q = createJobQueue({
      catalog: failing, concurrency: 1, handlers: { ingest: async () => {} },
      log: (line) => { if (/Taking jobs failed/.test(line)) reportFailure(line); },
    });
    const job = await q.enqueue('ingest', 'document', 1);
    failNext = true;
    q.start();
    assert.match(await failed, /disk is full/);
    assert.equal(q.runningCount, 0);
    assert.equal((await c.jobs.require(job.id)).state, 'queued');
    await q.idle();
    const done = await c.jobs.require(job.id);
    assert.equal(done.state, 'done');
    assert.equal(done.attempts, 1);
    await q.stop();
  });

  it('a failure record the store refuses for a reason other than being unavailable frees the worker at once (not retried forever)', async () => {
    const c = catalog();
    let refuse = false;
    const refusing = new Proxy(c, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver);
        return (fn: Parameters<typeof c.transaction>[0]) => (refuse ? Promise.reject(new Error('invalid input: \\u0000 cannot be stored')) : target.transaction(fn));
      },
    });
    let firstWord: (line: string) => void = () => {};
    const told = new Promise<string>((resolve) => { firstWord = resolve; });
    const q = createJobQueue({
      catalog: refusing, concurrency: 1,
      handlers: { ingest: async (j) => { if (j.itemId === 1) { refuse = true; throw new AppError('corrupt_file', 'The PDF is damaged'); } } },
      log: (line) => { if (/Recording the end|Releasing job/.test(line)) firstWord(line); },
    });
    q.start();
    try {
      await q.enqueue('ingest', 'document', 1);
      // The first thing the queue says decides: giving the slot up, not "trying again every 2 s".
      assert.match(await told, /Releasing job \d+ failed: .*cannot be stored/);
      refuse = false;
      // The one worker slot is free again: the next job runs.
      const next = await q.enqueue('ingest', 'document', 2);
      await q.idle();
      assert.equal((await c.jobs.require(next.id)).state, 'done');
      assert.equal(q.runningCount, 0);
    } finally {
      refuse = false;
      await q.stop();
    }
  });

  it('keeps the failure reason on the job and retries it', async () => {
    const c = catalog();
    let calls = 0;
    const q = createJobQueue({
      catalog: c, concurrency: 1,
      handlers: { ingest: async () => { calls++; if (calls === 1) throw new AppError('corrupt_file', 'The PDF is damaged'); } },
    });
    q.start();
    const job = await q.enqueue('ingest', 'document', 1);
    await q.idle();
    assert.equal((await c.jobs.require(job.id)).state, 'failed');
    assert.deepEqual((await c.jobs.require(job.id)).error, { code: 'corrupt_file', message: 'The PDF is damaged' });
    await q.retry(job.id);
    await q.idle();
    assert.equal((await c.jobs.require(job.id)).state, 'done');
    assert.equal((await c.jobs.require(job.id)).attempts, 2);
  });

  it('requeues jobs left running by a crash when it starts', async () => {
    const c = catalog();
    await c.jobs.insert({ kind: 'ingest', itemType: 'document', itemId: 9, params: {}, state: 'running', progress: 10, step: null, attempts: 1, error: null, createdAt: '', updatedAt: '', startedAt: '', finishedAt: null });
    const seen: number[] = [];
    const q = createJobQueue({ catalog: c, concurrency: 1, handlers: { ingest: async (j) => void seen.push(j.itemId) } });
    q.start();
    await q.idle();
    assert.deepEqual(seen, [9]);
    assert.equal((await c.jobs.list())[0].attempts, 2);
  });

  it('does not queue the same item twice while one job is pending', async () => {
    const c = catalog();
    const q = createJobQueue({ catalog: c, concurrency: 1, handlers: {} });
    const a = await q.enqueue('ingest', 'document', 1);
    const b = await q.enqueue('ingest', 'document', 1);
    assert.equal(a.id, b.id);
  });

  it('aborts a running job when its item is cancelled, and on stop leaves it queued for the next start', async () => {
    const c = catalog();
    // Each run of the handler hands its abort signal to whoever waits for the job to start.
    let started: (signal: AbortSignal) => void = () => {};
    const nextStart = () => new Promise<AbortSignal>((resolve) => { started = resolve; });
    const q = createJobQueue({
      catalog: c, concurrency: 1,
      handlers: {
        ingest: (_j, signal) => {
          started(signal);
          return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
        },
      },
    });
    let running = nextStart();
    q.start();
    await q.enqueue('ingest', 'document', 1);
    const first = await running;
    await q.stop();
    assert.ok(first.aborted, 'stop aborts the running job');
    assert.equal((await c.jobs.list())[0].state, 'queued');
    running = nextStart();
    q.start();
    const second = await running;
    assert.equal((await c.jobs.list())[0].state, 'running');
    await q.cancelItem('document', 1);
    assert.ok(second.aborted, 'cancelling the item aborts its running job');
    assert.equal(await c.jobs.count(), 0);
  });
});
