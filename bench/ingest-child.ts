/**
 * Runs in its own process so its peak memory is the pipeline's alone:
 * imports one file through the real pipeline (extract, chunk, index with
 * the offline embedder into a real Chroma) and prints timings as JSON.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/config';
import { uploadOfKind } from '../core/content/upload-any';
import { describeLocalFile } from '../core/content/spool';
import { createServices } from '../core/services';
import { treeRssMb } from './proc';

const [file, type] = process.argv.slice(2);

/** Pids of the Chroma guard processes this process started (measured apart). */
function chromaRoots(): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmd.includes('chroma-guard.mjs') && cmd.includes(dataDir)) out.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return out;
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
const services = await createServices(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789', WORKER_CONCURRENCY: '1' }), {
  lock: false,
  startWorker: true,
});
try {
  const incoming = await describeLocalFile(file);
  // Peak of this process plus the tools it runs (pdf-parse worker, pdfimages, tesseract, soffice), Chroma left out.
  let peakTree = 0;
  const sampler = setInterval(() => (peakTree = Math.max(peakTree, treeRssMb(process.pid, chromaRoots()))), 50);
  const t0 = performance.now();
  const rec = type === 'presentation'
    ? (await uploadOfKind(services.content, 'presentation', incoming, {})).item
    : (await uploadOfKind(services.content, 'document', incoming, {})).item;
  await services.queue.idle();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const done = type === 'presentation' ? await services.catalog.presentations.require(rec.id) : await services.catalog.documents.require(rec.id);
  process.stdout.write(JSON.stringify({
    ms, status: done.status, error: done.error, chunks: done.chunkCount,
    pages: 'pageCount' in done ? done.pageCount : null, slides: 'slideCount' in done ? done.slideCount : null,
    peakRssMb: process.resourceUsage().maxRSS / 1024, peakTreeRssMb: peakTree,
  }) + '\n');
} finally {
  await services.close();
  rmSync(dataDir, { recursive: true, force: true });
}
