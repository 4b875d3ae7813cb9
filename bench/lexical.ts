/**
 * The lexical index at 100,000 and 1,000,000 chunks (BENCH_LEXICAL_CHUNKS):
 * build time, a restart (open the index file and answer the first query),
 * rag-query p50/p95 with the offline answerer and the peak RSS of the
 * answering process, and the lexical search alone with postings skipped
 * (the product's way) and every posting scored, side by side; each phase in
 * its own process. Lexical only: the figures are the lexical index's own
 * (Chroma is a separate process).
 *
 * BENCH_LEXICAL_KEEP=<folder>: each size's index is kept in
 * <folder>/lexical-<chunks> and reused by later runs while the analyser
 * recipe and the segment format are the same (a 1 M build takes most of an
 * hour on a loaded machine); the build figures shown are then those of the
 * run that built it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LEXICAL_RECIPE } from '../core/engines/search/lexical-index';
import { SEGMENT_FORMAT } from '../core/engines/search/lexical-postings';
import { runChild } from './proc';

interface Timing { p50: number; p95: number; cpuP50: number; cpuP95: number }

export interface LexicalRun {
  chunks: number;
  build: { buildSeconds: number; compactSeconds?: number; maxBlockMs?: { loading: number; compact: number }; buildCpuSeconds?: number; peakRssMb: number; indexMb: number; reused?: boolean; builtAt?: string; load?: string };
  query: { chunks: number; readyMs: number; warmMs?: number; cachedMb?: number; cachedLists?: number; p50: number; p95: number; max: number; cpuP50: number; cpuP95: number; answeredShare: number; foundAt5: number; peakRssMb: number };
  /** Lexical search alone (k = 100): skipping postings vs scoring every one, and in how many questions their answers differ (must be 0). */
  search: { queries: number; differ: number; pruned: Timing; exhaustive: Timing };
  load: string;
}

const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(', ');

export async function lexicalBench(sizes: number[], queries = 200, onRun?: (r: LexicalRun) => void): Promise<LexicalRun[]> {
  const out: LexicalRun[] = [];
  const keep = process.env.BENCH_LEXICAL_KEEP;
  for (const n of sizes) {
    const dir = keep ? path.join(keep, `lexical-${n}`) : mkdtempSync(path.join(process.env.BENCH_LEXICAL_DIR ?? os.tmpdir(), 'bench-lexical-'));
    const stamp = path.join(dir, 'build.json');
    try {
      let build: LexicalRun['build'] | null = null;
      if (keep && existsSync(stamp)) {
        const kept = JSON.parse(readFileSync(stamp, 'utf8')) as { recipe: string; format: string; chunks: number; build: LexicalRun['build'] };
        if (kept.recipe === LEXICAL_RECIPE && kept.format === SEGMENT_FORMAT && kept.chunks === n) build = { ...kept.build, reused: true };
      }
      if (!build) {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        const before = loadAverage();
        build = await runChild<LexicalRun['build']>('lexical-child.ts', ['build', dir, String(n)]);
        build.builtAt = new Date().toISOString();
        build.load = `${before} (start); ${loadAverage()} (end)`;
        if (keep) writeFileSync(stamp, JSON.stringify({ recipe: LEXICAL_RECIPE, format: SEGMENT_FORMAT, chunks: n, build }));
      }
      const load = loadAverage();
      const query = await runChild<LexicalRun['query']>('lexical-child.ts', ['query', dir, String(n), String(queries)]);
      const search = await runChild<LexicalRun['search']>('lexical-query.ts', [dir, String(n), String(queries)]);
      const r = { chunks: n, build, query, search, load: `${load} (before queries); ${loadAverage()} (after)` };
      out.push(r);
      onRun?.(r);
    } finally {
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

export function printLexicalRun(r: LexicalRun, line: (label: string, value: string) => void) {
  const f1 = (x: number) => x.toFixed(1);
  const b = r.build;
  const cpu = (b.buildCpuSeconds !== undefined ? `, ${f1(b.buildCpuSeconds)} s CPU` : '') + (b.compactSeconds !== undefined ? `, of which ${f1(b.compactSeconds)} s wall merging the segments at the quiet time` : '');
  line(`${r.chunks} chunks: index build (target <= 15 min at 1M)`, `${f1(b.buildSeconds)} s wall${cpu} (peak RSS ${Math.round(b.peakRssMb)} MB, file ${Math.round(b.indexMb)} MB${b.reused ? `; kept index built ${b.builtAt ?? ''}` : ''}${b.load ? `; load ${b.load}` : ''})`);
  if (b.maxBlockMs) line(`${r.chunks} chunks: longest event-loop block while loading / in the quiet-time merge`, `${Math.round(b.maxBlockMs.loading)} ms / ${Math.round(b.maxBlockMs.compact)} ms`);
  line(`${r.chunks} chunks: restart, index ready`, `${Math.round(r.query.readyMs)} ms` + (r.query.warmMs !== undefined
    ? `; dense postings lists cached ${Math.round(r.query.warmMs)} ms later (${r.query.cachedLists} lists, ${Math.round(r.query.cachedMb ?? 0)} MB; queries below run after that)` : ''));
  line(`${r.chunks} chunks: rag-query p50 / p95 (target p95 <= 50 ms)`, `${f1(r.query.p50)} ms / ${f1(r.query.p95)} ms (CPU per answer ${f1(r.query.cpuP50)} / ${f1(r.query.cpuP95)} ms; found in top 5: ${Math.round(r.query.foundAt5 * 100)} %)`);
  const t = (x: Timing) => `${f1(x.p50)} / ${f1(x.p95)} ms wall, ${f1(x.cpuP50)} / ${f1(x.cpuP95)} ms CPU`;
  line(`${r.chunks} chunks: lexical search p50 / p95, skipping postings`, t(r.search.pruned));
  line(`${r.chunks} chunks: lexical search p50 / p95, every posting scored`, `${t(r.search.exhaustive)} (answers differing: ${r.search.differ} of ${r.search.queries})`);
  line(`${r.chunks} chunks: peak RSS answering (target <= 1.5 GB)`, `${Math.round(r.query.peakRssMb)} MB`);
  line(`${r.chunks} chunks: load average`, r.load);
}
