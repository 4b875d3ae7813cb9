import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { uploadOfKind } from '../../features/content/upload-any';
import { describeLocalFile } from '../../features/content/spool';
import { reindexAll } from '../../features/content/reindex';
import { createServices, type Services } from '../../composition/services';
import { fixtures } from '../../testing/fixtures';
import { descendants } from '../../testing/proc-watch';
import { makeChunk } from '../../testing/search-chunks';

let dataDir: string;
let services: Services;

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chroma-supervised-'));
  services = await createServices(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789' }), { lock: false, startWorker: true });
});
after(async () => {
  await services?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The Chroma server process itself (under the guard), as an operator or the OOM killer would hit it. */
const chromaPid = () => descendants(services.chroma!.pid).find((p) => p.cmd.includes('cli.mjs') && p.cmd.includes(' run '))?.pid;

async function ingest(pages: number) {
  const f = await fixtures.textPdf(pages);
  const doc = (await uploadOfKind(services.content, 'document', await describeLocalFile(f.path), { force: true })).item;
  return { doc, phrase: f.phrases.en[0]! };
}

describe('the supervised Chroma server', () => {
  it('killed mid-run, it is restarted; the next upload completes and health recovers without a server restart', async () => {
    const first = await ingest(2);
    await services.queue.idle();
    assert.equal((await services.catalog.documents.require(first.doc.id)).status, 'completed');

    const pid = chromaPid();
    assert.ok(pid, 'found the Chroma server process');
    process.kill(pid, 'SIGKILL');
    // An index write right after the kill waits for the restart instead of failing.
    await services.search.upsert([makeChunk(900_001, 0, 'a write while the search server is down')]);
    const next = await ingest(3);
    await services.queue.idle();
    const done = await services.catalog.documents.require(next.doc.id);
    assert.equal(done.status, 'completed', done.error ?? '');
    assert.equal(services.chroma!.restarts, 1);
    assert.notEqual(chromaPid(), pid);
    const health = await services.search.health();
    assert.equal(health.ok, true, health.detail);
    const hits = await services.search.search(next.phrase, { k: 3 });
    assert.equal(hits[0]?.chunk.itemId, next.doc.id);
  });

  it('a write under way while a reindex rebuilds the collection completes into the new collection', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => makeChunk(800_000 + Math.floor(i / 10), i % 10, `motor pairing step ${i} hold the button`));
    const writing = services.search.upsert(many);
    // The rebuild starts once the write's first batch is in (a state reached, not a time).
    while ((await services.search.count()) === 0) await new Promise((r) => setImmediate(r));
    await services.search.clear();
    await writing;
    assert.equal(await services.search.count(), 3000);
  });

  it('a reindex during an ingest does not fail that ingest', async () => {
    const running = await ingest(40);
    // Wait until the job runs, then rebuild the index under it.
    for (let i = 0; i < 200 && (await services.catalog.documents.require(running.doc.id)).status === 'pending'; i++) await new Promise((r) => setTimeout(r, 25));
    const [r] = await Promise.all([reindexAll(services.content), services.queue.idle()]);
    assert.ok(r.items >= 2);
    const done = await services.catalog.documents.require(running.doc.id);
    assert.equal(done.status, 'completed', done.error ?? '');
  });
});
