// Builds the test files into plain JavaScript for the test script (scripts/test.sh): one esbuild pass over every
// *.test.ts named on the command line, into `<outdir>/<same path>.test.mjs`, code shared between them split into
// chunks. Node then runs them with no loader hooks: through tsx each of the ~220 test processes resolved and
// compiled its TypeScript modules through hooks, 0.8-2.6 s of CPU per file more (measured on six files), about a
// tenth of the suite's CPU. Packages stay external (loaded from node_modules as usual), so the output folder must
// sit inside the repo (node_modules/.cache/...); `import.meta.url` and friends name the source files
// (bin/esbuild-options.mjs), so fixtures, workers and the repo's own files are found as when run from source.
// Usage: node scripts/build-tests.mjs <outdir> <file.test.ts>...
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeWorkerBuild, nodeBundle } from '../bin/esbuild-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [outdir, ...files] = process.argv.slice(2);
if (!outdir || files.length === 0) {
  process.stderr.write('usage: node scripts/build-tests.mjs <outdir> <file.test.ts>...\n');
  process.exit(2);
}
await rm(outdir, { recursive: true, force: true });
const worker = mergeWorkerBuild(root, outdir, true);
await build({ ...nodeBundle, absWorkingDir: root, entryPoints: [...files, worker.entry], define: worker.define, outdir, outbase: '.' });
