/**
 * The arrows that must never exist (docs/ARCHITECTURE.md), read from the
 * imports of every source file: ingest, translate and video never import
 * each other; nothing but tests and test support imports core/testing; the
 * server and the CLI import only the front door. Followed transitively
 * (lazy and type-only imports included): the bottom of the house reaches no
 * feature, nothing reaches core/testing, the server and the web never reach
 * the composition root; no import loop, no loop of folders, and every import
 * in core runs down the layers of LAYERS.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mjs)$/;

function sources(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(rel);
    return SOURCE.test(e.name) ? [rel] : [];
  });
}

/** Modules a file imports (static, re-exports, dynamic), as repo paths without extension; packages left out. */
export function importsOf(file: string, text = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm)) {
    const spec = m[1]!;
    let target: string | null = null;
    if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    else if (spec.startsWith('@core/')) target = `core/${spec.slice('@core/'.length)}`;
    if (target) out.push(target.replace(/\.(ts|tsx|mjs|js)$/, ''));
  }
  return out;
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f);
/** Test support: core/testing itself, the test server, the CLI's and e2e helpers. */
const isTestSupport = (f: string) => f.startsWith('core/testing/') || f === 'server/testing.ts' || f === 'cli/test-support.ts' || f.startsWith('web/e2e/');
const product = (dirs: string[]) => dirs.flatMap(sources).filter((f) => !isTest(f) && !isTestSupport(f));

function violations(files: string[], bad: (file: string, target: string) => boolean): string[] {
  return files.flatMap((f) => importsOf(f).filter((t) => bad(f, t)).map((t) => `${f} -> ${t}`));
}

/** Every product file's imports (static, lazy, type-only), resolved to files: the graph the transitive rules walk. */
export function importGraph(files: string[], importsOfFile: (f: string) => string[] = importsOf): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (t: string) => [t, `${t}.ts`, `${t}.tsx`, `${t}.mjs`, `${t}/index.ts`].find((c) => known.has(c));
  return new Map(files.map((f) => [f, [...new Set(importsOfFile(f).map(resolve).filter((x): x is string => x !== undefined))]]));
}

/** The import loops: every group of two or more files that reach each other (or a file importing itself), sorted. */
export function importLoops(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) loops.push(group.sort());
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return loops.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** The shortest import chain from `from` to a file that `bad` picks, as "a -> b -> c"; null when none is reachable. */
export function chainTo(graph: Map<string, string[]>, from: string, bad: (f: string) => boolean): string | null {
  const parent = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const f = queue.shift()!;
    for (const t of graph.get(f) ?? []) {
      if (parent.has(t)) continue;
      parent.set(t, f);
      if (bad(t)) {
        const chain = [t];
        for (let p = parent.get(t); p; p = parent.get(p)) chain.unshift(p);
        return chain.join(' -> ');
      }
      queue.push(t);
    }
  }
  return null;
}

/**
 * The layers of core, top to bottom (docs/ARCHITECTURE.md): a file imports
 * files of its own layer or of the layers below it, never above.
 */
