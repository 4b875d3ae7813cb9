/**
 * A screen per function (docs/CONVENTIONS.md, issue 36): no product function
 * (core, server, cli, bin, web) is longer than 80 lines. Tests and test
 * support are left out. Lengths are found by matching braces from each line
 * that opens a function (a declaration, a method, an arrow with a block):
 * TypeScript 7 here has no JS API to walk the syntax tree, and the product's
 * style (one statement per line, no braces in regular expressions that open a
 * function) keeps the matching exact enough; strings and comments are skipped.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_FUNCTION_LINES = 80;

/** Functions still over the limit, by "file name-of-the-opening-line" (the list only shrinks). */
const NOT_YET: readonly string[] = [];

/** A line that opens a function body: a signature's end `) {` / `): Type {` (the type may hold braces), `function ... {`, `=> {`. */
const OPENS = /(\)\s*(:\s*\S.*)?\{\s*$|\bfunction\b.*\{\s*$|=>\s*\{\s*$)/;
/** A return type on a line of its own, after a signature ending `):` on the line before. */
const TYPE_LINE = /^\s*[\w<{[(].*\{\s*$/;
const CONTROL = /^\s*(\}\s*)?(if|for|while|switch|catch|else|try|finally|do|with)\b/;

/** The index of the line closing the block opened by the last '{' on line `start`. */
function closingLine(lines: string[], start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j]!;
    for (let k = j === start ? line.lastIndexOf('{') : 0; k < line.length; k++) {
      const c = line[k]!;
      if (quote) {
        if (c === '\\') k++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === '/' && line[k + 1] === '/') break;
      if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return j;
    }
    if (quote !== '`') quote = null;
  }
  return lines.length - 1;
}

export interface LongFunction { line: number; lines: number; opening: string }

/** Functions of `text` longer than `max` lines. */
export function longFunctions(text: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const lines = text.split('\n');
  const out: LongFunction[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(\/\/|\*)/.test(line) || CONTROL.test(line)) continue;
    const typeLine = i > 0 && /\):\s*$/.test(lines[i - 1]!) && TYPE_LINE.test(line);
    if (!typeLine && !OPENS.test(line)) continue;
    const n = closingLine(lines, i) - i + 1;
    if (n > max) out.push({ line: i + 1, lines: n, opening: line.trim() });
  }
  return out;
}

const isTestOrSupport = (f: string) =>
  /\.test\.tsx?$/.test(f) || f.startsWith('core/testing/') || f.startsWith('web/e2e/') || f === 'server/testing.ts' || f === 'cli/test-support.ts';

function productFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : productFiles(rel);
    return /\.tsx?$/.test(e.name) && !isTestOrSupport(rel) ? [rel] : [];
  });
}

/** "file: first words of the opening line", stable across edits above it. */
const nameOf = (file: string, f: LongFunction) => `${file} ${f.opening.slice(0, 60)}`;

describe('a screen per function', () => {
  it('finds a function one line over the limit, and not one at the limit', () => {
    const fn = (body: number) => ['export function f(a: number): number {', ...Array.from({ length: body }, () => '  a++;'), '  return a;', '}'].join('\n');
    assert.equal(longFunctions(fn(MAX_FUNCTION_LINES - 3)).length, 0); // 80 lines with its opening and closing
    assert.deepEqual(longFunctions(fn(MAX_FUNCTION_LINES - 2)).map((f) => f.lines), [MAX_FUNCTION_LINES + 1]);
    const arrow = ['const g = async () => {', "  const s = '}}}';", ...Array.from({ length: 80 }, () => '  x();'), '};'].join('\n');
    assert.equal(longFunctions(arrow).length, 1, 'braces in strings do not close the function');
    const wrapped = ['async function h(a: string, b: number):', '  Promise<{ pages: string[]; n: number }> {', ...Array.from({ length: 80 }, () => '  x();'), '}'].join('\n');
    assert.deepEqual(longFunctions(wrapped).map((f) => f.line), [2], 'a return type on its own line, holding braces');
    const braced = ['function k(): { a: number } {', ...Array.from({ length: 80 }, () => '  x();'), '  return { a: 1 };', '}'].join('\n');
    assert.equal(longFunctions(braced).length, 1, 'a return type holding braces on the signature line');
  });

  it(`no product function (core, server, cli, bin, web) is over ${MAX_FUNCTION_LINES} lines`, () => {
    const files = ['core', 'server', 'cli', 'bin', 'web/src', 'web/widget'].flatMap(productFiles);
    assert.ok(files.length > 500, `product files found (${files.length})`);
    const found = files.flatMap((file) => longFunctions(readFileSync(path.join(ROOT, file), 'utf8')).map((f) => ({ file, f })));
    const over = found.filter(({ file, f }) => !NOT_YET.includes(nameOf(file, f)))
      .map(({ file, f }) => `${file}:${f.line} ${f.lines} lines: ${f.opening.slice(0, 70)}`);
    assert.deepEqual(over, [], `functions over ${MAX_FUNCTION_LINES} lines (split them into named functions):\n${over.join('\n')}`);
  });
});
