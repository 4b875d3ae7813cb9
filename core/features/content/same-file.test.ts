/**
 * The same file brought in again never makes a second record (issue 39,
 * "Re-runs create duplicates"): a re-upload of a failed file processes its
 * record again in place, a retry of a failed copy of a file another record
 * holds removes the stale copy, and a folder sync takes up the records an
 * import made instead of importing them again. Counted in the catalog.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { retryFailed, retryItem } from './retry';
import { uploadOfKind } from './upload-any';
import { describeLocalFile } from './spool';
import { syncFolder, syncSummary } from '../../operations/folder-sync';
import { createServices, type Services } from '../../composition/services';
import { fixtures } from '../../testing/fixtures';
import { sharedChromaEnv } from '../../testing/shared-chroma';

describe('the same file again reuses its record', () => {
  let dataDir: string;
  let services: Services;
  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'same-file-'));
    services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789' }), { lock: false, startWorker: true });
  });
  after(async () => {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `src` copied to `dir/name` (the name is part of what makes it the same file). */
  const place = (src: string, dir: string, name: string) => {
    mkdirSync(dir, { recursive: true });
    copyFileSync(src, path.join(dir, name));
    return path.join(dir, name);
  };
  const upload = async (file: string, fields: Record<string, unknown> = {}) => (await uploadOfKind(services.content, 'document', await describeLocalFile(file), fields)).item;
  const docs = async (name: string) => (await services.catalog.documents.list()).filter((d) => d.fileName === name);

  it('a failed file uploaded again is processed again under its first record: one record, two attempts', async () => {
    const file = place((await fixtures.truncatedPdf()).path, path.join(dataDir, 'in-1'), 'broken-manual.pdf');
    const first = await upload(file);
    await services.queue.idle();
    assert.equal((await services.catalog.documents.require(first.id)).status, 'failed');
    const again = await upload(file);
    assert.equal(again.id, first.id, 'the failed record is reused');
    await services.queue.idle();
    assert.deepEqual((await docs('broken-manual.pdf')).map((d) => [d.id, d.status]), [[first.id, 'failed']]);
    const jobs = await services.catalog.jobs.list({ where: { itemType: 'document', itemId: first.id } });
    assert.deepEqual(jobs.map((j) => [j.kind, j.attempts]), [['ingest', 2]]);
    // Forced, it is a new record as before.
    const forced = await upload(file, { force: true });
    assert.notEqual(forced.id, first.id);
    await services.queue.idle();
    assert.equal((await docs('broken-manual.pdf')).length, 2);
  });

  it('retry --failed of two failed copies of one file leaves one record; retrying a stale failed copy of a file another record holds removes the copy', async () => {
    const file = place((await fixtures.truncatedPdf()).path, path.join(dataDir, 'in-2'), 'twice.pdf');
    const a = await upload(file, { force: true });
    const b = await upload(file, { force: true });
    await services.queue.idle();
    assert.equal((await docs('twice.pdf')).length, 2);
    await retryFailed(services.content);
    await services.queue.idle();
    assert.deepEqual((await docs('twice.pdf')).map((d) => d.id), [a.id], `${b.id} was a stale copy of ${a.id}`);

    // A record that failed (a lock, a timeout) while a re-run brought the same file in again and completed.
    const good = place((await fixtures.textPdf(1)).path, path.join(dataDir, 'in-2'), 'good.pdf');
    const stale = await upload(good);
    await services.queue.idle();
    await services.catalog.documents.update(stale.id, (r) => { r.status = 'failed'; r.error = 'database is locked'; });
    const fresh = await upload(good, { force: true });
    await services.queue.idle();
    assert.equal((await services.catalog.documents.require(fresh.id)).status, 'completed');
    const answer = await retryItem(services.content, 'document', stale.id);
    assert.equal(answer.id, fresh.id, 'the retry answers with the record that holds the file');
    assert.deepEqual((await docs('good.pdf')).map((d) => [d.id, d.status]), [[fresh.id, 'completed']]);
  });

  it('a folder sync takes up what an import brought in (same bytes and name): 0 new, nothing imported twice; a failed one is processed again in place', async () => {
    const folder = path.join(dataDir, 'share');
    const good = place((await fixtures.textPdf(2)).path, folder, 'guide.pdf');
    const bad = place((await fixtures.truncatedPdf()).path, path.join(folder, 'sub'), 'scan.pdf');
    const imported = [await upload(good), await upload(bad)];
    await services.queue.idle();
    const before = (await services.catalog.documents.list()).length;
    const first = await syncFolder(services.product, folder);
    assert.equal(syncSummary(first), '0 new, 0 changed, 0 removed', JSON.stringify(first.failed));
    assert.deepEqual(first.adopted.map((e) => [e.path, e.id]), [['guide.pdf', imported[0]!.id], ['sub/scan.pdf', imported[1]!.id]]);
    await services.queue.idle();
    assert.equal((await services.catalog.documents.list()).length, before, 'no item was added');
    const guide = await services.catalog.documents.require(imported[0]!.id);
    assert.deepEqual([guide.syncSource?.path, guide.syncSource?.root], ['guide.pdf', folder]);
    const jobs = await services.catalog.jobs.list({ where: { itemType: 'document', itemId: imported[1]!.id } });
    assert.equal(jobs[0]?.attempts, 2, 'the failed import was processed again in place');
    const second = await syncFolder(services.product, folder);
    assert.deepEqual([syncSummary(second), second.adopted.length, second.unchanged, second.hashed], ['0 new, 0 changed, 0 removed', 0, 2, 0]);
  });
});
