// Builds the `cms` command and the server into plain JavaScript (bin/dist/cms.mjs, server.mjs, shared chunks) so that it starts without
// tsx compiling and resolving hundreds of TypeScript modules through loader hooks: `cms --help` costs 1.4 s of
// CPU instead of 4.6 s, `cms ls` 3.4 s instead of 7.8 s. bin/launch (behind bin/cms and `npm start`) runs this
// build when no source is newer than it, and the TypeScript through tsx otherwise, so an edit is never run stale.
//
// Packages stay external (node_modules loads natively, with no hooks in the way); dynamic imports stay lazy (code
// splitting: a PDF's translation module loads only when a PDF is translated). `import.meta.url` is replaced by
// each source file's own URL, so paths made from it (workers, package.json, web/dist) name the same files as
// when run from source.
import { build } from 'esbuild';
import { readdirSync, statSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'bin', 'dist');

const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      return {
        contents: text.includes('import.meta.url') ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)) : text,
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Folders of sources, and the files elsewhere, that the build holds: bin/launch checks the same for staleness. */
const SOURCE_DIRS = ['cli', 'core', 'server'];
const OTHER_SOURCES = ['bin/server.ts', 'web/widget/files.ts'];

/** Newest modification time of the sources bin/cms compares the build with (the same folders and names). */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(tsx?|json)$/.test(e.name) && !e.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  // The two sources outside those folders that the build holds (the server's entry, the widget's file names).
  for (const f of OTHER_SOURCES) newest = Math.max(newest, statSync(path.join(root, f)).mtimeMs);
  return newest;
}

// --if-stale (setup, the test script): only when a source is newer than the build.
if (process.argv.includes('--if-stale')) {
  let built = 0;
  try { built = statSync(path.join(outdir, 'cms.mjs')).mtimeMs; } catch { /* not built yet */ }
  if (built > newestSource()) process.exit(0);
}

const started = performance.now();
// Built beside, then swapped in: a `cms` running from the old build keeps finding its chunks until the swap.
const fresh = `${outdir}.${process.pid}`;
const result = await build({
  absWorkingDir: root,
  entryPoints: { cms: 'cli/main.ts', server: 'bin/server.ts' },
  outdir: fresh,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  plugins: [sourceUrls],
  logLevel: 'warning',
  metafile: true,
}).catch(async (e) => { await rm(fresh, { recursive: true, force: true }); throw e; });
// A source outside the checked ones would let bin/launch run a stale build: refuse it here.
const unchecked = Object.keys(result.metafile.inputs).filter((f) => !SOURCE_DIRS.some((d) => f.startsWith(`${d}/`)) && !OTHER_SOURCES.includes(f));
if (unchecked.length) {
  await rm(fresh, { recursive: true, force: true });
  throw new Error(`bin/build.mjs: the build holds ${unchecked.join(', ')}, which bin/launch does not check for edits: add them to both`);
}
await rm(outdir, { recursive: true, force: true });
await rename(fresh, outdir);
if (process.argv.includes('--verbose')) process.stderr.write(`Built bin/dist in ${Math.round(performance.now() - started)} ms\n`);
