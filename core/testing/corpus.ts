/**
 * Real files written by others, for tests: the ones a test names, copied
 * byte for byte into core/testing/data/corpus (pdf/, docx/, pptx/, media/,
 * with MANIFEST.tsv and the licences) and core/testing/data/eval (a subset
 * of the SQuAD-format retrieval sets). Always present in a checkout, so no
 * test skips for want of a file. The whole shared corpus is for benchmarks
 * (bench/shared-corpus.ts) and for the tests that widen their named subset
 * to the folder CORPUS_DIR names: `npm test` never needs it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');

/** The in-repo corpus folder (pdf/, docx/, pptx/, media/, MANIFEST.tsv): only files a test names. */
export const CORPUS_DIR = path.join(DATA, 'corpus');

/** The in-repo retrieval eval subset (SQuAD-format *.json, see its README.md). */
export const EVAL_DIR = path.join(DATA, 'eval');

/** Absolute path of a corpus file such as 'docx/hdr-header-footer.docx'. */
export const corpusFile = (rel: string) => path.join(CORPUS_DIR, rel);

/**
 * A whole corpus folder to widen a test's named subset to: the folder the
 * CORPUS_DIR environment variable names (e.g. the shared corpus), or null
 * (the default: the test uses its named files from the in-repo corpus).
 */
export const WIDE_CORPUS_DIR: string | null = process.env.CORPUS_DIR ? path.resolve(process.env.CORPUS_DIR) : null;
