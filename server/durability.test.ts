import assert from 'node:assert/strict';
import { openAsBlob, readFileSync, rmSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fixtures } from '../core/testing/fixtures';
import type { Category, Document } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

const killHard = async (s: TestServer) => {
  const exited = new Promise((r) => s.child!.once('exit', r));
  s.child!.kill('SIGKILL');
  await exited;
};

describe('durability', () => {
  it('loses no acknowledged category write when the server is SIGKILLed in the middle of 50 parallel writes', async () => {
    const first = await startTestServer({ process: true });
    const cookie = await login(first);
    const acked: string[] = [];
    const writes = Array.from({ length: 50 }, (_, i) =>
      fetch(`${first.url}/api/categories`, {
        method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: `cat-${i}` }),
      })
        .then(async (r) => {
          if (r.status === 201) acked.push(((await r.json()) as Category).name);
        })
        .catch(() => {}),
    );
    // Kill once some writes were acknowledged, while others are in flight.
    while (acked.length < 5) await new Promise((r) => setImmediate(r));
    await killHard(first);
    await Promise.all(writes);
    assert.ok(acked.length >= 5 && acked.length <= 50);

    JSON.parse(readFileSync(`${first.dataDir}/db.json`, 'utf8')); // readable, not half-written
    const second = await startTestServer({ process: true, dataDir: first.dataDir });
    try {
      const c2 = await login(second);
      const names = new Set(((await (await fetch(`${second.url}/api/categories`, { headers: { cookie: c2 } })).json()) as Category[]).map((c) => c.name));
      for (const n of acked) assert.ok(names.has(n), `acknowledged ${n} survived`);
    } finally {
      await second.stop();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });

  it('resumes a job interrupted by SIGKILL and completes it after restart', async () => {
    const pdf = await fixtures.textPdf(400);
    const first = await startTestServer({ process: true, env: { WORKER_CONCURRENCY: '1' } });
    const cookie = await login(first);
    const form = new FormData();
    form.set('file', await openAsBlob(pdf.path), 'long.pdf');
    const doc = (await (await fetch(`${first.url}/api/documents`, { method: 'POST', headers: { cookie }, body: form })).json()) as Document;
    // Wait until the worker has started on it, then kill the server hard.
    for (;;) {
      const d = ((await (await fetch(`${first.url}/api/documents`, { headers: { cookie } })).json()) as Document[]).find((x) => x.id === doc.id)!;
      assert.notEqual(d.status, 'completed', 'the job finished before it could be interrupted; use a longer fixture');
      if (d.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await killHard(first);
    const dbAfterKill = JSON.parse(readFileSync(`${first.dataDir}/db.json`, 'utf8'));
    assert.equal(dbAfterKill.jobs.find((j: { itemId: number }) => j.itemId === doc.id).state, 'running');

    const second = await startTestServer({ process: true, dataDir: first.dataDir });
    try {
      const c2 = await login(second);
      let d: Document | undefined;
      for (let i = 0; i < 600; i++) {
        d = ((await (await fetch(`${second.url}/api/documents`, { headers: { cookie: c2 } })).json()) as Document[]).find((x) => x.id === doc.id);
        if (d && (d.status === 'completed' || d.status === 'failed')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.equal(d?.status, 'completed', d?.error ?? '');
      assert.equal(d?.pageCount, 400);
      const hits = await (await fetch(`${second.url}/api/search?q=${encodeURIComponent(pdf.phrases.en[0])}&k=3`, { headers: { cookie: c2 } })).json();
      assert.equal(hits[0].chunk.itemId, doc.id);
      // The job record closes just after the item is marked completed.
      let job: { state: string; attempts: number } | undefined;
      for (let i = 0; i < 50 && job?.state !== 'done'; i++) {
        const jobs = await (await fetch(`${second.url}/api/jobs`, { headers: { cookie: c2 } })).json();
        job = jobs.find((j: { itemId: number }) => j.itemId === doc.id);
        if (job?.state !== 'done') await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(job?.state, 'done');
      assert.equal(job?.attempts, 2);
    } finally {
      await second.stop();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});

describe('a damaged search index', () => {
  it('is set aside at start and rebuilt from the stored text, so search works again', async () => {
    const pdf = await fixtures.textPdf(3);
    const first = await startTestServer();
    const cookie = await login(first);
    const form = new FormData();
    form.set('file', await openAsBlob(pdf.path), 'short.pdf');
    const doc = (await (await fetch(`${first.url}/api/documents`, { method: 'POST', headers: { cookie }, body: form })).json()) as Document;
    await first.services!.queue.idle();
    await first.stop({ keepData: true });
    const { writeFileSync, readdirSync } = await import('node:fs');
    writeFileSync(`${first.dataDir}/search/lexical-index.sqlite`, 'garbage'.repeat(100));

    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const c2 = await login(second);
      let hits: Array<{ chunk: { itemId: number } }> = [];
      for (let i = 0; i < 100 && !hits.length; i++) {
        hits = await (await fetch(`${second.url}/api/search?q=${encodeURIComponent(pdf.phrases.en[0])}`, { headers: { cookie: c2 } })).json();
        if (!hits.length) await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(hits[0]?.chunk.itemId, doc.id);
      assert.ok(readdirSync(`${first.dataDir}/search`).some((f) => f.includes('.damaged-')), 'the damaged file is kept for inspection');
    } finally {
      await second.stop();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
