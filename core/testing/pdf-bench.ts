/**
 * Measures PDF extraction on a generated N-page text PDF: wall time, pages
 * per second, and the peak resident memory of this process plus its child
 * processes (the pdf-parse worker, pdfimages), sampled from /proc.
 *
 *   node --import tsx core/testing/pdf-bench.ts 200 500      [--workers=2]
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractPdf } from '../ingest/pdf';
import { makeTextPdf } from './fixtures';

export interface PdfBenchResult { pages: number; ms: number; pagesPerSec: number; peakRssMb: number }

async function treeRssKb(root: number): Promise<number> {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = await readFile(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      parents.set(Number(name), ppid);
      rss.set(Number(name), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch { /* process ended */ }
  }
  let total = 0;
  for (const pid of rss.keys()) {
    for (let p: number | undefined = pid; p; p = parents.get(p)) {
      if (p === root) { total += rss.get(pid) ?? 0; break; }
    }
  }
  return total;
}

/** Generates an N-page PDF, extracts it once and reports time and peak memory (this process tree). */
export async function benchPdf(pages: number, textWorkers: 1 | 2 = 1): Promise<PdfBenchResult & { textWorkers: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-pdf-bench-'));
  try {
    const file = await makeTextPdf(pages, join(dir, 'bench.pdf'));
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await treeRssKb(process.pid));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = performance.now();
    const result = await extractPdf(file, { workDir: dir, ocrLanguages: ['eng'], textWorkers });
    const ms = performance.now() - t0;
    sampling = false;
    await sampler;
    if (result.pageCount !== pages) throw new Error(`expected ${pages} pages, got ${result.pageCount}`);
    return { pages, textWorkers, ms: Math.round(ms), pagesPerSec: Math.round(pages / (ms / 1000)), peakRssMb: Math.round(peak / 1024) };
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
