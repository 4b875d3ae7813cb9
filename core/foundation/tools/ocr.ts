/**
 * OCR with the tesseract CLI: scanned PDF pages and text inside extracted
 * images. Languages that are not installed are dropped (with a warning from
 * the caller) instead of failing the whole extraction.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMissingTool, mapLimit, runTool, throwIfAborted } from './exec';
import { tidyText } from './tidy';

/** An image to read: its file, extension and size; `ocrText` is set when text is read. */
export interface OcrImage { path: string; ext: string; width?: number; height?: number; ocrText?: string }

export interface OcrOptions {
  signal?: AbortSignal;
  /** Per image. Default 120 s. */
  timeoutMs?: number;
  /** tesseract page segmentation mode. Default 3 (automatic). */
  psm?: number;
}

let listed: Promise<Set<string>> | undefined;

/** The traineddata tesseract lists on this machine, osd (script detection) included (asked once per process). */
function listedModels(): Promise<Set<string>> {
  listed ??= runTool('tesseract', ['--list-langs'], { timeoutMs: 30_000 })
    .then((r) => new Set(`${r.stdout.toString('utf8')}\n${r.stderr}`
      .split('\n').map((l) => l.trim()).filter((l) => /^[a-z_]{3,}$/i.test(l))))
    .catch((e) => { listed = undefined; throw e; });
  return listed;
}

