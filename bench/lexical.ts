/**
 * The lexical index at 100,000 and 1,000,000 chunks (BENCH_LEXICAL_CHUNKS):
 * build time, a restart (open the index file and answer the first query),
 * rag-query p50/p95 with the offline answerer and the peak RSS of the
 * answering process, each phase in its own process. Lexical only: the
 * figures are the lexical index's own (Chroma is a separate process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runChild } from './proc';

export interface LexicalRun {
  chunks: number;
  build: { buildSeconds: number; peakRssMb: number; indexMb: number };
  query: { chunks: number; readyMs: number; p50: number; p95: number; max: number; cpuP50: number; cpuP95: number; answeredShare: number; foundAt5: number; peakRssMb: number };
  load: string;
}

const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(', ');

export async function lexicalBench(sizes: number[], queries = 200, onRun?: (r: LexicalRun) => void): Promise<LexicalRun[]> {
  const out: LexicalRun[] = [];
  for (const n of sizes) {
    const dir = mkdtempSync(path.join(process.env.BENCH_LEXICAL_DIR ?? os.tmpdir(), 'bench-lexical-'));
    try {
      const build = await runChild<LexicalRun['build']>('lexical-child.ts', ['build', dir, String(n)]);
      const load = loadAverage();
      const query = await runChild<LexicalRun['query']>('lexical-child.ts', ['query', dir, String(n), String(queries)]);
      const r = { chunks: n, build, query, load: `${load} (after build); ${loadAverage()} (after queries)` };
      out.push(r);
      onRun?.(r);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

export function printLexicalRun(r: LexicalRun, line: (label: string, value: string) => void) {
  const f1 = (x: number) => x.toFixed(1);
  line(`${r.chunks} chunks: index build (target <= 15 min at 1M)`, `${f1(r.build.buildSeconds)} s (peak RSS ${Math.round(r.build.peakRssMb)} MB, file ${Math.round(r.build.indexMb)} MB)`);
  line(`${r.chunks} chunks: restart, index ready`, `${Math.round(r.query.readyMs)} ms`);
  line(`${r.chunks} chunks: rag-query p50 / p95 (target p95 <= 50 ms)`, `${f1(r.query.p50)} ms / ${f1(r.query.p95)} ms (CPU per answer ${f1(r.query.cpuP50)} / ${f1(r.query.cpuP95)} ms; found in top 5: ${Math.round(r.query.foundAt5 * 100)} %)`);
  line(`${r.chunks} chunks: peak RSS answering (target <= 1.5 GB)`, `${Math.round(r.query.peakRssMb)} MB`);
  line(`${r.chunks} chunks: load average`, r.load);
}
