/**
 * A PDF's text per page: poppler's pdftotext first, pdf.js (pdf-parse in a
 * plain-node child process, see pdf-text-worker.mjs) for the pages it read
 * badly or for the whole file when it cannot read it; each page cleaned,
 * with the share of it that was garbage.
 */
import { fileURLToPath } from 'node:url';
import { AppError } from '../../foundation/errors';
import { isMemoryFailure, runTool, throwIfAborted } from '../../foundation/tools/exec';
import { formatBytes } from '../../foundation/tools/sandbox';
import { garbageShare } from '../../foundation/text/clean';
import { wholeWords } from '../../foundation/text/words';
import { repairRtlPunctuation, tidyText } from '../../foundation/tools/tidy';
import { message } from '../../foundation/messages';
import type { PdfOptions } from './pdf-options';
import { withTableRows } from './pdf-tables';

const WORKER = fileURLToPath(new URL('./pdf-text-worker.mjs', import.meta.url));
/**
 * Removes bidi and other control characters and unmapped glyphs, tidies whitespace, repairs right-to-left punctuation,
 * and makes words whole (line-end hyphenation, Hebrew/Arabic prefix letters set apart: core/foundation/text/words.ts).
 */
export const cleanPdfText = (text: string) => wholeWords(repairRtlPunctuation(tidyText(splitLigatures(text))));

/** Typographic ligatures (ﬁ, ﬂ, ﬃ, ſt ...) as their letters, as a reader would type them. */
const splitLigatures = (text: string) => text.replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC'));

export interface PageText {
  num: number;
  text: string;
  error?: string;
  /** Share of the page's text layer that is unreadable (unmapped glyphs, symbol soup), 0..1. */
  garbage?: number;
}

/** A page read from its text layer, cleaned, with the share of it that was garbage. */
export function readPageText(num: number, raw: string): PageText {
  const text = cleanPdfText(raw);
  const rawChars = raw.replace(/[\s\u0000-\u001F\u007F-\u009F]/g, '').length;
  const keptChars = text.replace(/\s/g, '').length;
  // Characters dropped by cleaning (private-use, unmapped) count as garbage, as do unreadable words left.
  const dropped = rawChars > 0 ? Math.max(0, rawChars - keptChars) / rawChars : 0;
  const garbage = Math.min(1, dropped + (keptChars / Math.max(rawChars, 1)) * garbageShare(text));
  return { num, text, garbage };
}

/** Page count from poppler's pdfinfo (fast); undefined when it cannot tell. */
async function pageCountHint(file: string, signal: AbortSignal): Promise<number | undefined> {
  const r = await runTool('pdfinfo', [file], { signal, timeoutMs: 30_000, allowFailure: true, inputFile: file }).catch(() => undefined);
  const n = Number(/^Pages:\s+(\d+)/m.exec(r?.stdout.toString('utf8') ?? '')?.[1]);
  return r?.exitCode === 0 && Number.isFinite(n) ? n : undefined;
}

interface WorkerEvent { type: string; num?: number; numPages?: number; text?: string; message?: string; name?: string }

/** Non-space characters of a page's text. */
const inkChars = (p: PageText) => p.text.replace(/\s/g, '').length;

/** Runs of 25+ letters of alphabetic scripts: words glued together (scripts written without spaces are left out). */
const GLUED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hebrew}\p{Script=Arabic}]{25,}/gu;

/**
 * True when a page read by pdftotext should be read again by pdf.js: too
 * little text, mostly garbage, or words glued together (a layer whose spaces
 * are control characters, which pdftotext drops and pdf.js reads as spaces).
 */
function weakReading(p: PageText, opts: PdfOptions): boolean {
  return inkChars(p) < (opts.ocrMinChars ?? 10) || (p.garbage ?? 0) > (opts.garbageShare ?? 0.3) || gluedShare(p) > 0.3;
}

function gluedShare(p: PageText): number {
  let glued = 0;
  for (const m of p.text.matchAll(GLUED)) glued += m[0].length;
  return glued / Math.max(1, inkChars(p));
}

/** How much readable text a reading of a page holds: its characters less garbage and glued words. */
const readingScore = (p: PageText) => inkChars(p) * (1 - (p.garbage ?? 0)) * (1 - gluedShare(p));

/**
 * Every page's text: poppler's pdftotext first (one native run, 20-30 times
 * faster than pdf.js), then pdf.js only for the pages pdftotext read badly
 * (no text, or a text layer it decoded into garbage), keeping the better
 * reading of each. A file pdftotext cannot read at all (encrypted, damaged,
 * over the memory ceiling) goes to pdf.js whole, which names the failure.
 */
export async function readPageTexts(file: string, size: number, label: string, opts: PdfOptions, signal: AbortSignal): Promise<PageText[]> {
  const fast = await readWithPdftotext(file, signal);
  if (!fast) return readWithPdfJs(file, size, label, opts, signal);
  const weak = fast.filter((p) => weakReading(p, opts)).map((p) => p.num);
  opts.onProgress?.(fast.length, fast.length, message('pdf_text', { page: fast.length, pages: fast.length }));
  throwIfAborted(signal);
  if (weak.length === 0) return fast;
  const again = await readWithPdfJs(file, size, label, { ...opts, textWorkers: 1 }, signal, weak).catch((e: unknown) => {
    if ((e as Error).name === 'AbortError') throw e;
    return [] as PageText[];
  });
  const better = new Map(again.filter((p) => !p.error && inkChars(p) > 0).map((p) => [p.num, p]));
  return fast.map((p) => {
    const q = better.get(p.num);
    if (!q) return p;
    return readingScore(q) > readingScore(p) ? q : p;
  });
}

