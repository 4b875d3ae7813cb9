/**
 * Bulk import at scale: `cms import` (direct mode, a real child process)
 * of N files made from the shared corpus's PDF, DOCX and PPTX files
 * repeated with varied bytes (a PDF comment after %%EOF, a ZIP archive
 * comment), so each copy is a new file to the product. Samples the CLI's
 * RSS (and with its tools) every few seconds with the items done so far
 * (read from the catalog file), and reports files/min per format.
 *   node --import tsx bench/bulk-import.ts [N] [--json]
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, rssMb, treeRssMb } from './proc';

const SHARED = path.resolve(process.env.SHARED_DIR ?? path.join(ROOT, '..', '..', 'shared'));

/** A copy of a ZIP (DOCX, PPTX) with `comment` as its archive comment: other bytes, same content. */
export function zipWithComment(bytes: Buffer, comment: string): Buffer {
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) !== 0x06054b50) continue;
    const c = Buffer.from(comment, 'latin1');
    const head = Buffer.from(bytes.subarray(0, i + 22));
    head.writeUInt16LE(c.length, i + 20);
    return Buffer.concat([head, c]);
  }
  throw new Error('no ZIP end record');
}

export function makeFiles(dir: string, n: number): Array<{ file: string; format: string }> {
  const sources: Array<{ file: string; format: string }> = [];
  for (const format of ['pdf', 'docx', 'pptx']) {
    const folder = path.join(SHARED, 'corpus', format);
    if (existsSync(folder)) for (const f of readdirSync(folder).sort()) if (f.endsWith(`.${format}`)) sources.push({ file: path.join(folder, f), format });
  }
  if (sources.length === 0) throw new Error(`no corpus files under ${SHARED}`);
  mkdirSync(dir, { recursive: true });
  const out: Array<{ file: string; format: string }> = [];
  for (let i = 0; i < n; i++) {
    const src = sources[i % sources.length];
    const round = Math.floor(i / sources.length);
    const name = `${String(i).padStart(5, '0')}-${path.basename(src.file)}`;
    const target = path.join(dir, name);
    if (round === 0) copyFileSync(src.file, target);
    else {
      const bytes = readFileSync(src.file);
      const tag = `cms-bench copy ${round} of ${path.basename(src.file)}`;
      writeFileSync(target, src.format === 'pdf' ? Buffer.concat([bytes, Buffer.from(`\n%${tag}\n`)]) : zipWithComment(bytes, tag));
    }
    out.push({ file: target, format: src.format });
  }
  return out;
}

interface Sample { s: number; rssMb: number; treeMb: number; done: number; failed: number }

function progress(dataDir: string): { done: number; failed: number } {
  try {
    const db = JSON.parse(readFileSync(path.join(dataDir, 'db.json'), 'utf8')) as Record<string, unknown>;
    let done = 0, failed = 0;
    for (const v of Object.values(db)) {
      if (!Array.isArray(v)) continue;
      for (const r of v as Array<{ status?: string }>) {
        if (r.status === 'completed') done++;
        else if (r.status === 'failed') failed++;
      }
    }
    return { done, failed };
  } catch {
    return { done: 0, failed: 0 };
  }
}

export async function bulkImport(n: number, log: (s: string) => void = () => {}) {
  const work = mkdtempSync(path.join(process.env.BENCH_BULK_DIR ?? os.tmpdir(), 'bench-bulk-'));
  try {
    const files = makeFiles(path.join(work, 'in'), n);
    const dataDir = path.join(work, 'data');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password-long-enough', CMS_TOKEN: 'bench-token-bench-token-bench-token-0123' };
    delete env.CMS_URL;
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli', 'main.ts'), 'import', path.join(work, 'in'), '--json', '--approve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
    const samples: Sample[] = [];
    const timer = setInterval(() => {
      try {
        const p = progress(dataDir);
        const s = { s: (performance.now() - t0) / 1000, rssMb: rssMb(child.pid!), treeMb: treeRssMb(child.pid!), ...p };
        samples.push(s);
        if (samples.length % 6 === 0) log(`${s.s.toFixed(0)} s: ${s.done} completed, ${s.failed} failed, cms RSS ${s.rssMb.toFixed(0)} MB (with tools ${s.treeMb.toFixed(0)} MB), load ${os.loadavg()[0].toFixed(1)}`);
      } catch { /* the process just ended */ }
    }, 5000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(timer);
    const seconds = (performance.now() - t0) / 1000;
    let result: { files: Array<{ file: string; status: string; ms: number; reason: string | null }>; totals: Record<string, number> };
    try {
      result = JSON.parse(out);
    } catch {
      throw new Error(`cms import exited ${code} without its JSON document: ${err}`);
    }
    const formatOf = new Map(files.map((f) => [path.basename(f.file), f.format]));
    const perFormat: Record<string, { files: number; completed: number; failed: number; meanOwnSeconds: number; filesPerMinOneWorker: number }> = {};
    for (const row of result.files) {
      const format = formatOf.get(path.basename(row.file)) ?? 'other';
      const f = (perFormat[format] ??= { files: 0, completed: 0, failed: 0, meanOwnSeconds: 0, filesPerMinOneWorker: 0 });
      f.files++;
      if (row.status === 'failed') f.failed++; else f.completed++;
      f.meanOwnSeconds += row.ms / 1000;
    }
    for (const f of Object.values(perFormat)) {
      f.meanOwnSeconds /= f.files;
      f.filesPerMinOneWorker = 60 / f.meanOwnSeconds;
    }
    // Memory over the run: the median of each quarter of the samples.
    const q = (i: number) => {
      const part = samples.slice(Math.floor((i * samples.length) / 4), Math.floor(((i + 1) * samples.length) / 4)).map((s) => s.rssMb).sort((a, b) => a - b);
      return part[Math.floor(part.length / 2)] ?? NaN;
    };
    return {
      files: n, exitCode: code, seconds, filesPerMin: n / (seconds / 60), totals: result.totals, perFormat,
      rssQuartersMb: [q(0), q(1), q(2), q(3)], peakRssMb: Math.max(...samples.map((s) => s.rssMb)), peakTreeMb: Math.max(...samples.map((s) => s.treeMb)),
      samples: samples.filter((_, i) => i % 12 === 0), load: os.loadavg().map((x) => x.toFixed(2)).join(', '),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 2000);
  const r = await bulkImport(n, (s) => process.stderr.write(`${s}\n`));
  process.stdout.write(JSON.stringify(r) + '\n');
}
