/**
 * Measures the code's shape (issue 8): what faces import from core, raw
 * catalog accesses, places that map upload fields, item status written by
 * hand, and the longest route handler and CLI command action. Issue 23:
 * files that list the file formats (what adding a format touches), files
 * that restate the Product surface or the route list (what adding an
 * endpoint touches), imports between ingest/translate/video, and the
 * places that know a MIME type or the storage key layout; the files touched
 * to add a format (as measured) and an endpoint (computed from the above).
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

/** Lines of `catalog.batch(` / `catalog.data` outside core/engines/catalog/. */
const rawCatalog = () =>
  ['core', 'server', 'cli', 'bench'].flatMap(files).filter((f) => !f.startsWith('core/engines/catalog/') && !f.endsWith('bench/shape.ts'))
    .flatMap((f) => read(f).split('\n').map((l, i) => ({ f, i, l })).filter((x) => /catalog(\(\))?\.(batch|data)\b/.test(x.l)).map((x) => `${x.f}:${x.i + 1}`));

/** Files that read a spec upload field by name from what a face received (title vs label, languageto, ...). */
const fieldMappers = () =>
  ['core', 'server', 'cli'].flatMap(files).filter((f) =>
    /\b(fields|raw|request)\.(title|label|languageto|needsTranslation|targetLanguage|hasSpeech|subcategory|translateTo)\b|\b(label|languageto): (f|r)\.(title|needsTranslation|translateTo)\b/.test(read(f)));

/** Lines outside the derivation that set an item's status to a processing state. */
const handStatus = () =>
  files('core').filter((f) => !f.startsWith('core/engines/jobs/') && !f.endsWith('core/foundation/types.ts'))
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

/** Non-test source files of the product (core, faces, web). */
const productFiles = () => ['core', 'server', 'cli', 'web/src', 'web/widget', 'bin'].flatMap(files).filter((f) => !f.startsWith('bench/'));

/** Files that name three or more of the file formats as words in code (an enumeration of formats: a new format is one more entry there). */
const formatLists = () => productFiles().filter((f) => {
  const text = read(f).replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
  return ['pdf', 'docx', 'pptx', 'mp4'].filter((k) => new RegExp(`['"\`.]${k}\\b|\\b${k}:`).test(text)).length >= 3;
});

