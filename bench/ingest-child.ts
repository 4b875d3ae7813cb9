/**
 * Runs in its own process so its peak memory is the pipeline's alone:
 * imports one file through the real pipeline (extract, chunk, index with
 * the offline embedder into a real Chroma) and prints timings as JSON.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/config';
import { createDocument, createPresentation } from '../core/content/create';
import { describeLocalFile } from '../core/content/spool';
import { createServices } from '../core/services';

const [file, type] = process.argv.slice(2);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
const services = await createServices(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'x', CMS_TOKEN: 't', WORKER_CONCURRENCY: '1' }), {
  lock: false,
  startWorker: true,
});
try {
  const incoming = await describeLocalFile(file);
  const t0 = performance.now();
  const rec = type === 'presentation'
    ? await createPresentation(services.content, incoming, {})
    : await createDocument(services.content, incoming, { needsTranslation: false, targetLanguage: null });
  await services.queue.idle();
  const ms = performance.now() - t0;
  const done = type === 'presentation' ? services.catalog.presentations.require(rec.id) : services.catalog.documents.require(rec.id);
  process.stdout.write(JSON.stringify({
    ms, status: done.status, error: done.error, chunks: done.chunkCount,
    pages: 'pageCount' in done ? done.pageCount : null, slides: 'slideCount' in done ? done.slideCount : null,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }) + '\n');
} finally {
  await services.close();
  rmSync(dataDir, { recursive: true, force: true });
}
