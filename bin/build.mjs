// Builds the `cms` command and the server into plain JavaScript (bin/dist/cms.mjs, server.mjs, shared chunks) so that it starts without
// tsx compiling and resolving hundreds of TypeScript modules through loader hooks: `cms --help` costs 1.4 s of
// CPU instead of 4.6 s, `cms ls` 3.4 s instead of 7.8 s. bin/launch (behind bin/cms and `npm start`) runs this
// build when no source is newer than it, and the TypeScript through tsx otherwise, so an edit is never run stale.
//
// Packages stay external (node_modules loads natively, with no hooks in the way); dynamic imports stay lazy (code
// splitting: a PDF's translation module loads only when a PDF is translated). `import.meta.url` is replaced by
// each source file's own URL (bin/esbuild-options.mjs), so paths made from it (workers, package.json, web/dist) name
// the same files as when run from source.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeWorkerBuild, nodeBundle } from './esbuild-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'bin', 'dist');

/** The folders and files the build holds, one per line: bin/launch checks the same ones for edits. */
const SOURCES = readFileSync(path.join(root, 'bin', 'build-sources'), 'utf8').split('\n').filter(Boolean);

// --if-stale (setup, the test script): only when bin/launch finds a source newer than the build.
if (process.argv.includes('--if-stale') && spawnSync(path.join(root, 'bin', 'launch'), ['--current']).status === 0) process.exit(0);

const started = performance.now();
// Built beside, then swapped in: a `cms` running from the old build keeps finding its chunks until the swap.
const fresh = `${outdir}.${process.pid}`;
const worker = mergeWorkerBuild(root, outdir, false);
const result = await build({
  ...nodeBundle,
  absWorkingDir: root,
  entryPoints: { cms: 'cli/main.ts', server: 'bin/server.ts', ...worker.entry },
  define: worker.define,
  outdir: fresh,
  metafile: true,
}).catch(async (e) => { await rm(fresh, { recursive: true, force: true }); throw e; });
// A source outside the checked ones would let bin/launch run a stale build: refuse it here.
const unchecked = Object.keys(result.metafile.inputs).filter((f) => !SOURCES.some((s) => f === s || f.startsWith(`${s}/`)));
if (unchecked.length) {
  await rm(fresh, { recursive: true, force: true });
  throw new Error(`bin/build.mjs: the build holds ${unchecked.join(', ')}, which bin/launch does not check for edits: add them to bin/build-sources`);
}
await rm(outdir, { recursive: true, force: true });
await rename(fresh, outdir);
if (process.argv.includes('--verbose')) process.stderr.write(`Built bin/dist in ${Math.round(performance.now() - started)} ms\n`);
