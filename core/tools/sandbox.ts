/**
 * How external tools are confined (used by runTool in exec.ts, the one
 * place tools start):
 * - memory: `prlimit --as` for native tools; for Node workers (pdf.js),
 *   Chromium and ffmpeg, which map far more address space than they use
 *   (V8 reservations; codec libraries and a thread stack per decoder),
 *   `prlimit --data` (Node workers also get a V8 heap ceiling of 70% of it);
 * - no network: a fresh network namespace (`unshare --net`, loopback down),
 *   so no document can make a converter fetch a URL (LibreOffice fetches
 *   linked images while rendering);
 * - death with this process: `setpriv --pdeathsig KILL` on the wrapper and
 *   a PID namespace whose init (a `sh` that waits for the tool) is killed
 *   with it (`unshare --pid --fork --kill-child`); the kernel then ends every
 *   process of the namespace, soffice.bin included, even when this process
 *   is killed with SIGKILL.
 * What the machine allows is probed once; health details report it.
 */
import { spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';

export interface ToolLimits {
  /** Memory ceiling of each tool process, in bytes (0: none). Default 1 GiB. */
  memoryBytes: number;
  /** Time budget of a tool run over a file: base plus rate per MiB (see runTool's inputFile). */
  timeBaseMs: number;
  timePerMiBMs: number;
  /** Confine tools (no network, die with this process) where the machine allows it. Default true. */
  isolate: boolean;
}

export interface Isolation {
  /** 'none': tools cannot open network connections; 'host': they can (isolation unavailable or off). */
  network: 'none' | 'host';
  /** Tools and their children end when this process ends, even by SIGKILL. */
  diesWithParent: boolean;
  memoryCeiling: boolean;
  prefix: string[];
}

let limits: ToolLimits = { memoryBytes: 1024 ** 3, timeBaseMs: 60_000, timePerMiBMs: 5_000, isolate: true };
let isolation: Isolation | undefined;

export function setToolLimits(next: Partial<ToolLimits>): void {
  if (next.isolate !== undefined && next.isolate !== limits.isolate) isolation = undefined;
  limits = { ...limits, ...next };
}
export const toolLimits = (): Readonly<ToolLimits> => limits;

const works = (cmd: string[]) => {
  const r = spawnSync(cmd[0]!, [...cmd.slice(1), 'true'], { stdio: 'ignore', timeout: 10_000 });
  return r.status === 0;
};

/** Probes (once) which confinement this machine allows. */
export function toolIsolation(): Isolation {
  if (isolation) return isolation;
  const prlimit = works(['prlimit', '--as=1073741824', '--']);
  const pdeath = ['setpriv', '--pdeathsig', 'KILL'];
  // Inside the PID namespace a `sh` is init and waits for the tool (an init ignores signals it has no
  // handler for, so the tool must not be PID 1: a crash by SIGSEGV would otherwise go unnoticed).
  const init = ['sh', '-c', '"$@"; exit $?', 'sh'];
  const candidates = limits.isolate
    ? [
        [...pdeath, 'unshare', '--net', '--pid', '--fork', '--kill-child=SIGKILL', '--'],
        [...pdeath, 'unshare', '--map-root-user', '--net', '--pid', '--fork', '--kill-child=SIGKILL', '--'],
      ]
    : [];
  const found = candidates.find((c) => works(c));
  if (found) isolation = { network: 'none', diesWithParent: true, memoryCeiling: prlimit, prefix: [...found, ...init] };
  else if (works(pdeath)) isolation = { network: 'host', diesWithParent: true, memoryCeiling: prlimit, prefix: pdeath };
  else isolation = { network: 'host', diesWithParent: false, memoryCeiling: prlimit, prefix: [] };
  return isolation;
}

/** The command line that runs `tool args` confined, with a memory ceiling of `memoryBytes` (0: none). */
export function wrapTool(tool: string, args: string[], memoryBytes: number): { command: string; args: string[] } {
  const iso = toolIsolation();
  const isNode = tool === process.execPath;
  // V8 programs (Node workers, Chromium) reserve far more address space than they use, and ffmpeg maps hundreds
  // of MB of codec libraries plus a thread stack per decoder (a clip with a dozen inputs passes 1 GB of address
  // space at 80 MB resident): bound their data (heap and private memory) instead.
  const reservesAddressSpace = isNode || /^(chrom|ffmpeg|ffprobe)/i.test(path.basename(tool));
  const mem = memoryBytes > 0 && iso.memoryCeiling
    ? ['prlimit', `--${reservesAddressSpace ? 'data' : 'as'}=${memoryBytes}`, '--']
    : [];
  const toolArgs = isNode && memoryBytes > 0 && !args.some((a) => a.startsWith('--max-old-space-size'))
    ? [`--max-old-space-size=${Math.max(64, Math.floor((memoryBytes * 0.7) / 1024 ** 2))}`, ...args]
    : args;
  const full = [...iso.prefix, ...mem, tool, ...toolArgs];
  return { command: full[0]!, args: full.slice(1) };
}

const OOM = /out of memory|MemoryError|allocation failed|bad_alloc|cannot allocate memory|memory allocation|failed to allocate|not enough memory|std::length_error/i;
const CRASH = new Set([constants.signals.SIGABRT, constants.signals.SIGSEGV, constants.signals.SIGBUS].map((n) => 128 + n));

/**
 * Whether a run under a memory ceiling ended for lack of memory: the tool
 * said so, or it crashed (abort, segfault: what an unchecked failed
 * allocation looks like) without another explanation.
 */
export function memoryFailure(stderr: string, exitCode: number | null): boolean {
  if (OOM.test(stderr)) return true;
  return exitCode !== null && CRASH.has(exitCode) && !/assert|panic/i.test(stderr);
}

/** Exit status as a shell reports it: the code, or 128 + the number of the signal that ended it. */
export function exitStatus(code: number | null, signal: NodeJS.Signals | null): number | null {
  if (code !== null) return code;
  return signal ? 128 + (constants.signals[signal] ?? 0) : null;
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  return `${Math.round(n / 1024 ** 2)} MB`;
}
