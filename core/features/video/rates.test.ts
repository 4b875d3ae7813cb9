/**
 * Estimates from measured rates: a line through this server's recent
 * transcription runs replaces the bench's rates once three runs of a kind
 * are known, and the runs are kept in the store (the newest 30 per kind).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createLocalStore } from '../../engines/storage/local';
import type { ObjectStore } from '../../engines/storage/types';
import { FIXED_SEC, planVideo } from './policy';
import { fitRate, KEEP_RUNS, loadRuns, measuredRates, recordRun, type RunSample } from './rates';

let dir: string;
let store: ObjectStore;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'rates-')); store = createLocalStore({ root: dir }); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

const run = (kind: RunSample['kind'], durationSec: number, sec: number): RunSample => ({ kind, durationSec, sec });

test('runs of several lengths give their fixed part and their part per second; fewer than three give none', () => {
  // 1.5 s fixed + 0.1 s per second of video, measured exactly.
  const runs = [run('offline', 6, 2.1), run('offline', 60, 7.5), run('offline', 720, 73.5), run('endpoint', 6, 1)];
  assert.deepEqual(fitRate(runs, 'offline', FIXED_SEC), { fixedSec: 1.5, perSec: 0.1, runs: 3 });
  assert.equal(fitRate(runs, 'endpoint', FIXED_SEC), null);
});

test('runs of one length cannot tell the fixed part from the rest: the bench fixed part stands and the rest is per second', () => {
  const r = fitRate([run('endpoint', 60, 6), run('endpoint', 61, 6.2), run('endpoint', 59, 5.8)], 'endpoint', 3);
  assert.deepEqual(r, { fixedSec: 3, perSec: 0.05, runs: 3 });
});

test('the estimate of a 12-minute video follows the measured line, not the bench rates', () => {
  const choice = { transcribe: true, endpoint: true, translate: false, burn: false, dub: false };
  const bench = planVideo(720, choice);
  const measured = planVideo(720, choice, { measured: { fixedSec: 2, perSec: 0.01, runs: 5 } });
  assert.equal(measured.estimateSec, 9);
  assert.equal(measured.note, 'About 9 seconds of processing for this video (12 minutes long).');
  assert.notEqual(bench.estimateSec, measured.estimateSec);
  // Burning and dubbing keep the bench's rates on top of the measured transcription.
  const burned = planVideo(720, { ...choice, translate: true, burn: true }, { measured: { fixedSec: 2, perSec: 0.01, runs: 5 } });
  assert.equal(burned.estimateSec, Math.round(2 + 720 * (0.01 + 0.02 + 0.15)));
});

test('runs are kept in the store, the newest thirty of each kind, and read back as rates', async () => {
  assert.deepEqual(await loadRuns(store), []);
  for (let i = 0; i < KEEP_RUNS + 5; i++) await recordRun(store, run('offline', 10 + i, 2 + (10 + i) * 0.2));
  await recordRun(store, run('endpoint', 30, 4));
  const runs = await loadRuns(store);
  assert.equal(runs.filter((r) => r.kind === 'offline').length, KEEP_RUNS);
  assert.equal(runs.find((r) => r.kind === 'offline')!.durationSec, 15, 'the oldest five were dropped');
  const rates = await measuredRates(store, FIXED_SEC);
  assert.deepEqual(rates.offline, { fixedSec: 2, perSec: 0.2, runs: KEEP_RUNS });
  assert.equal(rates.endpoint, null);
});
