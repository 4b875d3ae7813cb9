// What the builds of this repo's TypeScript for Node share (bin/build.mjs: the product; scripts/build-tests.mjs: the
// test files): ESM bundles with code splitting, packages left external (node_modules loads natively), and
// `import.meta.url`, `import.meta.dirname` and `import.meta.filename` replaced by each source file's own, so paths made
// from them (workers, package.json, web/dist, fixtures beside a test) name the same files as when run from source.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      if (text.includes('import.meta.')) {
        text = text
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
      }
      return { contents: text, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * The lexical index's merge worker, built with a bundle (an extra entry point) and named to it through a define, so a
 * bundle's merge starts the worker as plain JavaScript instead of registering tsx in each worker thread (about a
 * CPU-second a merge: tsx's esbuild service and its compiles); run from source, the worker is the TypeScript through
 * tsx as before (core/engines/search/lexical-merge.ts). `outdir` is where the bundle goes (the final folder, not a
 * folder built beside it and renamed); `keepsFolders` when the build keeps the repo's folders (`outbase: '.'`, the
 * test build), otherwise the worker is a named entry at the top of `outdir` (bin/dist).
 */
export const MERGE_WORKER_SOURCE = 'core/engines/search/lexical-merge-worker.ts';
export function mergeWorkerBuild(root, outdir, keepsFolders) {
  const rel = keepsFolders ? MERGE_WORKER_SOURCE.replace(/\.ts$/, '.mjs') : 'lexical-merge-worker.mjs';
  const url = pathToFileURL(path.resolve(root, outdir, rel)).href;
  return { entry: keepsFolders ? MERGE_WORKER_SOURCE : { 'lexical-merge-worker': MERGE_WORKER_SOURCE }, define: { __CMS_MERGE_WORKER__: JSON.stringify(url) } };
}

/** esbuild options for a Node build of the repo's TypeScript; the caller adds entry points and where they go. */
export const nodeBundle = {
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  plugins: [sourceUrls],
  logLevel: 'warning',
};
