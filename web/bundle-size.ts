/**
 * Initial JavaScript cost of the console: the entry chunk plus every chunk it
 * imports statically (from Vite's manifest), gzipped. Lazy route chunks are
 * not counted. `npm run bench` calls `measureInitialJs()`.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const webDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = dirname(webDir);
export const distDir = join(webDir, 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleReport {
  /** Gzipped bytes of the entry chunk and its static imports. */
  initialJsGzip: number;
  initialJsRaw: number;
  initialCssGzip: number;
  files: string[];
  /** Gzipped bytes of the chunks loaded for each lazy route (beyond the initial ones). */
  lazyChunks: Record<string, number>;
}

async function newestSourceTime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestSourceTime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** True when web/dist is missing or older than a source file (web/src, index.html, vite config, core/foundation/types). */
export async function distIsStale(): Promise<boolean> {
  if (!existsSync(manifestPath)) return true;
  const built = statSync(manifestPath).mtimeMs;
  const sources = Math.max(
    await newestSourceTime(join(webDir, 'src')),
    statSync(join(webDir, 'index.html')).mtimeMs,
    statSync(join(webDir, 'vite.config.ts')).mtimeMs,
    statSync(join(repoRoot, 'core', 'foundation', 'types.ts')).mtimeMs,
  );
  return sources > built;
}

/** Builds web/dist with `vite build` when it is missing or stale. */
export async function ensureWebBuild(opts: { force?: boolean } = {}): Promise<void> {
  if (!opts.force && !(await distIsStale())) return;
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  await promisify(execFile)(process.execPath, [vite, 'build', '--config', join(webDir, 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
}

const gz = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export function readBundleReport(): BundleReport {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error(`No entry chunk in ${manifestPath}`);
  const initial = staticClosure(manifest, entryKey);
  const files = [...initial].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const css = [...initial].flatMap((k) => manifest[k].css ?? []);
  const lazyChunks: Record<string, number> = {};
  for (const dyn of manifest[entryKey].dynamicImports ?? []) {
    const extra = [...staticClosure(manifest, dyn)].filter((k) => !initial.has(k));
    lazyChunks[dyn] = extra.map((k) => manifest[k].file).filter((f) => f.endsWith('.js')).reduce((s, f) => s + gz(f), 0);
  }
  return {
    initialJsGzip: files.reduce((s, f) => s + gz(f), 0),
    initialJsRaw: files.reduce((s, f) => s + statSync(join(distDir, f)).size, 0),
    initialCssGzip: css.reduce((s, f) => s + gz(f), 0),
    files,
    lazyChunks,
  };
}

/** Builds if needed, then returns the gzipped initial JS size in bytes (and the details). */
export async function measureInitialJs(opts: { rebuild?: boolean } = {}): Promise<BundleReport> {
  await ensureWebBuild({ force: opts.rebuild });
  return readBundleReport();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = await measureInitialJs({ rebuild: process.argv.includes('--rebuild') });
  console.log(JSON.stringify({ ...report, initialJsGzipKB: +(report.initialJsGzip / 1024).toFixed(1) }, null, 2));
}
