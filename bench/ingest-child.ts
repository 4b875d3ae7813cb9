/**
 * Runs in its own process so its peak memory is the pipeline's alone:
 * imports one file through the real pipeline (extract, chunk, index with
 * the offline embedder into a real Chroma) and prints timings as JSON.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/foundation/config';
import { uploadOfKind } from '../core/features/content/upload-any';
import { describeLocalFile } from '../core/features/content/spool';
import { createServices } from '../core/composition/services';
import { onToolRun } from '../core/foundation/tools/exec';
import { treeRssMb } from './proc';

const [file, type, repeatArg] = process.argv.slice(2);
/** How many times the file is imported: the first in a cold process into an empty index, the rest as a bulk import's later files. */
const repeat = Math.max(1, Number(repeatArg ?? 1));

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
/** When each step of the job began (ms from the upload's start), in order: where the time goes. */
const marks: Array<{ step: string; at: number }> = [];
let t0 = 0;
const services = await createServices(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789', WORKER_CONCURRENCY: '1' }), {
  lock: false,
  startWorker: true,
  onJobStep: (_job, step) => { marks.push({ step: step?.code ?? 'job_start', at: performance.now() - t0 }); },
});
const tools: string[] = [];
onToolRun((tool) => tools.push(path.basename(tool)));

/**
 * Milliseconds per step, from its start to the next one's: `upload` until the job starts, the last step
 * (indexing) until the job's end is written (the item's language and counts included).
 */
function stepTimes(total: number): Record<string, number> {
  const out: Record<string, number> = {};
  const all = [{ step: 'upload', at: 0 }, ...marks, { step: 'end', at: total }];
  for (let i = 0; i + 1 < all.length; i++) out[all[i]!.step] = Math.round((out[all[i]!.step] ?? 0) + all[i + 1]!.at - all[i]!.at);
  return out;
}
/** One import of the file, timed from the upload to the job's end. */
async function importOnce(incoming: Awaited<ReturnType<typeof describeLocalFile>>, force: boolean) {
  marks.length = 0;
  t0 = performance.now();
  const raw = force ? { force: 'true' } : {};
  const rec = type === 'presentation'
    ? (await uploadOfKind(services.content, 'presentation', incoming, raw)).item
    : (await uploadOfKind(services.content, 'document', incoming, raw)).item;
  await services.queue.idle();
  const ms = performance.now() - t0;
  const done = type === 'presentation' ? await services.catalog.presentations.require(rec.id) : await services.catalog.documents.require(rec.id);
  return { ms, done, steps: stepTimes(ms) };
}
try {
  const incoming = await describeLocalFile(file);
  // Peak of this process plus the tools it runs (pdf-parse worker, pdfimages, tesseract, soffice), Chroma left out.
  let peakTree = 0;
  const sampler = setInterval(() => (peakTree = Math.max(peakTree, treeRssMb(process.pid, chromaRoots()))), 50);
  const first = await importOnce(incoming, false);
  const firstTools = tools.slice();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const peakTreeRssMb = peakTree;
  clearInterval(sampler);
  // Later imports of the same file (forced): a warm process writing into an index that already holds chunks.
  const later = [];
  for (let i = 1; i < repeat; i++) later.push(await importOnce(incoming, true));
  const { done } = first;
  process.stdout.write(JSON.stringify({
    ms: first.ms, status: done.status, error: done.error, chunks: done.chunkCount,
    pages: 'pageCount' in done ? done.pageCount : null, slides: 'slideCount' in done ? done.slideCount : null,
    peakRssMb, peakTreeRssMb,
    steps: first.steps, tools: firstTools,
    laterMs: later.map((r) => r.ms), laterSteps: later.map((r) => r.steps),
    laterStatus: later.map((r) => r.done.status),
  }) + '\n');
} finally {
  await services.close();
  rmSync(dataDir, { recursive: true, force: true });
}
