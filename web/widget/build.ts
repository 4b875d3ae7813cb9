/**
 * Builds the embeddable widget with esbuild (its own small bundles, apart
 * from the console's): widget.js (the loader sites embed) and
 * widget-frame.js (the chat panel in the iframe), into web/widget/dist.
 * `npm run build:web` runs it; `measureWidget()` reports the gzipped sizes
 * for `npm run bench` (budget: 30 kB gzipped for both together).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

import { WIDGET_DIST, WIDGET_FILES } from './files';

export { WIDGET_DIST, WIDGET_FILES };
const widgetDir = dirname(fileURLToPath(import.meta.url));
export const WIDGET_BUDGET_GZIP = 30 * 1024;

/** Sources the bundles are made of (the widget folder and the chat media helpers it shares with /chat). */
const sourceDirs = [widgetDir, join(widgetDir, '..', 'src', 'features', 'chat')];

function newestSource(): number {
  let newest = 0;
  for (const dir of sourceDirs) {
    for (const f of readdirSync(dir)) if (f.endsWith('.ts') && !f.endsWith('.test.ts')) newest = Math.max(newest, statSync(join(dir, f)).mtimeMs);
  }
  return newest;
}

export function widgetIsStale(): boolean {
  const files = Object.values(WIDGET_FILES).map((f) => join(WIDGET_DIST, f));
  if (!files.every(existsSync)) return true;
  return newestSource() > Math.min(...files.map((f) => statSync(f).mtimeMs));
}

export async function buildWidget(): Promise<void> {
  await build({
    entryPoints: { widget: join(widgetDir, 'loader.ts'), 'widget-frame': join(widgetDir, 'frame.ts') },
    outdir: WIDGET_DIST,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
  });
}

export async function ensureWidgetBuild(opts: { force?: boolean } = {}): Promise<void> {
  if (opts.force || widgetIsStale()) await buildWidget();
}

export interface WidgetSize {
  files: Record<string, { raw: number; gzip: number }>;
  totalGzip: number;
  budgetGzip: number;
}

export async function measureWidget(opts: { rebuild?: boolean } = {}): Promise<WidgetSize> {
  await ensureWidgetBuild({ force: opts.rebuild });
  const files: WidgetSize['files'] = {};
  for (const f of Object.values(WIDGET_FILES)) {
    const bytes = readFileSync(join(WIDGET_DIST, f));
    files[f] = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  }
  return { files, totalGzip: Object.values(files).reduce((n, f) => n + f.gzip, 0), budgetGzip: WIDGET_BUDGET_GZIP };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = await measureWidget({ rebuild: true });
  console.log(JSON.stringify(size, null, 2));
}
