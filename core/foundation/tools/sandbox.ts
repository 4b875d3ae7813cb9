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
 * - no files (runs given `confineTo`): a mount namespace whose root holds
 *   only the system's programs and libraries (/usr read-only, a few /etc
 *   entries, /dev/null and friends, a private /proc and /tmp) and the run's
 *   own folders, so a document that names a local file (a linked picture a
 *   stripper missed) finds nothing there;
 * What the machine allows is probed once; health details report it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';

export interface ToolLimits {
  /** Memory ceiling of each tool process, in bytes (0: none). Default 1 GiB. */
  memoryBytes: number;
  /** Largest file a tool may write, in bytes (0: none; `prlimit --fsize`, the tool gets SIGXFSZ past it). Default 2 GiB. */
  diskBytes?: number;
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
  /** Runs given `confineTo` see only system folders and those folders (a mount namespace). */
  fileConfinement: boolean;
  prefix: string[];
  /** The prefix of confined runs (with a mount namespace), when fileConfinement. */
  confinedPrefix?: string[];
}

let limits: ToolLimits = { memoryBytes: 1024 ** 3, diskBytes: 2 * 1024 ** 3, timeBaseMs: 60_000, timePerMiBMs: 5_000, isolate: true };
let isolation: Isolation | undefined;

export function setToolLimits(next: Partial<ToolLimits>): void {
  if (next.isolate !== undefined && next.isolate !== limits.isolate) isolation = undefined;
  limits = { ...limits, ...next };
}
export const toolLimits = (): Readonly<ToolLimits> => limits;

/** Whether `cmd true` runs and exits 0: a probe of what the machine allows. */
type Works = (cmd: string[]) => boolean;

const worksNow: Works = (cmd) => {
  const r = spawnSync(cmd[0]!, [...cmd.slice(1), 'true'], { stdio: 'ignore', timeout: 10_000 });
  return r.status === 0;
};

/** The same probe without blocking: run apart, all at once (see probeToolIsolation). */
const worksLater = (cmd: string[]) => new Promise<boolean>((resolve) => {
  const child = spawn(cmd[0]!, [...cmd.slice(1), 'true'], { stdio: 'ignore', timeout: 10_000 });
  child.on('error', () => resolve(false));
  child.on('close', (code) => resolve(code === 0));
});

/** Which confinement this machine allows, from the answers of `works`. */
function decideIsolation(works: Works): Isolation {
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
  const withMount = found ? [...found.slice(0, -1), '--mount', '--'] : undefined;
  const mountWorks = !!withMount && works([...withMount, 'sh', '-c', CONFINE, 'sh', '1', '0']);
  const confined = mountWorks && withMount ? { fileConfinement: true, confinedPrefix: [...withMount, 'sh', '-c', CONFINE, 'sh'] } : { fileConfinement: false };
  if (found) return { network: 'none', diesWithParent: true, memoryCeiling: prlimit, prefix: [...found, ...init], ...confined };
  if (works(pdeath)) return { network: 'host', diesWithParent: true, memoryCeiling: prlimit, prefix: pdeath, fileConfinement: false };
  return { network: 'host', diesWithParent: false, memoryCeiling: prlimit, prefix: [], fileConfinement: false };
}

/** Probes (once) which confinement this machine allows. */
export function toolIsolation(): Isolation {
  isolation ??= decideIsolation(worksNow);
  return isolation;
}

/**
 * Probes the confinement ahead of the first tool run, without blocking
 * (the services do it while they start, so the first file's job does not
 * wait ~0.2 s for a dozen probe processes run one after the other): the
 * probes run in parallel rounds until the decision needs no other answer;
 * the result is the one toolIsolation() would reach.
 */
export async function probeToolIsolation(): Promise<Isolation> {
  const isolate = limits.isolate;
  const answers = new Map<string, boolean>();
  for (;;) {
    if (isolation) return isolation;
    const missing = new Map<string, string[]>();
    const decided = decideIsolation((cmd) => {
      const known = answers.get(cmd.join('\0'));
      if (known === undefined) missing.set(cmd.join('\0'), cmd);
      return known ?? false;
    });
    if (missing.size === 0) {
      // Settings changed meanwhile (setToolLimits): the next toolIsolation() probes again.
      if (limits.isolate === isolate) isolation ??= decided;
      return decided;
    }
    const runs = [...missing].map(async ([key, cmd]) => answers.set(key, await worksLater(cmd)));
    await Promise.all(runs);
  }
}

