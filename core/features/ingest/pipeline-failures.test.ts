import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { retryItem } from '../content/retry';
import { uploadOfKind } from '../content/upload-any';
import { describeLocalFile } from '../content/spool';
import { startChroma } from '../../engines/search/chroma-server';
import { createServices } from '../../composition/services';
import { fixtures } from '../../testing/fixtures';

describe('a backing service failing mid-job', () => {
  it('Chroma down: the job fails with a reason naming the index, nothing is lost, and a retry completes once it is back', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pipeline-fail-'));
    let chroma = await startChroma({ dataDir: path.join(dataDir, 'chroma-ext'), port: 0 });
    const port = Number(new URL(chroma.url).port);
    const services = await createServices(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789', CHROMA_URL: chroma.url, CHROMA_WAIT_S: '1' }), { lock: false, startWorker: true });
    try {
      await chroma.stop();
      const f = await fixtures.textPdf(4);
      const doc = (await uploadOfKind(services.content, 'document', await describeLocalFile(f.path), {})).item;
      await services.queue.idle();
      const failed = await services.catalog.documents.require(doc.id);
      assert.equal(failed.status, 'failed');
      assert.match(failed.error ?? '', /Chroma|search index/i);
      assert.ok(await services.store.head(failed.fileKey), 'the original is kept for the retry');

      chroma = await startChroma({ dataDir: path.join(dataDir, 'chroma-ext'), port });
      await retryItem(services.content, 'document', doc.id);
      await services.queue.idle();
      const done = await services.catalog.documents.require(doc.id);
      assert.equal(done.status, 'completed', done.error ?? '');
      const hits = await services.search.search(f.phrases.en[1], { k: 3 });
      assert.equal(hits[0]?.chunk.itemId, doc.id);
    } finally {
      await services.close();
      await chroma.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
