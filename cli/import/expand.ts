import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { glob, hasMagic } from 'glob';

/** A file to consider for import. */
export interface Candidate {
  /** Absolute path. */
  path: string;
  /** As the user sees it: relative to their folder when inside it. */
  display: string;
}

export interface ExpandProblem {
  input: string;
  reason: string;
}

export interface Expansion {
  files: Candidate[];
  /** Arguments that named nothing importable (missing path, glob without matches). */
  problems: ExpandProblem[];
  /** Sub-folders left out because --recursive was not given. */
  skippedFolders: string[];
}

/** Names that are never content: hidden files and partial downloads/copies. */
export const isIgnoredName = (name: string) =>
  name.startsWith('.') || name.endsWith('~') || /\.(part|crdownload|tmp|download|swp)$/i.test(name);

export const displayPath = (abs: string, cwd: string) => {
  const rel = path.relative(cwd, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
};

/** Files directly in `dir` (and below it when recursive), sorted, hidden names left out. */
export async function listFolder(dir: string, recursive: boolean, skippedFolders: string[] = []): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (isIgnoredName(e.name)) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (recursive) out.push(...(await listFolder(full, true, skippedFolders)));
      else skippedFolders.push(full);
    } else if (e.isFile()) {
      out.push(full);
    } else if (e.isSymbolicLink()) {
      const st = await stat(full).catch(() => null);
      if (st?.isFile()) out.push(full);
    }
  }
  return out;
}

/**
 * Turns file, folder and glob arguments into a list of files, in argument
 * order, each once. Globs are expanded here too, for shells that pass them
 * quoted (`cms import 'manuals/**\/*.pdf'`).
 */
export async function expandInputs(inputs: string[], options: { cwd: string; recursive: boolean; allowEmptyFolders?: boolean }): Promise<Expansion> {
  const seen = new Set<string>();
  const files: Candidate[] = [];
  const problems: ExpandProblem[] = [];
  const skippedFolders: string[] = [];
  const add = (abs: string) => {
    if (seen.has(abs)) return;
    seen.add(abs);
    files.push({ path: abs, display: displayPath(abs, options.cwd) });
  };

  for (const input of inputs) {
    const abs = path.resolve(options.cwd, input);
    const st = await stat(abs).catch(() => null);
    if (st?.isFile()) add(abs);
    else if (st?.isDirectory()) {
      const found = await listFolder(abs, options.recursive, skippedFolders);
      if (!found.length && !options.allowEmptyFolders) problems.push({ input, reason: 'the folder has no files' + (options.recursive ? '' : ' (sub-folders need --recursive)') });
      found.forEach(add);
    } else if (!st && hasMagic(input)) {
      const matches = (await glob(input, { cwd: options.cwd, absolute: true, nodir: true, dot: false })).filter((m) => !isIgnoredName(path.basename(m))).sort();
      if (!matches.length) problems.push({ input, reason: 'no files match this pattern' });
      matches.forEach(add);
    } else if (st) {
      problems.push({ input, reason: 'not a regular file or folder' });
    } else {
      problems.push({ input, reason: 'no such file or folder' });
    }
  }
  return { files, problems, skippedFolders };
}
