/**
 * What a merge of lexical segments costs inline and in a worker (to set WORKER_MIN_POSTINGS in
 * core/engines/search/lexical-segments.ts), on generated chunks:
 *   node --import tsx bench/lexical-merge-probe.ts [chunks=20000]
 * Prints per merge its postings, wall ms and, for the quiet-time merge, the longest event-loop block.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLexicalIndex } from '../core/engines/search/lexical-index';
import type { MergeEvent } from '../core/engines/search/lexical-segments';
import { generatedChunk, sourceTexts } from './lexical-corpus';

const n = Number(process.argv[2] ?? 20_000);
const sources = sourceTexts();
const chunks = Array.from({ length: n }, (_, i) => generatedChunk(sources, i));

for (const mode of ['inline', 'worker'] as const) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'merge-probe-'));
  try {
    const merges: Array<{ kind: string; postings: number; ms: number; swapMs: number; worker: boolean }> = [];
    const idx = await createLexicalIndex({
      dataDir: dir, saveDelayMs: 600_000, memoryPostings: 200_000, workerMergePostings: mode === 'inline' ? Infinity : 0,
      onMerge: (e: MergeEvent) => { if (e.phase === 'done') merges.push({ kind: e.kind, postings: e.postings, ms: Math.round(e.ms ?? 0), swapMs: Math.round(e.swapMs ?? 0), worker: e.worker }); },
    });
    for (let i = 0; i < n; i += 200) { idx.upsert(chunks.slice(i, i + 200)); await sleep(0); }
    await idx.flush();
    await idx.idle();
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await idx.compact();
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    await sleep(30);
    h.disable();
    await idx.close();
    const perPosting = merges.filter((m) => m.postings > 0).map((m) => (m.ms * 1000) / m.postings);
    process.stdout.write(JSON.stringify({
      mode, chunks: n, merges, compactMs: Math.round(ms), compactCpuMs: Math.round((cpu.user + cpu.system) / 1000), longestBlockMs: Math.round(h.max / 1e6),
      usPerPosting: perPosting.map((x) => Number(x.toFixed(2))),
    }) + '\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