export const LAYERS: readonly (readonly [name: string, files: RegExp])[] = [
  ['programs', /^core\/programs\//],
  ['composition', /^core\/composition\//],
  ['operations', /^core\/operations\//],
  ['front door', /^core\/product\//],
  ['features', /^core\/features\//],
  ['engines', /^core\/engines\//],
  ['formats', /^core\/formats\//],
  ['foundation', /^core\/foundation\//],
];
const layerOf = (f: string) => LAYERS.findIndex(([, files]) => files.test(f));
/** The folder a file lives in, one below its layer: "core/engines/search" for core/engines/search/x.ts; a file loose in a
 * layer (core/engines/metrics.ts) or a single-folder layer (core/product/x.ts) is counted as its own folder. */
const GROUPED = /^core\/(features|engines|foundation)\//;
const folderOf = (f: string) => {
  const parts = f.split('/');
  const depth = GROUPED.test(f) ? 3 : 2;
  return parts.length > depth ? parts.slice(0, depth).join('/') : f;
};

const ROOMS = ['ingest', 'translate', 'video'];
const roomOf = (f: string) => ROOMS.find((r) => f.startsWith(`core/features/${r}/`));
/** What the faces may import from core: the front door, the shared shapes and errors, and core/foundation/shared (pure helpers). */
const FRONT_DOOR = ['core/product/index', 'core/foundation/types', 'core/foundation/schemas/index', 'core/foundation/errors'];
const frontDoor = (t: string) => FRONT_DOOR.includes(t) || t.startsWith('core/foundation/shared/');
/** The composition root (createServices, loadConfig, readLock, ...): for the processes' entry points only. */
const ROOT_MODULE = 'core/composition/root';
/** The CLI process's composition (bin/cms runs cli/main.ts). */
const CLI_COMPOSITION = 'cli/compose.ts';

describe('import rules (docs/ARCHITECTURE.md)', () => {
  it('ingest, translate and video never import each other (tests included)', () => {
    const files = ROOMS.flatMap((r) => sources(`core/features/${r}`));
    assert.ok(files.length > 50, 'the rooms were found');
    assert.deepEqual(violations(files, (f, t) => { const r = roomOf(t); return r !== undefined && r !== roomOf(f); }), []);
  });

  it('nothing imports core/testing outside tests and test support', () => {
    const files = product(['core', 'server', 'cli', 'bin', 'web/src', 'web/widget']);
    assert.deepEqual(violations(files, (_f, t) => t.startsWith('core/testing/')), []);
  });

  it('the server and the CLI import only the front door of core (the CLI\'s composition root aside)', () => {
    const files = product(['server', 'cli']).filter((f) => f !== CLI_COMPOSITION);
    assert.ok(files.length > 30, 'the faces were found');
    assert.deepEqual(violations(files, (_f, t) => t.startsWith('core/') && !frontDoor(t)), []);
  });

  it('outside core, only bin/ and the CLI\'s composition import the composition root and the programs built on it', () => {
    const files = product(['server', 'cli', 'bin', 'web/src', 'web/widget']);
    const composing = (t: string) => t === ROOT_MODULE || t.startsWith('core/programs/');
    assert.deepEqual(violations(files, (f, t) => composing(t) && !f.startsWith('bin/') && f !== CLI_COMPOSITION), []);
    assert.ok(importsOf('bin/server.ts').includes(ROOT_MODULE), 'the server process composes through core/composition/root');
    assert.ok(importsOf(CLI_COMPOSITION).includes(ROOT_MODULE), 'the CLI composes through core/composition/root');
  });

  it('the front door exports the product, its types, errors and edge constants: no composition (services, config loading, locks, spooling, classification)', async () => {
    const front = await import('./product/index');
    const composition = ['createServices', 'loadConfig', 'readLock', 'TOKEN_FILE', 'workerName', 'spoolToTempFile', 'discard', 'classifyFile'];
    assert.deepEqual(composition.filter((name) => name in front), []);
    const root = await import('./composition/root');
    assert.deepEqual(composition.filter((name) => !(name in root) && !['spoolToTempFile', 'discard'].includes(name)), [], 'core/composition/root has them');
  });

  it('routes get the product and the edge\'s needs, never the whole composition', () => {
    const routes = sources('server/routes').filter((f) => !isTest(f));
    assert.ok(routes.length > 10);
    const whole = routes.filter((f) => /\bServices\b/.test(readFileSync(path.join(ROOT, f), 'utf8').replace(/\w+Services\b/g, '')));
    assert.deepEqual(whole, []);
  });

  it('core/foundation/tools, core/formats/mime and core/foundation/shared import no feature room (they are the bottom of the house)', () => {
    const files = product(['core/foundation/tools', 'core/foundation/shared']).concat('core/formats/mime.ts', 'core/formats/types.ts', 'core/engines/storage/layout.ts');
    const feature = /^core\/(ingest|translate|video|chat|content|product|search|jobs|catalog|records)\//;
    assert.deepEqual(violations(files, (_f, t) => feature.test(t)), []);
  });

  it('code that runs in production reaches no dev dependency, following its imports into any folder (type-only imports aside)', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const dev = Object.keys(pkg.devDependencies);
    const found: string[] = [];
    const seen = new Set<string>();
    const queue = product(['core', 'server', 'cli', 'bin']);
    while (queue.length) {
      const f = queue.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      for (const m of readFileSync(path.join(ROOT, f), 'utf8').matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm)) {
        const spec = (m[1] ?? m[2])!;
        if (spec.startsWith('.')) {
          const base = path.posix.join(path.posix.dirname(f), spec).replace(/\.(ts|js|mjs)$/, '');
          const file = ['.ts', '.tsx', '.mjs', '/index.ts'].map((e) => base + e).find((c) => existsSync(path.join(ROOT, c)));
          if (file && !isTest(file) && !isTestSupport(file)) queue.push(file);
        } else if (dev.some((d) => spec === d || spec.startsWith(`${d}/`))) found.push(`${f} -> ${spec}`);
      }
    }
    assert.ok(seen.size > 200, 'the imports were followed');
    assert.deepEqual(found, []);
  });

  it('the web imports core through the @core alias only', () => {
    const files = ['web/src', 'web/widget'].flatMap(sources);
    const relative = files.filter((f) => /from '(\.\.\/)+core\//.test(readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(relative, []);
  });

  it('the rule reader sees every kind of import', () => {
    const text = "import a from './a';\nimport type { B } from '../b';\nexport { c } from './c';\nconst d = await import('./d');\nimport './e';\nimport { T } from '@core/foundation/types';\nimport x from 'node:fs';";
    assert.deepEqual(importsOf('core/x/y.ts', text), ['core/x/a', 'core/b', 'core/x/c', 'core/x/d', 'core/x/e', 'core/foundation/types']);
  });

  describe('followed transitively (lazy and type-only imports included)', () => {
    const graph = importGraph(product(['core', 'server', 'cli', 'bin', 'web/src', 'web/widget']));
    const chains = (files: string[], bad: (f: string) => boolean) => files.map((f) => chainTo(graph, f, bad)).filter((c): c is string => c !== null);

    it('no import loops (type-only and lazy imports included): each loop found is named', () => {
      assert.ok(graph.size > 400, 'the product files were read');
      assert.deepEqual(importLoops(graph).map((l) => l.join(' ')), []);
    });

    it('every import in core runs down the layers or stays in its layer, and every core file has a layer', () => {
      const core = [...graph.keys()].filter((f) => f.startsWith('core/'));
      assert.deepEqual(core.filter((f) => layerOf(f) < 0), [], 'files outside every layer of LAYERS');
      const upward = core.flatMap((f) => graph.get(f)!.filter((t) => layerOf(t) < layerOf(f))
        .map((t) => `${f} (${LAYERS[layerOf(f)]![0]}) -> ${t} (${LAYERS[layerOf(t)]![0]})`));
      assert.deepEqual(upward, []);
    });

    it('core\'s folders import each other one way only (no loop of folders within a layer)', () => {
      const folders = new Map<string, string[]>();
      for (const [f, targets] of graph) {
        if (!f.startsWith('core/')) continue;
        const from = folderOf(f);
        for (const t of targets) if (t.startsWith('core/') && folderOf(t) !== from) folders.set(from, [...new Set([...(folders.get(from) ?? []), folderOf(t)])]);
      }
      assert.deepEqual(importLoops(folders).map((l) => l.join(' ')), []);
    });

    it('the bottom of the house (core/foundation/tools, core/foundation/shared, format facts, MIME, types, storage layout) reaches no feature room', () => {
      const bottom = product(['core/foundation/tools', 'core/foundation/shared']).concat('core/formats/facts.ts', 'core/formats/mime.ts', 'core/formats/types.ts', 'core/engines/storage/layout.ts');
      const feature = /^core\/(ingest|translate|video|chat|content|product|search|jobs|catalog|records)\//;
      assert.deepEqual(chains(bottom, (f) => feature.test(f)), []);
    });

    it('no product file reaches core/testing through any chain', () => {
      assert.deepEqual(chains([...graph.keys()], (f) => f.startsWith('core/testing/')), []);
    });

    it('the server and the web reach the composition root through no chain', () => {
      const faces = [...graph.keys()].filter((f) => /^(server|web)\//.test(f));
      assert.ok(faces.length > 100, 'the faces were found');
      assert.deepEqual(chains(faces, (f) => f === `${ROOT_MODULE}.ts`), []);
    });

    it('ingest, translate and video reach each other through no chain of other folders either', () => {
      const found = [...graph.keys()].filter((f) => roomOf(f))
        .map((f) => chainTo(graph, f, (x) => roomOf(x) !== undefined && roomOf(x) !== roomOf(f))).filter((c): c is string => c !== null);
      assert.deepEqual(found, []);
    });

    it('the graph walk finds loops and names chains', () => {
      const imports: Record<string, string[]> = { 'a.ts': ['b'], 'b.ts': ['c'], 'c.ts': ['a', 'd'], 'd.ts': [], 'e.ts': ['e'] };
      const g = importGraph(Object.keys(imports), (f) => imports[f] ?? []);
      assert.deepEqual(importLoops(g), [['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
      assert.equal(chainTo(g, 'a.ts', (f) => f === 'd.ts'), 'a.ts -> b.ts -> c.ts -> d.ts');
      assert.equal(chainTo(g, 'd.ts', (f) => f === 'a.ts'), null);
    });
  });
});
