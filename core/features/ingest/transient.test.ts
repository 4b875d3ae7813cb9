/**
 * A lock on the search index that passes is not the file's failure (issue
 * 39: "database is locked" failed valid PDFs during a bulk import, all fine
 * on retry): another process holds the lexical index's write lock for 7 s
 * (longer than SQLite's 5 s wait) while a PDF is ingested; the ingest tries
 * its index writes again and completes.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { uploadOfKind } from '../content/upload-any';
import { describeLocalFile } from '../content/spool';
import { LEXICAL_FILE } from '../../engines/search/lexical-index';
import { createServices } from '../../composition/services';
import { fixtures } from '../../testing/fixtures';
import { isPassingFailure } from './transient';
import { sharedChromaEnv } from '../../testing/shared-chroma';

test('what counts as passing: SQLite busy or locked and timeouts, also as a cause; a damaged file does not', async () => {
  const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  assert.ok(isPassingFailure(busy));
  assert.ok(isPassingFailure(new Error('Could not save the lexical search index', { cause: busy })));
  assert.ok(!isPassingFailure(new Error('The PDF is damaged')));
});

test('the lexical index locked by another process for 7 s during an ingest: the ingest waits it out and completes (failed with "database is locked" before)', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ingest-locked-'));
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789' }), { lock: false, startWorker: true });
  try {
    const file = path.join(dataDir, 'search', LEXICAL_FILE);
    const holder = spawn(process.execPath, ['-e', `
      const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
      db.exec('BEGIN IMMEDIATE');
      console.log('locked');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 7000);
      db.exec('COMMIT');
      db.close();
    `], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(holder, 'exit');
    const [line] = await once(holder.stdout!, 'data') as [Buffer];
    assert.match(line.toString(), /locked/);
    const f = await fixtures.textPdf(2);
    const doc = (await uploadOfKind(services.content, 'document', await describeLocalFile(f.path), {})).item;
    await services.queue.idle();
    await exited;
    const done = await services.catalog.documents.require(doc.id);
    assert.equal(done.status, 'completed', done.error ?? '');
    assert.ok(done.chunkCount > 0);
    const hits = await services.search.search(f.phrases.en[1]!, { k: 3 });
    assert.equal(hits[0]?.chunk.itemId, doc.id);
  } finally {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
