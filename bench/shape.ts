/**
 * Measures the code's shape (issue 8): what faces import from core, raw
 * catalog accesses, places that map upload fields, item status written by
 * hand, and the longest route handler and CLI command action.
 *   node --import tsx bench/shape.ts [ROOT] [--json]
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '.');
const isTestSupport = (f: string) => /\.test\.tsx?$|[/\\]testing[/\\]|[/\\]testing\.ts$|test-support\.ts$|test-fixtures\.ts$|test-chunks\.ts$|storage[/\\]contract\.ts$/.test(f);

function files(dir: string): string[] {
  const abs = path.join(root, dir);
  try {
    statSync(abs);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of readdirSync(abs, { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(rel));
    else if (/\.tsx?$/.test(e.name) && !isTestSupport(rel)) out.push(rel);
  }
  return out;
}
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

/** Distinct core modules a face's product files import. */
function coreImports(face: string): string[] {
  const mods = new Set<string>();
  for (const f of files(face)) {
    for (const m of read(f).matchAll(/(?:from|import\()\s*'((?:\.\.\/)+core\/[^']+)'/g)) {
      mods.add(path.relative(root, path.resolve(root, path.dirname(f), m[1])));
    }
  }
  return [...mods].sort();
}

/** Lines of `catalog.batch(` / `catalog.data` outside core/catalog/. */
const rawCatalog = () =>
  ['core', 'server', 'cli', 'bench'].flatMap(files).filter((f) => !f.startsWith('core/catalog/') && !f.endsWith('bench/shape.ts'))
    .flatMap((f) => read(f).split('\n').map((l, i) => ({ f, i, l })).filter((x) => /catalog(\(\))?\.(batch|data)\b/.test(x.l)).map((x) => `${x.f}:${x.i + 1}`));

/** Files that read a spec upload field by name from what a face received (title vs label, languageto, ...). */
const fieldMappers = () =>
  ['core', 'server', 'cli'].flatMap(files).filter((f) =>
    /\b(fields|raw|request)\.(title|label|languageto|needsTranslation|targetLanguage|hasSpeech|subcategory|translateTo)\b|\b(label|languageto): (f|r)\.(title|needsTranslation|translateTo)\b/.test(read(f)));

/** Lines outside the derivation that set an item's status to a processing state. */
const handStatus = () =>
  files('core').filter((f) => !f.startsWith('core/jobs/') && !f.endsWith('core/types.ts'))
    .flatMap((f) => read(f).split('\n').map((l, i) => ({ f, i, l }))
      .filter((x) => /status: '(pending|processing|extracting|analyzing|converting|completed|failed)'|\.status = '|\.step\(\s*'(processing|extracting|analyzing)'/.test(x.l))
      .filter((x) => !/contentItems|type: cleanText/.test(x.l))
      .map((x) => `${x.f}:${x.i + 1}`));

/** Index just past the parenthesis that closes the one at `open` (strings and comments skipped). */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i);
    else if (c === "'" || c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
    if (i < 0) break;
  }
  return text.length;
}

/** Longest call matching `pattern` (its arguments: options and handler) in lines, in a face's files. */
function longest(dir: string, pattern: RegExp) {
  let best = { lines: 0, where: '' };
  for (const f of files(dir)) {
    const text = read(f);
    for (const m of text.matchAll(pattern)) {
      const open = m.index! + m[0].length - 1;
      const end = closing(text, open);
      const first = text.slice(0, m.index).split('\n').length;
      const lines = text.slice(m.index, end).split('\n').length;
      if (lines > best.lines) best = { lines, where: `${f}:${first}` };
    }
  }
  return best;
}

const report = {
  coreModulesImportedBy: { server: coreImports('server'), cli: coreImports('cli') },
  rawCatalogAccessesOutsideCatalog: rawCatalog(),
  placesMappingUploadFields: fieldMappers(),
  statusFieldsKeptByHand: handStatus(),
  longestRouteHandler: longest('server', /\b(app|admin)\.(get|post|patch|put|delete)(<[^(]*>)?\(/g),
  longestCliCommandAction: longest('cli/commands', /\.action\(/g),
};
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
else {
  const list = (xs: string[]) => `${xs.length}${xs.length ? `  (${xs.join(', ')})` : ''}`;
  console.log(`core modules imported by server/: ${list(report.coreModulesImportedBy.server)}`);
  console.log(`core modules imported by cli/:    ${list(report.coreModulesImportedBy.cli)}`);
  console.log(`raw catalog accesses outside core/catalog/: ${list(report.rawCatalogAccessesOutsideCatalog)}`);
  console.log(`places mapping upload fields: ${list(report.placesMappingUploadFields)}`);
  console.log(`status fields kept by hand: ${list(report.statusFieldsKeptByHand)}`);
  console.log(`longest route handler: ${report.longestRouteHandler.lines} lines (${report.longestRouteHandler.where})`);
  console.log(`longest CLI command action: ${report.longestCliCommandAction.lines} lines (${report.longestCliCommandAction.where})`);
}
