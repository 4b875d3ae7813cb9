/**
 * Where the whole shared corpus of real files written by others is, for
 * benchmarks and scripts (tests use the in-repo core/testing/data instead):
 * a `shared/` folder beside the checkout or beside one of its parent folders
 * (a git worktree inside a folder of worktrees), or the folder CORPUS_DIR names.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { WIDE_CORPUS_DIR } from '../core/testing/corpus';

const REPO = path.resolve(import.meta.dirname, '..');

/** The first `shared/NAME` folder found beside the repository or an ancestor of it, or null. */
export function sharedDir(name: string): string | null {
  let dir = path.dirname(REPO);
  for (;;) {
    const candidate = path.join(dir, 'shared', name);
    if (existsSync(candidate)) return candidate;
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** The whole corpus folder (pdf/, docx/, pptx/, media/, MANIFEST.tsv): CORPUS_DIR, else `shared/corpus` beside the checkout, else null. */
export const SHARED_CORPUS_DIR: string | null = WIDE_CORPUS_DIR ?? sharedDir('corpus');
