/**
 * The browser code holds no Node code: every file the console (web/src/main.tsx)
 * and the widget (web/widget) reach, following static and lazy `import()`
 * imports into core and node_modules, imports no `node:` module and no Node
 * builtin. Reads the import graph with esbuild's metafile (nothing written),
 * with Vite's `@core` alias; type-only imports are erased as in the build.
 */
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILTINS = new Set(builtinModules);
const isNodeModule = (spec: string) => spec.startsWith('node:') || BUILTINS.has(spec) || BUILTINS.has(spec.split('/')[0]!);

/** Node modules are left out of the graph (external) instead of failing the build, so the chain to them can be named. */
const nodeExternal: Plugin = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (isNodeModule(args.path) ? { path: args.path, external: true } : undefined));
  },
};

interface Source { entryPoints?: string[]; stdin?: string }
/** How the metafile names an entry given as text. */
const STDIN_ENTRY = 'web/src/<entry>';

/** The import graph from the entry points, as esbuild bundles it for the browser. */
async function importGraph(source: Source): Promise<Metafile> {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    ...(source.stdin !== undefined
      ? { stdin: { contents: source.stdin, resolveDir: path.join(ROOT, 'web/src'), sourcefile: '<entry>', loader: 'ts' } }
      : { entryPoints: source.entryPoints }),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    outdir: path.join(ROOT, 'web/dist-graph'),
    alias: { '@core': path.join(ROOT, 'core') },
    plugins: [nodeExternal],
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.jpg': 'empty', '.woff': 'empty', '.woff2': 'empty' },
    logLevel: 'silent',
  });
  return metafile!;
}

/**
 * Every file reached that imports Node code, as its shortest import chain
 * from an entry: "web/src/main.tsx -> ... -> core/formats/markdown.ts -> node:fs/promises (dynamic-import)".
 */
export async function nodeImportChains(source: Source): Promise<string[]> {
  const { inputs } = await importGraph(source);
  const entries = source.stdin !== undefined ? [STDIN_ENTRY] : source.entryPoints!;
  const parent = new Map<string, string | null>(entries.map((e) => [e, null]));
  const queue = [...entries];
  const chains: string[] = [];
  const chainTo = (file: string): string[] => {
    const chain = [file];
    for (let p = parent.get(file); p; p = parent.get(p)) chain.unshift(p);
    return chain;
  };
  while (queue.length) {
    const file = queue.shift()!;
    for (const imp of inputs[file]?.imports ?? []) {
      if (imp.external && isNodeModule(imp.path)) chains.push(`${[...chainTo(file), imp.path].join(' -> ')} (${imp.kind})`);
      else if (!imp.external && inputs[imp.path] && !parent.has(imp.path)) {
        parent.set(imp.path, file);
        queue.push(imp.path);
      }
    }
  }
  return chains;
}

describe('the web bundle holds no Node code', () => {
  it('nothing the console or the widget reaches (lazy imports included) imports a node: module or a Node builtin', async () => {
    const entryPoints = ['web/src/main.tsx', 'web/widget/loader.ts', 'web/widget/frame.ts'];
    const { inputs } = await importGraph({ entryPoints });
    assert.ok(Object.keys(inputs).some((f) => f.startsWith('core/')), 'core files reached through @core were followed');
    assert.ok(Object.keys(inputs).length > 500, `the graph was followed into node_modules (${Object.keys(inputs).length} files)`);
    assert.deepEqual(await nodeImportChains({ entryPoints }), []);
  });

  it('the check names the chain to Node code (here: the ingest room\'s extractors, which load Node code lazily)', async () => {
    const chains = await nodeImportChains({ stdin: "import { EXTRACTORS } from '@core/features/ingest/extractors';\nconsole.log(Object.keys(EXTRACTORS));\n" });
    assert.ok(chains.length > 0, 'the extractors reach Node code');
    const first = chains[0]!;
    assert.match(first, /^web\/src\/<entry> -> core\/features\/ingest\/extractors\.ts -> .*(node:[\w/]+|[\w/]+) \((import-statement|dynamic-import|require-call)\)$/);
    assert.ok(chains.some((c) => c.includes('node:fs/promises')), chains.join('\n'));
  });

  it('the format registry itself reaches no Node code (each room registers its own extractor or translator)', async () => {
    assert.deepEqual(await nodeImportChains({ stdin: "import { FORMATS } from '@core/formats/index';\nconsole.log(FORMATS.length);\n" }), []);
  });
});
