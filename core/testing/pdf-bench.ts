/**
 * Measures PDF extraction on a generated N-page text PDF: wall time, CPU
 * time (this process and its children: independent of other load on the
 * machine), and the peak resident memory of this process plus its children
 * (the pdf-parse worker, poppler), sampled from /proc.
 *
 *   node --import tsx core/testing/pdf-bench.ts 200 500 [--workers=2]
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractPdf } from '../features/ingest/pdf';
import { makeTextPdf } from './fixtures';

export interface PdfBenchResult {
  pages: number;
  textWorkers: number;
  ms: number;
  pagesPerSec: number;
  /** CPU time of this process and its finished children. */
  cpuMs: number;
  pagesPerCpuSec: number;
  peakRssMb: number;
}

/** Resident memory of a process and all its descendants, from /proc children lists (no full scan). */
async function treeRssKb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    let total = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    for (const tid of await readdir(`/proc/${pid}/task`)) {
      const kids = (await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')).trim();
      for (const kid of kids ? kids.split(/\s+/) : []) total += await treeRssKb(Number(kid));
    }
    return total;
  } catch {
    return 0; // the process ended meanwhile
  }
}

/**
 * CPU time used so far by this process plus its waited-for children, from
 * /proc/self/stat (utime, stime, cutime, cstime, in 10 ms clock ticks).
 */
export async function processTreeCpuMs(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  // After "pid (comm) ", index 0 is field 3 (state); utime..cstime are fields 14..17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
}

/** Generates an N-page PDF, extracts it once and reports time and peak memory. */
export async function benchPdf(pages: number, textWorkers: 1 | 2 = 1): Promise<PdfBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-pdf-bench-'));
  try {
    const file = await makeTextPdf(pages, join(dir, 'bench.pdf'));
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await treeRssKb(process.pid));
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const cpu0 = await processTreeCpuMs();
    const t0 = performance.now();
    const result = await extractPdf(file, { workDir: dir, ocrLanguages: ['eng'], textWorkers });
    const ms = performance.now() - t0;
    const cpuMs = (await processTreeCpuMs()) - cpu0;
    sampling = false;
    await sampler;
    if (result.pageCount !== pages) throw new Error(`expected ${pages} pages, got ${result.pageCount}`);
    return {
      pages, textWorkers, ms: Math.round(ms), pagesPerSec: Math.round(pages / (ms / 1000)),
      cpuMs, pagesPerCpuSec: Math.round(pages / (Math.max(cpuMs, 10) / 1000)), peakRssMb: Math.round(peak / 1024),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const sizes = args.map(Number).filter((n) => n > 0);
  const workers = args.includes('--workers=2') ? 2 : 1;
  for (const n of sizes.length ? sizes : [200, 500]) console.log(JSON.stringify(await benchPdf(n, workers)));
}
