/**
 * A job that runs out of disk (its work folder on a full disk) fails with a
 * reason that names the file and says the disk is full, not a raw ENOSPC.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { describeLocalFile } from '../content/spool';
import { uploadOfKind } from '../content/upload-any';
import { createServices, type Services } from '../../composition/services';
import { fixtures } from '../../testing/fixtures';
import { explainFailure } from './failure';
import { sharedChromaEnv } from '../../testing/shared-chroma';

let dataDir: string;
let full: string;
let services: Services;

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'disk-full-job-'));
  // The jobs' work folders (DATA_DIR/tmp) on a small disk that is full.
  full = path.join(dataDir, 'data', 'tmp');
  execFileSync('mkdir', ['-p', full]);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', full]);
  try { writeFileSync(path.join(full, 'filler'), Buffer.alloc(128 * 1024)); } catch { /* full now */ }
  services = await createServices(loadConfig({ DATA_DIR: path.join(dataDir, 'data'), ...sharedChromaEnv(path.join(dataDir, 'data')), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789' }), { lock: false, startWorker: true });
});
after(async () => {
  await services?.close();
  try { execFileSync('umount', [full]); } catch { /* not mounted */ }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a job on a full disk', () => {
  it('fails saying the disk is full, naming the file and what to do', async () => {
    const pdf = await fixtures.textPdf(20);
    const doc = (await uploadOfKind(services.content, 'document', { ...(await describeLocalFile(pdf.path)), fileName: 'manual.pdf' }, {})).item;
    await services.queue.idle();
    const failed = await services.catalog.documents.require(doc.id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error ?? '', /^"manual\.pdf" could not be processed: the server's disk is full\. Free some space/);
    assert.doesNotMatch(failed.error ?? '', /ENOSPC/);
  });

  it('puts the file name in front of a reason that lacks it', () => {
    assert.equal(explainFailure(new Error('boom'), 'a.pdf').message, '"a.pdf": boom');
    assert.equal(explainFailure(new Error('The PDF "a.pdf" is damaged.'), 'a.pdf').message, 'The PDF "a.pdf" is damaged.');
  });
});
