/**
 * OCR with the tesseract CLI: scanned PDF pages and text inside extracted
 * images. Languages that are not installed are dropped (with a warning from
 * the caller) instead of failing the whole extraction.
 */
import type { ExtractedImage } from './types';
import { isMissingTool, mapLimit, runTool, throwIfAborted } from './exec';
import { tidyText } from './tidy';

export interface OcrOptions {
  signal?: AbortSignal;
  /** Per image. Default 120 s. */
  timeoutMs?: number;
  /** tesseract page segmentation mode. Default 3 (automatic). */
  psm?: number;
}

let installed: Promise<Set<string>> | undefined;

/** The tesseract languages installed on this machine (asked once per process). */
export function installedOcrLanguages(): Promise<Set<string>> {
  installed ??= runTool('tesseract', ['--list-langs'], { timeoutMs: 30_000 })
    .then((r) => new Set(`${r.stdout.toString('utf8')}\n${r.stderr}`
      .split('\n').map((l) => l.trim()).filter((l) => /^[a-z_]{3,}$/i.test(l) && l !== 'osd')))
    .catch((e) => { installed = undefined; throw e; });
  return installed;
}

/** Splits the wanted languages into installed ones and missing ones; falls back to eng. */
export async function usableOcrLanguages(wanted: string[]): Promise<{ langs: string[]; missing: string[] }> {
  const have = await installedOcrLanguages();
  const langs = wanted.filter((l) => have.has(l));
  const missing = wanted.filter((l) => !have.has(l));
  if (langs.length === 0) langs.push(have.has('eng') ? 'eng' : [...have][0] ?? 'eng');
  return { langs, missing };
}

/**
 * Reads the text in an image (PNG, JPEG, TIFF, ...) with tesseract. `langs`
 * must be installed (see usableOcrLanguages). Returns the text with
 * whitespace tidied; '' when there is none.
 */
export async function ocrImage(path: string, langs: string[], signal?: AbortSignal, opts: OcrOptions = {}): Promise<string> {
  const args = [path, 'stdout', '-l', (langs.length ? langs : ['eng']).join('+'), '--psm', String(opts.psm ?? 3)];
  const r = await runTool('tesseract', args, {
    signal: signal ?? opts.signal,
    timeoutMs: opts.timeoutMs ?? 120_000,
    inputFile: path,
    // One thread per tesseract: the caller runs pages in parallel instead.
    env: { OMP_THREAD_LIMIT: '1' },
    maxStdoutBytes: 4 * 1024 * 1024,
  });
  return tidyText(r.stdout.toString('utf8'));
}

/**
 * Keeps OCR text from a picture only when it looks like words: photos make
 * tesseract print noise such as "| =~ ae". Lines with fewer than half letters
 * are dropped; the rest is kept when it has at least two words of 3+ letters
 * (or one of 5+).
 */
export function meaningfulOcrText(text: string): string {
  const lines = tidyText(text).split('\n').filter((line) => {
    const compact = line.replace(/\s/g, '');
    if (!compact) return false;
    const letters = (compact.match(/[\p{L}\p{N}]/gu) ?? []).length;
    return letters / compact.length >= 0.6;
  });
  const words = lines.join(' ').match(/\p{L}{3,}/gu) ?? [];
  const ok = words.length >= 2 || words.some((w) => w.length >= 5);
  return ok ? lines.join('\n') : '';
}

export interface ImageOcrOptions {
  signal?: AbortSignal;
  /** Stop starting new images after this long. Default 30 s. */
  budgetMs?: number;
  /** Skip images whose width or height is below this. Default 100 px. */
  minSide?: number;
  /** Parallel tesseract processes. Default 2. */
  concurrency?: number;
}

/**
 * Sets `ocrText` on images that are big enough, within a time budget.
 * Returns how many were read, left out for lack of time, and failed.
 */
export async function ocrImages(images: ExtractedImage[], langs: string[], opts: ImageOcrOptions = {}): Promise<{ read: number; skippedForTime: number; failed: number }> {
  const minSide = opts.minSide ?? 100;
  const deadline = Date.now() + (opts.budgetMs ?? 30_000);
  const todo = images.filter((i) => (i.width ?? 0) >= minSide && (i.height ?? 0) >= minSide && /^(png|jpe?g|gif|webp|tiff?|bmp)$/i.test(i.ext));
  let read = 0;
  let skippedForTime = 0;
  let failed = 0;
  await mapLimit(todo, opts.concurrency ?? 2, async (img) => {
    throwIfAborted(opts.signal);
    const left = deadline - Date.now();
    if (left <= 0) { skippedForTime++; return; }
    const text = await ocrImage(img.path, langs, opts.signal, { timeoutMs: Math.max(left, 5_000), psm: 3 }).catch((e: unknown) => {
      // A picture tesseract cannot read is not a reason to fail the document (the caller warns).
      if ((e as Error).name === 'AbortError' || isMissingTool(e)) throw e;
      failed++;
      return '';
    });
    const kept = meaningfulOcrText(text);
    if (kept) img.ocrText = kept;
    read++;
  });
  return { read, skippedForTime, failed };
}
