/**
 * A warm LibreOffice: one long-lived headless soffice per process, driven
 * over UNO by office-worker.py (Debian's python3 with python3-uno), instead
 * of a cold soffice start (2-3 s) for every file. It runs under the same
 * rules as every tool (sandbox.ts: no network, memory ceiling, dies with
 * this process, sees only its own folder): each conversion copies its input
 * into that folder and takes the output back out. It is restarted after
 * `maxFiles` conversions, after any failure, and when a conversion passes
 * its time budget or its caller aborts. Where python3-uno is missing,
 * conversions fall back to a cold `soffice --convert-to` run.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';
import { abortError, budgetMs } from './exec';
import { PYTHON, startInstance, stopInstance, type Instances } from './office-instance';

/** Conversions before a fresh soffice (LibreOffice grows and can leak across documents). */
const DEFAULT_MAX_FILES = 50;

/** LibreOffice's PDF export filter for each kind of document. */
const PDF_FILTER: Record<string, string> = {
  '.pptx': 'impress_pdf_Export', '.ppt': 'impress_pdf_Export', '.odp': 'impress_pdf_Export',
  '.docx': 'writer_pdf_Export', '.doc': 'writer_pdf_Export', '.odt': 'writer_pdf_Export', '.rtf': 'writer_pdf_Export',
  '.xlsx': 'calc_pdf_Export', '.xls': 'calc_pdf_Export', '.ods': 'calc_pdf_Export',
};

export interface ConvertOptions {
  signal?: AbortSignal;
  /** Most time the conversion may take (the input's size may lower it: exec.ts budgetMs). Default 120 s. */
  timeoutMs?: number;
  /** Called when the file has been handed to LibreOffice. */
  onStarted?: () => void;
}

let usable: boolean | undefined;
/** Whether a warm LibreOffice can run here (python3 with the uno module, and soffice). */
export function warmOfficeAvailable(): boolean {
  usable ??= spawnSync(PYTHON, ['-c', 'import uno'], { stdio: 'ignore', timeout: 20_000 }).status === 0
    && spawnSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' }).status === 0;
  return usable;
}

export function createWarmOffice(options: { maxFiles?: number } = {}) {
  const state: WarmOfficeState = { maxFiles: options.maxFiles ?? DEFAULT_MAX_FILES, instance: undefined, nextId: 1, starts: 0 };
  /** One conversion at a time: soffice converts one document at a time anyway. */
  let queue: Promise<unknown> = Promise.resolve();

  return {
    /** Converts `input` (PPTX, DOCX, XLSX, ...) to the PDF `output`. */
    toPdf(input: string, output: string, opts: ConvertOptions = {}): Promise<void> {
      const run = queue.then(() => convertOnce(state, input, output, opts));
      queue = run.catch(() => {});
      return run;
    },
    /** How many times soffice was started (for tests and the benchmark). */
    starts: () => state.starts,
    /** The running soffice's process group, if any (for tests). */
    pid: () => state.instance?.child.pid,
    async close(): Promise<void> {
      await queue;
      await stopInstance(state, state.instance);
    },
  };
}

interface WarmOfficeState extends Instances {
  maxFiles: number;
  nextId: number;
}

async function convertOnce(state: WarmOfficeState, input: string, output: string, opts: ConvertOptions): Promise<void> {
  const ext = path.extname(input).toLowerCase();
  const filter = PDF_FILTER[ext];
  if (!filter) throw new AppError('validation', `LibreOffice cannot convert ${ext || 'a file without an extension'} to PDF here`);
  if (opts.signal?.aborted) throw abortError(opts.signal);
  state.instance ??= await startInstance(state);
  const inst = state.instance;
  const timeoutMs = budgetMs(input, opts.timeoutMs ?? 120_000);
  const id = state.nextId++;
  const inCopy = path.join(inst.dir, `in-${id}${ext}`);
  const outCopy = path.join(inst.dir, `out-${id}.pdf`);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    await copyFile(input, inCopy);
    const reply = await new Promise<{ ok: boolean; error?: string }>((resolve, reject) => {
      timer = setTimeout(() => reject(new AppError('unavailable', `LibreOffice took longer than ${Math.round(timeoutMs / 1000)} s to convert ${path.basename(input)}`)), timeoutMs);
      onAbort = () => reject(abortError(opts.signal!));
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      inst.ready.then(() => {
        inst.answers.set(id, resolve);
        inst.child.stdin.write(`${JSON.stringify({ id, input: inCopy, output: outCopy, filter })}\n`);
        opts.onStarted?.();
      }, reject);
    });
    if (!reply.ok) throw new AppError('internal', `LibreOffice could not convert ${path.basename(input)}: ${reply.error ?? 'unknown error'}`);
    // Like `soffice --outdir`, the output's folder is made when missing.
    await mkdir(path.dirname(output), { recursive: true });
    await rename(outCopy, output).catch(async () => {
      await copyFile(outCopy, output);
    });
    inst.files++;
    if (inst.files >= state.maxFiles) await stopInstance(state, inst);
  } catch (e) {
    // A failed, late or abandoned conversion may have left soffice busy or broken: start afresh next time.
    await stopInstance(state, inst);
    throw e;
  } finally {
    clearTimeout(timer);
    if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
    await rm(inCopy, { force: true });
    await rm(outCopy, { force: true });
  }
}

export type WarmOffice = ReturnType<typeof createWarmOffice>;

let shared: WarmOffice | undefined;
/** This process's warm LibreOffice (started on first use), or undefined where it cannot run. */
export function sharedOffice(): WarmOffice | undefined {
  if (!warmOfficeAvailable()) return undefined;
  shared ??= createWarmOffice();
  return shared;
}

/** Stops this process's warm LibreOffice, if one was started. */
export async function closeSharedOffice(): Promise<void> {
  const s = shared;
  shared = undefined;
  await s?.close();
}