/**
 * Pages from `pdftotext` (form feed between pages), cleaned; undefined when it cannot read the file. Its layout
 * reading (`-layout`, one more run beside it) finds the tables, read as rows under their header (pdf-tables.ts).
 */
async function readWithPdftotext(file: string, signal: AbortSignal): Promise<PageText[] | undefined> {
  const [pages, layout] = await Promise.all([pdftotextPages(file, [], signal), pdftotextPages(file, ['-layout'], signal)]);
  if (!pages || pages.length === 0) return undefined;
  const tables = layout?.length === pages.length ? layout : undefined;
  return pages.map((text, i) => readPageText(i + 1, tables ? withTableRows(text, tables[i]) : text));
}

/** The pages pdftotext writes with `args` (form feed after each page), or undefined when it cannot read the file. */
async function pdftotextPages(file: string, args: string[], signal: AbortSignal): Promise<string[] | undefined> {
  const r = await runTool('pdftotext', [...args, '-enc', 'UTF-8', '-q', file, '-'], { signal, inputFile: file, allowFailure: true, maxStdoutBytes: 256 * 1024 * 1024 })
    .catch((e: unknown) => {
      if ((e as Error).name === 'AbortError') throw e;
      return undefined;
    });
  if (!r || r.exitCode !== 0 || r.stdoutTruncated) return undefined;
  const pages = r.stdout.toString('utf8').split('\f');
  // Every page ends with a form feed: what follows the last one is not a page.
  pages.pop();
  return pages;
}

/**
 * Reads pages' text with pdf-parse workers: two interleaved workers (odd
 * and even pages) for long files under 64 MiB, else one; only `only` when
 * given. Maps pdf.js failures to AppError('corrupt_file').
 */
async function readWithPdfJs(file: string, size: number, label: string, opts: PdfOptions, signal: AbortSignal, only?: number[]): Promise<PageText[]> {
  const want = only ? 1 : (opts.textWorkers ?? 1);
  const hint = want > 1 && size <= 64 * 1024 * 1024 ? await pageCountHint(file, signal) : undefined;
  const workers = (hint ?? 0) >= 60 ? want : 1;
  const pages = new Map<number, PageText>();
  let numPages = -1;
  let fatal: { name: string; message: string } | undefined;
  let step = 1;
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  const onEvent = (ev: WorkerEvent) => {
    if (ev.type === 'info') {
      numPages = Math.max(numPages, ev.numPages ?? 0);
      step = Math.max(1, Math.floor(numPages / 50));
    } else if (ev.type === 'page' || ev.type === 'pageError') {
      const num = ev.num ?? 0;
      pages.set(num, ev.type === 'page' ? readPageText(num, ev.text ?? '') : { num, text: '', error: ev.message ?? 'unknown error' });
      if (pages.size % step === 0 || pages.size === numPages) opts.onProgress?.(pages.size, numPages, message('pdf_text', { page: pages.size, pages: numPages }));
    } else if (ev.type === 'error' && !fatal) {
      fatal = { name: ev.name ?? 'Error', message: ev.message ?? '' };
      stop.abort();
    }
  };
  const run = (offset: number) => runTool(process.execPath, [WORKER, file, String(workers), String(offset), ...(only ? [only.join(',')] : [])], {
    signal: stop.signal,
    timeoutMs: 15 * 60_000,
    inputFile: file,
    maxStderrBytes: 16 * 1024,
    onLine: (line) => { if (line.trim()) onEvent(JSON.parse(line) as WorkerEvent); },
  });
  try {
    const results = await Promise.allSettled(Array.from({ length: workers }, (_, i) => run(i + 1)));
    if (!fatal) {
      for (const r of results) {
        if (r.status === 'fulfilled') continue;
        const e = r.reason as unknown;
        if (isMemoryFailure(e)) {
          // The page that worker was reading: its first page not returned.
          const offset = results.indexOf(r) + 1;
          let num = offset;
          while (pages.has(num)) num += workers;
          const of = numPages > 0 ? ` of ${numPages}` : '';
          throw new AppError('too_large', `${label} needs more than ${formatBytes(Number(e.details?.memoryBytes))} of memory to read page ${num}${of}, so it was stopped. The file may be damaged or built to exhaust memory; if it is a genuine document, split it into smaller files or ask the operator to raise TOOL_MEMORY_MB.`, { cause: e, details: { reason: 'memory', page: num } });
        }
        if (e instanceof AppError && e.details?.reason === 'exit') {
          throw new AppError('internal', `The PDF reader stopped unexpectedly: ${String(e.details.stderr ?? '')}`, { cause: e });
        }
        throw e;
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  throwIfAborted(signal);
  if (fatal) {
    if (fatal.name === 'PasswordException') {
      throw new AppError('corrupt_file', `${label} is password-protected. Remove the password (for example by printing it to a new PDF) and upload it again.`, { details: { reason: 'encrypted' } });
    }
    throw new AppError('corrupt_file', `${label} is damaged and cannot be read (${(fatal.message || fatal.name).replace(/\.$/, '')}).`, { details: { reason: 'damaged', pdfjs: fatal.name } });
  }
  if (numPages <= 0) throw new AppError('corrupt_file', `${label} has no pages.`);
  const nums = only ?? Array.from({ length: numPages }, (_, i) => i + 1);
  return nums.map((num) => pages.get(num) ?? { num, text: '', error: 'the page was not returned' });
}
