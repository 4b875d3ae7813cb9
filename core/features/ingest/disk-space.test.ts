/**
 * A data folder that fills up during an ingest (a small tmpfs, filled while
 * the job runs): the job fails with a reason (not stuck "running"), uploads
 * are refused with the reason, health says degraded, DELETE still works and
 * frees space, and once space is freed the retry completes. A second round
 * fills the disk to the last byte, so even the catalog cannot record the
 * failure at first: the job records it once space returns.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { createServices, type Services } from '../../composition/services';
import { makeTextPdf } from '../../testing/fixtures';
import type { Job } from '../../foundation/types';

let dir: string;
let data: string;
let mounted = false;
let services: Services;
const files = new Map<string, string>();
const filler = () => path.join(data, 'filler.bin');

/** Fills the data folder's disk until `leaveBytes` are free. */
function fill(leaveBytes: number) {
  const s = statfsSync(data);
  const free = Number(s.bavail) * Number(s.bsize);
  try { writeFileSync(filler(), Buffer.alloc(Math.max(0, free - leaveBytes))); } catch { /* full: that is the point */ }
  if (leaveBytes === 0) {
    for (let i = 0; ; i++) {
      try { writeFileSync(path.join(data, `crumb-${i}`), Buffer.alloc(4096)); } catch { break; }
    }
  }
}
function unfill() {
  rmSync(filler(), { force: true });
  for (let i = 0; i < 100_000; i++) {
    try { rmSync(path.join(data, `crumb-${i}`)); } catch { break; }
  }
}

/**
 * Fills the disk as the next document ingest begins its second step
 * (mid-ingest, its "running" state already written): called by the queue
 * before that step's free-space check, so the job cannot finish first however
 * fast the machine.
 */
const logWaiters = new Set<(line: string) => void>();
/** Resolves at the first log line matching `re`. */
function logged(re: RegExp): Promise<string> {
  return new Promise((resolve) => {
    const w = (line: string) => { if (re.test(line)) { logWaiters.delete(w); resolve(line); } };
    logWaiters.add(w);
  });
}
let fillAt: { leaveBytes: number; jobId: number | null; steps: number } | null = null;
function onJobStep(job: Job) {
  if (!fillAt || job.itemType !== 'document' || job.kind !== 'ingest') return;
  fillAt.jobId ??= job.id;
  if (job.id !== fillAt.jobId || ++fillAt.steps < 2) return;
  fill(fillAt.leaveBytes);
  fillAt = null;
}

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'disk-space-'));
  data = path.join(dir, 'data');
  mkdirSync(data);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', data], { stdio: 'pipe' });
    mounted = true;
  } catch (e) {
    console.log(`cannot mount a tmpfs here (${(e as Error).message.split('\n')[0]}): the tests are skipped`);
    return;
  }
  for (const [name, pages] of [['first.pdf', 20], ['manual.pdf', 22], ['third.pdf', 21], ['again.pdf', 23]] as const) files.set(name, await makeTextPdf(pages, path.join(dir, name)));
  services = await createServices(loadConfig({ DATA_DIR: data, MIN_FREE_MB: '8', CHROMA_WAIT_S: '2' }), { lock: false, startWorker: true, onJobStep, log: (m) => { for (const w of logWaiters) w(m); } });
});
after(async () => {
  if (mounted) unfill();
  await services?.close().catch((e: Error) => console.log(`closing: ${e.message}`));
  if (mounted) execFileSync('umount', ['-l', data]);
  rmSync(dir, { recursive: true, force: true });
});

/** Uploads a file; with `fillLeaving`, the disk fills to that many free bytes once its ingest is under way. */
async function upload(name: string, fillLeaving?: number) {
  if (fillLeaving !== undefined) fillAt = { leaveBytes: fillLeaving, jobId: null, steps: 0 };
  return await services.product.upload({ kind: 'document', file: { path: files.get(name)!, fileName: name }, fields: { title: name } });
}

describe('a data folder that fills up', () => {
  it('during an ingest: the job fails with the reason; uploads refused; health degraded; DELETE works; the retry completes once space is freed', async (t) => {
    if (!mounted) return t.skip('no tmpfs');
    const first = await upload('first.pdf');
    await services.queue.idle();
    assert.equal((await services.catalog.documents.get(first.item.id))?.status, 'completed');

    const doc = await upload('manual.pdf', 3 * 1024 * 1024);
    await services.queue.idle();
    const failed = await services.catalog.documents.get(doc.item.id);
    assert.equal(failed?.status, 'failed');
    assert.match(failed?.error ?? '', /manual\.pdf.*(MIN_FREE_MB|disk is full)/);

    await assert.rejects(upload('third.pdf'), (e: Error & { code?: string }) => e.code === 'unavailable' && /MIN_FREE_MB/.test(e.message));
    const health = await services.product.health();
    assert.equal(health.status, 'degraded');
    assert.equal(health.services.disk?.ok, false);

    await services.product.remove(first.item.id, 'document');
    assert.equal(await services.catalog.documents.get(first.item.id), undefined, 'deleted on a full disk');

    unfill();
    assert.equal((await services.product.health()).services.disk?.ok, true);
    await services.product.retry(doc.item.id, 'document');
    await services.queue.idle();
    const done = await services.catalog.documents.get(doc.item.id);
    assert.equal(done?.status, 'completed', done?.error ?? '');
  });

  it('to the last byte: the failure is recorded once space returns, never left "running", and the retry completes', async (t) => {
    if (!mounted) return t.skip('no tmpfs');
    const unrecorded = logged(/Recording the end of job \d+ failed/);
    const doc = await upload('again.pdf', 0);
    // Either the queue says it could not record the end, or it goes idle having recorded it (then the disk was not full: a failure, not a hang).
    const first = await Promise.race([unrecorded.then(() => 'unrecorded'), services.queue.idle().then(() => 'idle')]);
    assert.equal(first, 'unrecorded', 'the end of the job was written although the disk was full');
    const stuck = (await services.catalog.jobs.list((j) => j.itemType === 'document' && j.itemId === doc.item.id)).at(-1);
    assert.equal(stuck?.state, 'running', 'its end could not be written yet');
    unfill();
    // The queue records the job's end as soon as the catalog can be written again, and only then is idle.
    await services.queue.idle();
    const job = (await services.catalog.jobs.list((j) => j.itemType === 'document' && j.itemId === doc.item.id)).at(-1);
    assert.equal(job!.state, 'failed');
    await services.product.retry(doc.item.id, 'document');
    await services.queue.idle();
    assert.equal((await services.catalog.documents.get(doc.item.id))?.status, 'completed');
  });
});