/** Method names of the Product interface (core/product/types.ts). */
function productMethods(): string[] {
  const text = read('core/product/types.ts');
  const start = text.indexOf('export interface Product {');
  if (start < 0) return [];
  const body = text.slice(start, closingBrace(text, text.indexOf('{', start)));
  return [...body.matchAll(/^\s{2}(\w+)\??[<(]/gm)].map((m) => m[1]!);
}
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Files besides the interface that restate the Product surface (name half its methods or more), and files that list the routes by hand. */
function endpointRestatements(): { productSurface: string[]; routeLists: string[] } {
  const methods = productMethods();
  const all = [...productFiles(), ...files('core/testing'), CONTRACT];
  const productSurface = all.filter((f) => f !== 'core/product/types.ts' && methods.length > 0
    && methods.filter((m) => new RegExp(`\\b${m}\\b`).test(read(f))).length >= methods.length / 2);
  const routeLists = all.filter((f) => (read(f).match(/'(GET|POST|PATCH|PUT|DELETE) \/api\//g) ?? []).length >= 10);
  return { productSurface, routeLists };
}

/** The contract suite every Product method has a case in (test support, so files() leaves it out). */
const CONTRACT = 'core/testing/product-contract.ts';

/**
 * Files a new endpoint touches: its use case (core/product/<area>.ts), its Product member
 * (core/product/types.ts), its route (its entry in server/api/<area>.ts: method, url, arguments, schemas, doc;
 * the server registers it and the CLI's HTTP client calls it from that entry, issue 36.5), every
 * file that restates the Product surface (each needs its entry: the typecheck says so), every
 * hand-written route list, and the contract case. Checked by adding GET /api/categories/:id
 * (Product.category) in a scratch tree: the typecheck passed after exactly these files.
 * A new area adds its use-case file to core/product/index.ts and its route file to server/app.ts.
 */
function endpointCost(r: { productSurface: string[]; routeLists: string[] }): string[] {
  return [...new Set(['core/product/<area>.ts', 'core/product/types.ts', 'server/api/<area>.ts', ...r.productSurface, ...r.routeLists, CONTRACT])];
}

/** Measured when the registry landed: Markdown was added in its file, one registry line and its test (commit 33f1921); since the facts left the registry for the web (issue 36.6), its facts line too. */
const FORMAT_COST = ['core/formats/facts.ts', 'core/formats/markdown.ts', 'core/formats/index.ts', 'core/formats/markdown.test.ts'];

const ROOMS = ['ingest', 'translate', 'video'];
/** Imports from one of ingest/translate/video into another (tests included: they are code too). */
const crossRoomImports = () =>
  ROOMS.flatMap((room) => files(`core/features/${room}`).concat(allTests(`core/features/${room}`)).flatMap((f) =>
    [...read(f).matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)]
      .map((m) => path.relative(root, path.resolve(root, path.dirname(f), m[1]!)))
      .filter((target) => ROOMS.some((r) => r !== room && target.startsWith(`core/features/${r}/`)))
      .map((target) => `${f} -> ${target}`)));
function allTests(dir: string): string[] {
  const abs = path.join(root, dir);
  try { statSync(abs); } catch { return []; }
  return readdirSync(abs, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Files that write a file format's MIME type (not HTTP's own JSON/HTML/event-stream types); the format registry (core/formats/) counts as one place. */
const MIME_LITERAL = /['"`](application\/(pdf|zip|vnd\.openxmlformats[\w.-]*)|image\/(png|jpe?g|gif|webp|tiff)|video\/(mp4|webm|quicktime)|audio\/(wav|mpeg)|text\/(vtt|plain))\b/;
const mimePlaces = () => [...new Set(productFiles().filter((f) => MIME_LITERAL.test(read(f))).map((f) => (f.startsWith('core/formats/') ? 'core/formats/' : f)))];

/** Files that spell a storage key's folders (to make a key or to match one). */
const KEY_LITERAL = /[`'"^]\^?(documents|presentations|videos|images|files|text)(\/|\\\/)(\(\?:)?(translated|original_files|translated_files|thumbnails|transcripts|subtitles|documents|presentations|videos|support|tmp|\$\{|\(\\d)/;
const keyLayoutPlaces = () => productFiles().filter((f) => KEY_LITERAL.test(read(f)));

const report = {
  coreModulesImportedBy: { server: coreImports('server'), cli: coreImports('cli') },
  rawCatalogAccessesOutsideCatalog: rawCatalog(),
  placesMappingUploadFields: fieldMappers(),
  statusFieldsKeptByHand: handStatus(),
  longestRouteHandler: longest('server', /\b(app|admin)\.(get|post|patch|put|delete)(<[^(]*>)?\(/g),
  longestCliCommandAction: longest('cli/commands', /\.action\(/g),
  filesListingFormats: formatLists(),
  endpointRestatements: endpointRestatements(),
  filesTouchedToAddAFormat: FORMAT_COST,
  filesTouchedToAddAnEndpoint: [] as string[],
  importsBetweenIngestTranslateVideo: crossRoomImports(),
  placesKnowingMimeTypes: mimePlaces(),
  placesKnowingKeyLayout: keyLayoutPlaces(),
};
report.filesTouchedToAddAnEndpoint = endpointCost(report.endpointRestatements);
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
else {
  const list = (xs: string[]) => `${xs.length}${xs.length ? `  (${xs.join(', ')})` : ''}`;
  console.log(`core modules imported by server/: ${list(report.coreModulesImportedBy.server)}`);
  console.log(`core modules imported by cli/:    ${list(report.coreModulesImportedBy.cli)}`);
  console.log(`raw catalog accesses outside core/engines/catalog/: ${list(report.rawCatalogAccessesOutsideCatalog)}`);
  console.log(`places mapping upload fields: ${list(report.placesMappingUploadFields)}`);
  console.log(`status fields kept by hand: ${list(report.statusFieldsKeptByHand)}`);
  console.log(`longest route handler: ${report.longestRouteHandler.lines} lines (${report.longestRouteHandler.where})`);
  console.log(`longest CLI command action: ${report.longestCliCommandAction.lines} lines (${report.longestCliCommandAction.where})`);
  console.log(`files listing the file formats: ${list(report.filesListingFormats)}`);
  console.log(`files restating the Product surface: ${list(report.endpointRestatements.productSurface)}`);
  console.log(`files listing the routes by hand: ${list(report.endpointRestatements.routeLists)}`);
  console.log(`files touched to add a format: ${list(report.filesTouchedToAddAFormat)}`);
  console.log(`files touched to add an endpoint: ${list(report.filesTouchedToAddAnEndpoint)}`);
  console.log(`imports between ingest/translate/video: ${list(report.importsBetweenIngestTranslateVideo)}`);
  console.log(`places knowing a MIME type: ${list(report.placesKnowingMimeTypes)}`);
  console.log(`places knowing the storage key layout: ${list(report.placesKnowingKeyLayout)}`);
}