/** The tesseract languages installed on this machine (asked once per process). */
export async function installedOcrLanguages(): Promise<Set<string>> {
  return new Set([...(await listedModels())].filter((l) => l !== 'osd'));
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
export async function ocrImages(images: OcrImage[], langs: string[], opts: ImageOcrOptions = {}): Promise<{ read: number; skippedForTime: number; failed: number }> {
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

export interface ScoredOcr {
  text: string;
  /** Mean word confidence (0-100) weighted by word length; 0 without words. */
  confidence: number;
  langs: string[];
}

/** Mean tesseract word confidence from its TSV output, weighted by word length. */
export function tsvConfidence(tsv: string): number {
  let sum = 0;
  let n = 0;
  for (const line of tsv.split('\n')) {
    const c = line.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const conf = Number(c[10]);
    const len = [...(c[11] ?? '').trim()].length;
    if (!len || !Number.isFinite(conf) || conf < 0) continue;
    sum += conf * len;
    n += len;
  }
  return n ? sum / n : 0;
}

/** One tesseract run writing text and TSV: the page's text with its confidence. */
async function ocrScored(path: string, langs: string[], psm: number, signal?: AbortSignal): Promise<ScoredOcr> {
  const dir = await mkdtemp(join(tmpdir(), 'ocr-'));
  try {
    const base = join(dir, 'out');
    await runTool('tesseract', [path, base, '-l', langs.join('+'), '--psm', String(psm), 'txt', 'tsv'], {
      signal, timeoutMs: 120_000, env: { OMP_THREAD_LIMIT: '1' },
    });
    const [text, tsv] = await Promise.all([readFile(`${base}.txt`, 'utf8').catch(() => ''), readFile(`${base}.tsv`, 'utf8').catch(() => '')]);
    return { text: meaningfulOcrText(text), confidence: tsvConfidence(tsv), langs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The tesseract language most likely written in a script OSD names (Latin has too many to name one). */
export const SCRIPT_LANGUAGES: Record<string, { code: string; name: string }> = {
  Cyrillic: { code: 'rus', name: 'Russian' }, Greek: { code: 'ell', name: 'Greek' }, Arabic: { code: 'ara', name: 'Arabic' },
  Hebrew: { code: 'heb', name: 'Hebrew' }, Devanagari: { code: 'hin', name: 'Hindi' }, Thai: { code: 'tha', name: 'Thai' },
  Han: { code: 'chi_sim', name: 'Chinese' }, Japanese: { code: 'jpn', name: 'Japanese' }, Hangul: { code: 'kor', name: 'Korean' },
  Armenian: { code: 'hye', name: 'Armenian' }, Georgian: { code: 'kat', name: 'Georgian' }, Bengali: { code: 'ben', name: 'Bengali' },
  Tamil: { code: 'tam', name: 'Tamil' }, Ethiopic: { code: 'amh', name: 'Amharic' }, Khmer: { code: 'khm', name: 'Khmer' },
};

/**
 * The script a scanned page is written in, by tesseract's orientation and script detection (`--psm 0`,
 * the osd model): "Cyrillic", "Latin", "Han", ...; null when osd is not installed or finds no text.
 */
export async function detectScript(path: string, signal?: AbortSignal): Promise<string | null> {
  if (!(await listedModels().catch(() => new Set<string>())).has('osd')) return null;
  const r = await runTool('tesseract', [path, 'stdout', '--psm', '0'], { signal, timeoutMs: 60_000, inputFile: path, env: { OMP_THREAD_LIMIT: '1' } })
    .catch((e: unknown) => { if ((e as Error).name === 'AbortError') throw e; return null; });
  return r ? /^Script:\s*(\w+)/m.exec(r.stdout.toString('utf8'))?.[1] ?? null : null;
}

/** Scripts tried when a page read with the configured languages gives no sure text. */
const OTHER_SCRIPTS = ['jpn', 'chi_sim', 'chi_tra', 'kor'];

/**
 * Noise, not text: OCR of a photo gives scattered one-character tokens,
 * digits and marks in several scripts. Real text, CJK included (tesseract
 * writes it without spaces), is mostly tokens of two or more letters.
 */
export function looksLikeNoise(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return true;
  const wordy = tokens.filter((t) => (t.match(/\p{L}/gu)?.length ?? 0) >= 2).length;
  if (wordy / tokens.length < 0.5) return true;
  // Letters of three or more scripts mixed on one page: noise.
  const scripts = new Set<string>();
  for (const ch of text.replace(/[^\p{L}]/gu, '')) {
    const cp = ch.codePointAt(0)!;
    scripts.add(cp < 0x250 ? 'latin' : cp < 0x530 ? 'greek-cyrillic' : cp < 0x600 ? 'hebrew' : cp < 0x700 ? 'arabic' : cp >= 0xac00 && cp < 0xd7b0 ? 'hangul' : cp >= 0x3040 && cp < 0x3100 ? 'kana' : cp >= 0x3130 && cp < 0x3190 ? 'hangul' : 'other');
  }
  scripts.delete('kana');
  return scripts.size >= 3;
}

export interface PageOcrOptions {
  signal?: AbortSignal;
  /** Below this confidence a reading is not sure: other scripts are tried. Default 70. */
  sureConfidence?: number;
  /** Below this confidence no reading is kept (photos read as noise). Default 50. */
  minConfidence?: number;
  /**
   * Shared by the pages of one document: how many pages may still try other
   * scripts (each try costs two more OCR runs). Unlimited when absent.
   */
  otherScriptTries?: { left: number };
}

/**
 * Reads a scanned page: first with the configured languages; when that
 * gives no words or an unsure reading, again with the installed languages
 * of other scripts (Japanese, Chinese, Korean, ...), with automatic layout
 * and then as one block of text (sparse CJK lines defeat the layout step).
 * Keeps the most confident reading; '' when none is confident (a photo).
 */
export async function ocrPage(path: string, langs: string[], opts: PageOcrOptions = {}): Promise<ScoredOcr> {
  const sure = opts.sureConfidence ?? 70;
  const min = opts.minConfidence ?? 50;
  const tries: ScoredOcr[] = [await ocrScored(path, langs, 3, opts.signal)];
  const good = (r: ScoredOcr) => !!r.text && r.confidence >= sure;
  const budget = opts.otherScriptTries;
  if (!good(tries[0]!) && (!budget || budget.left-- > 0)) {
    const have = await installedOcrLanguages();
    const other = OTHER_SCRIPTS.filter((l) => have.has(l) && !langs.includes(l));
    if (other.length) {
      tries.push(await ocrScored(path, other, 3, opts.signal));
      // Sparse lines of CJK defeat tesseract's layout step: read the page as one block.
      if (!tries[1]!.text) tries.push(await ocrScored(path, other, 6, opts.signal));
    }
  }
  const best = tries.filter((r) => r.text && r.confidence >= min && !looksLikeNoise(r.text)).sort((a, b) => b.confidence - a.confidence)[0];
  return best ?? { text: '', confidence: 0, langs };
}
