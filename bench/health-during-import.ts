/**
 * The server's /api/health during a bulk import (issue 39: p99 within 200 ms on an idle machine).
 * A real server process (bin/launch server, its worker inside) takes N files made from the shared
 * corpus's PDF, DOCX and PPTX (bench/bulk-import.ts's copies) from `cms import` over HTTP (CMS_URL),
 * as an operator runs it; /api/health is asked every 50 ms from the first upload until the run has
 * ended and the index's quiet-time save after it is done. Prints the answers' p50, p99 and maximum.
 *   node --import tsx bench/health-during-import.ts [N]
 * SERVER_NODE_OPTIONS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") is passed to the server process only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer } from '../server/testing';
import { makeFiles } from './bulk-import';
import { ROOT } from './proc';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

export interface HealthDuringImport {
  files: number; seconds: number; completed: number; failed: number;
  /** The failed files and why (corpus files that are damaged or empty on purpose fail the same way in every run). */
  failures: Array<{ file: string; reason: string | null }>;
  answers: number; p50Ms: number; p99Ms: number; maxMs: number; slowest: number[];
  /** The same for GET /api/auth/me without a session (401 from the same server, no backing service asked): the event loop's share. */
  plain: { answers: number; p50Ms: number; p99Ms: number; maxMs: number };
  loadBefore: number[]; loadAfter: number[];
}

export async function healthDuringImport(n: number): Promise<HealthDuringImport> {
  const work = mkdtempSync(path.join(process.env.BENCH_BULK_DIR ?? os.tmpdir(), 'bench-health-'));
  const server = await startTestServer({
    process: true,
    env: { LOG_LEVEL: 'debug', AUTO_APPROVE: 'true', ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}) },
  });
  const lines: Array<{ msg?: string; indexChunks?: number }> = [];
  let rest = '';
  server.child!.stdout!.on('data', (d: Buffer) => {
    const parts = (rest + d.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const l of parts) if (l.includes('quiet time')) { try { lines.push(JSON.parse(l)); } catch { /* not a log line */ } }
  });
  try {
    makeFiles(path.join(work, 'in'), n);
    const loadBefore = os.loadavg();
    let polling = true;
    const pollOf = (route: string, times: number[]) => (async () => {
      while (polling) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}${route}`);
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        await sleep(50);
      }
    })();
    const times: number[] = [];
    const plainTimes: number[] = [];
    const poll = Promise.all([pollOf('/api/health', times), pollOf('/api/auth/me', plainTimes)]);
    const t0 = performance.now();
    const env: NodeJS.ProcessEnv = { ...process.env, CMS_URL: server.url, CMS_TOKEN: server.token };
    delete env.NODE_OPTIONS;
    const child = spawn(path.join(ROOT, 'bin', 'launch'), ['cms', 'import', path.join(work, 'in'), '--json'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const seconds = (performance.now() - t0) / 1000;
    // The index writes and merges at a quiet time after the last write: measured until the server logs it.
    await quietIndex(server.url, server.token, lines);
    polling = false;
    await poll;
    let totals: Record<string, number>;
    let rows: Array<{ file: string; status: string; reason: string | null }>;
    try {
      ({ totals, files: rows } = JSON.parse(out) as { totals: Record<string, number>; files: typeof rows });
    } catch {
      throw new Error(`cms import exited ${code} without its JSON document: ${err}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const plainSorted = [...plainTimes].sort((a, b) => a - b);
    return {
      files: n, seconds, completed: totals.completed ?? 0, failed: totals.failed ?? 0,
      failures: rows.filter((r) => r.status === 'failed').map((r) => ({ file: path.basename(r.file), reason: r.reason })),
      answers: times.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), maxMs: sorted.at(-1) ?? NaN,
      slowest: sorted.slice(-5).reverse(), loadBefore, loadAfter: os.loadavg(),
      plain: { answers: plainTimes.length, p50Ms: quantile(plainSorted, 0.5), p99Ms: quantile(plainSorted, 0.99), maxMs: plainSorted.at(-1) ?? NaN },
    };
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Resolves once the server has logged a quiet time of its index (written and merged) holding every chunk it counts; at most 60 s. */
async function quietIndex(url: string, token: string, lines: Array<{ msg?: string; indexChunks?: number }>): Promise<void> {
  const metrics = await (await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const chunks = Number(/^cms_index_chunks (\d+)/m.exec(metrics)?.[1]);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
    if (lines.some((l) => l.indexChunks === chunks && /quiet time/.test(l.msg ?? ''))) return;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await healthDuringImport(Number(process.argv[2] ?? 60));
  process.stdout.write(JSON.stringify(r) + '\n');
}
