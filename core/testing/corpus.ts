/**
 * Where the shared corpus of real files written by others is: a `shared/`
 * folder beside the checkout (CI) or beside one of its parent folders (a
 * git worktree inside a folder of worktrees). Null when there is none, so
 * tests that need it can skip with a reason.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The first `shared/NAME` folder found beside the repository or an ancestor of it. */
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

/** The corpus folder (pdf/, docx/, pptx/, media/, MANIFEST.tsv), or null. */
export const CORPUS_DIR = sharedDir('corpus');

/** Absolute path of a corpus file such as 'docx/hdr-header-footer.docx' (only call when CORPUS_DIR is set). */
export const corpusFile = (rel: string) => path.join(CORPUS_DIR ?? '', rel);