/**
 * Builds the confined root in the mount namespace and runs the tool there:
 * `sh -c CONFINE sh <tmp ceiling MiB> <n> <dir1..dirn> tool args...`. /usr read-only, the /etc entries
 * programs need (fonts, the loader's cache, users), device nodes that hold no data, a private /proc and a
 * /tmp of at most the ceiling, and the given folders read-write at their own paths. A `sh` stays init and
 * waits for the tool (see the PID namespace above).
 *
 * Every process the script starts costs about 5 ms on the 2-core machine this runs on, and the script runs
 * before every tool: the folders are made by one `mkdir`, the top-level links by one `cp -P`, and each
 * read-only bind by one `mount --bind -o ro` (util-linux 2.27 and later remount it read-only itself), 27
 * processes instead of 57 (pdftotext on a 200-page PDF: 330 -> 190 ms confined, 90 ms bare).
 */
const CONFINE = [
  'set -e; t=$1; n=$2; shift 2; R=/mnt',
  'mount --make-rprivate /',
  'mount -t tmpfs -o mode=755,size=4m sandbox "$R"',
  'E="fonts ld.so.cache ld.so.conf ld.so.conf.d alternatives passwd group nsswitch.conf localtime mime.types libreoffice ImageMagick-6"',
  'dirs="$R/usr $R/etc $R/dev $R/dev/shm $R/proc $R/tmp $R/var/cache"; links=""',
  'for e in $E; do if [ -d "/etc/$e" ]; then dirs="$dirs $R/etc/$e"; fi; done',
  'if [ -d /var/cache/fontconfig ]; then dirs="$dirs $R/var/cache/fontconfig"; fi',
  'for l in bin sbin lib lib32 lib64 libx32; do if [ -L "/$l" ]; then links="$links /$l"; fi; done',
  'mkdir -p $dirs',
  'if [ -n "$links" ]; then cp -P $links "$R/"; fi',
  'mount --rbind -o ro /usr "$R/usr"',
  'for e in $E; do',
  '  if [ -e "/etc/$e" ]; then if [ ! -d "/etc/$e" ]; then : > "$R/etc/$e"; fi; mount --bind -o ro "/etc/$e" "$R/etc/$e"; fi',
  'done',
  'if [ -d /var/cache/fontconfig ]; then mount --bind -o ro /var/cache/fontconfig "$R/var/cache/fontconfig"; fi',
  'for d in null zero full random urandom; do : > "$R/dev/$d"; mount --bind "/dev/$d" "$R/dev/$d"; done',
  'mount -t tmpfs -o mode=1777,size=256m shm "$R/dev/shm"',
  'mount -t proc proc "$R/proc"',
  'mount -t tmpfs -o mode=1777,size=${t}m tmp "$R/tmp"',
  'i=0; while [ "$i" -lt "$n" ]; do d=$1; shift; mkdir -p "$R$d"; mount --bind "$d" "$R$d"; i=$((i+1)); done',
  'export HOME=/tmp TMPDIR=/tmp',
  'w=$PWD; exec chroot "$R" /bin/sh -c \'cd "$0" 2>/dev/null || cd /; "$@"; exit $?\' "$w" "$@"',
].join('\n');

/**
 * The command line that runs `tool args` confined, with a memory ceiling of `memoryBytes` (0: none). With
 * `confineTo` (absolute folders) the tool sees no other files than the system's and these folders, and its
 * /tmp holds at most `tmpMiB`.
 */
export function wrapTool(tool: string, args: string[], memoryBytes: number, confineTo?: readonly string[], tmpMiB = 256): { command: string; args: string[] } {
  const iso = toolIsolation();
  const prefix = confineTo?.length && iso.confinedPrefix
    ? [...iso.confinedPrefix, String(Math.max(1, Math.round(tmpMiB))), String(confineTo.length), ...confineTo.map((d) => path.resolve(d))]
    : iso.prefix;
  const isNode = tool === process.execPath;
  // V8 programs (Node workers, Chromium) reserve far more address space than they use, and ffmpeg maps hundreds
  // of MB of codec libraries plus a thread stack per decoder (a clip with a dozen inputs passes 1 GB of address
  // space at 80 MB resident): bound their data (heap and private memory) instead.
  const reservesAddressSpace = isNode || /^(chrom|ffmpeg|ffprobe)/i.test(path.basename(tool));
  const disk = limits.diskBytes && iso.memoryCeiling ? [`--fsize=${limits.diskBytes}`] : [];
  const mem = memoryBytes > 0 && iso.memoryCeiling
    ? ['prlimit', `--${reservesAddressSpace ? 'data' : 'as'}=${memoryBytes}`, ...disk, '--']
    : disk.length ? ['prlimit', ...disk, '--'] : [];
  const toolArgs = isNode && memoryBytes > 0 && !args.some((a) => a.startsWith('--max-old-space-size'))
    ? [`--max-old-space-size=${Math.max(64, Math.floor((memoryBytes * 0.7) / 1024 ** 2))}`, ...args]
    : args;
  const full = [...prefix, ...mem, tool, ...toolArgs];
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
