/**
 * Runs an external tool (pdfimages, tesseract, soffice, ffmpeg, the PDF text
 * worker) as a child process with a timeout, an AbortSignal and capped
 * output. The one place that bounds what a tool may do (see sandbox.ts):
 * a memory ceiling, a time budget that grows with the input's size, no
 * network, and death with this process. The child runs in its own process
 * group so a timeout also ends its children (soffice starts soffice.bin).
 */
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { AppError } from '../errors';
import { startTool } from './launcher';
import { exitStatus, toolLimits, wrapTool } from './sandbox';
import { exitFailure, missingTool, startFailure } from './tool-failure';
import { collectToolOutput } from './tool-output';

export { lastLines } from './tool-failure';

export interface RunOptions {
  /** Kill the tool after this long. Default 120 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Keep at most this many bytes of stdout; more is dropped and `stdoutTruncated` set. Default 32 MiB. */
  maxStdoutBytes?: number;
  /** Keep the last this many bytes of stderr. Default 64 KiB. */
  maxStderrBytes?: number;
  cwd?: string;
  /** Extra environment variables, merged over process.env. */
  env?: Record<string, string>;
  /** Do not throw on a non-zero exit; return it. */
  allowFailure?: boolean;
  /** Receive stdout line by line (UTF-8) as it arrives; stdout is then not kept in the result. */
  onLine?: (line: string) => void;
  /**
   * The file the tool reads: its size sets the time budget (a base plus a
   * rate per MiB, see setToolLimits), never more than `timeoutMs`.
   */
  inputFile?: string;
  /** Memory ceiling for this run in bytes; default the configured one (setToolLimits), 0 for none. */
  memoryBytes?: number;
  /**
   * The only folders the tool may see besides the system's (the job's work folder): where the machine
   * allows a mount namespace, every other file (the data folder, other jobs, home folders) is absent for it.
   */
  confineTo?: readonly string[];
  /**
   * Bytes for the tool's standard input, written once this settles (then stdin is closed): the tool can start
   * (load its models) before its input exists. A rejection closes stdin; the caller aborts the run then.
   */
  input?: Promise<Uint8Array>;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number | null;
  stdoutTruncated: boolean;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/** Who is told of each tool run (tool name and arguments), e.g. a test counting the ffprobe runs of one upload. */
export type ToolRunListener = (tool: string, args: readonly string[]) => void;
const runListeners = new Set<ToolRunListener>();

/** Calls `fn` with every tool run this process starts from now on; returns the function that stops it. */
export function onToolRun(fn: ToolRunListener): () => void {
  runListeners.add(fn);
  return () => { runListeners.delete(fn); };
}

/**
 * Tools run in their own process group (so a timeout can end their
 * children too); they would outlive us on exit, so we end them then.
 */
const liveGroups = new Set<number>();
let exitHookInstalled = false;
function track(pid: number): void {
  liveGroups.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const group of liveGroups) {
      try { process.kill(-group, 'SIGKILL'); } catch { /* already gone */ }
    }
  });
}

/** An AbortError like the ones Node's own APIs throw, carrying the signal's reason. */
export function abortError(signal: AbortSignal): Error {
  const err = new Error('The operation was aborted', { cause: signal.reason });
  err.name = 'AbortError';
  return err;
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(signal);
}

/**
 * Runs `tool args...`. Resolves with the output when the tool exits with 0
 * (or any code with `allowFailure`). Throws:
 * - AppError('unavailable') when the tool is not installed or times out,
 * - AppError('internal') on a non-zero exit (callers translate it, e.g. to 'corrupt_file'),
 * - an AbortError when `signal` aborts.
 */
export function runTool(tool: string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const timeoutMs = budgetMs(opts.inputFile, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const memoryBytes = opts.memoryBytes ?? toolLimits().memoryBytes;
  const wrapped = wrapTool(tool, args, memoryBytes, opts.confineTo);
  const maxOut = opts.maxStdoutBytes ?? 32 * 1024 * 1024;
  const maxErr = opts.maxStderrBytes ?? 64 * 1024;
  const { signal } = opts;
  for (const fn of runListeners) fn(tool, args);

  return new Promise<RunResult>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    // The wrapper (setpriv, unshare, prlimit) would start even when the tool is missing: check first.
    if (!onPath(tool)) return reject(missingTool(tool, Object.assign(new Error(`spawn ${tool} ENOENT`), { code: 'ENOENT' })));
    // Started by a small launcher process, not forked from this one (./launcher.ts: a fork holds the event loop).
    const child = startTool(wrapped.command, wrapped.args, {
      cwd: opts.cwd,
      env: opts.env ? { ...process.env, ...opts.env } : process.env,
      stdin: Boolean(opts.input),
    });
    if (opts.input) opts.input.then((bytes) => child.endStdin(bytes), () => child.destroyStdin());
    let ending: 'timeout' | 'abort' | null = null;
    let settled = false;

    const killGroup = () => child.killGroup();
    const timer = setTimeout(() => { ending = 'timeout'; killGroup(); }, timeoutMs);
    const onAbort = () => { ending = 'abort'; killGroup(); };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.pid !== undefined) liveGroups.delete(child.pid);
    };
    child.once('pid', (pid: number) => { if (!settled) track(pid); });

    const output = collectToolOutput({ onLine: opts.onLine, maxOut, maxErr }, killGroup);
    child.on('out', output.onOut);
    child.on('err', output.onErr);

    child.on('error', (e: NodeJS.ErrnoException) => {
      if (settled) return;
      done();
      reject(startFailure(tool, e));
    });

    child.on('close', (code: number | null, sig: NodeJS.Signals | null) => {
      const exitCode = exitStatus(code, sig);
      if (settled) return;
      done();
      const stderr = output.stderr();
      const lineError = output.finish(ending !== null);
      if (lineError !== undefined) return reject(lineError);
      if (ending === 'abort' && signal) return reject(abortError(signal));
      const failure = exitFailure({ tool, timeoutMs, memoryBytes, allowFailure: opts.allowFailure, timedOut: ending === 'timeout', exitCode, stderr });
      if (failure) return reject(failure);
      resolve({ stdout: output.stdout(), stderr, exitCode, stdoutTruncated: output.truncated() });
    });
  });
}

const found = new Set<string>();
/** Whether `tool` is an executable file (a path, or a name found on PATH). */
function onPath(tool: string): boolean {
  if (found.has(tool)) return true;
  const dirs = tool.includes('/') ? [''] : (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of dirs) {
    try {
      accessSync(dir ? join(dir, tool) : tool, fsConstants.X_OK);
      found.add(tool);
      return true;
    } catch { /* next */ }
  }
  return false;
}

/** The time budget of a run over `inputFile`: base + rate per MiB of its size, at most `capMs`. */
export function budgetMs(inputFile: string | undefined, capMs: number): number {
  if (!inputFile) return capMs;
  let size = 0;
  try { size = statSync(inputFile).size; } catch { return capMs; }
  const { timeBaseMs, timePerMiBMs } = toolLimits();
  return Math.min(capMs, Math.round(timeBaseMs + (size / (1024 * 1024)) * timePerMiBMs));
}

/** True for the error runTool throws when a tool went over its memory ceiling. */
export const isMemoryFailure = (e: unknown): e is AppError => e instanceof AppError && e.details?.reason === 'memory';

/** Runs async tasks with at most `limit` at a time, in order of the input. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** True for the error runTool throws when the tool is not installed. */
export function isMissingTool(e: unknown): boolean {
  return e instanceof AppError && e.details?.reason === 'missing_tool';
}
