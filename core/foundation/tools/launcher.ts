/**
 * Where runTool's processes are started. A fork copies the page tables of the whole process: about 25 ms
 * per spawn at 350 MB resident and hundreds of milliseconds on a busy machine, all of it on the event
 * loop (Node's spawn is synchronous), and a fork from a worker thread holds the main thread just the same
 * (the memory map stays locked while it is copied). During a bulk import the server runs several tools per
 * file, so its health and chat answers waited for forks (issue 39). The tools are therefore started by a
 * small long-lived process (./tool-launcher.mjs, forked once while this one is small) over an IPC channel;
 * output comes back as messages. Where that process cannot be started, tools are spawned here as before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./tool-launcher.mjs', import.meta.url));
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));

export interface StartOptions { cwd?: string; env: NodeJS.ProcessEnv; stdin: boolean }

/**
 * A started tool as runTool sees it. Events: 'pid' (number, once known), 'out' and 'err' (Buffer),
 * 'error' (an Error with a `code`: ENOENT, or ELAUNCHER when the launcher went away), 'close' (code, signal).
 */
export interface ToolProcess extends EventEmitter {
  pid: number | undefined;
  /** Writes the tool's whole standard input and closes it. */
  endStdin(bytes: Uint8Array): void;
  destroyStdin(): void;
  /** SIGKILL to the tool's process group (it was started detached, as a group of its own). */
  killGroup(): void;
}

/** Starts `command args` detached (its own process group), through the launcher when there is one. */
export function startTool(command: string, args: string[], o: StartOptions): ToolProcess {
  const launcher = currentLauncher();
  return launcher ? launcher.start(command, args, o) : direct(command, args, o);
}

function direct(command: string, args: string[], o: StartOptions): ToolProcess {
  const child = spawn(command, args, { cwd: o.cwd, env: o.env, stdio: [o.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
  const p = Object.assign(new EventEmitter(), {
    pid: child.pid,
    endStdin: (bytes: Uint8Array) => child.stdin?.end(bytes),
    destroyStdin: () => child.stdin?.destroy(),
    killGroup: () => { if (child.pid !== undefined) killGroup(child.pid); },
  });
  child.stdin?.on('error', () => { /* the tool ended before reading it all: its exit says why */ });
  child.stdout!.on('data', (b: Buffer) => p.emit('out', b));
  child.stderr!.on('data', (b: Buffer) => p.emit('err', b));
  child.on('error', (e) => p.emit('error', e));
  child.on('close', (code, signal) => p.emit('close', code, signal));
  if (child.pid !== undefined) queueMicrotask(() => p.emit('pid', child.pid));
  return p;
}

function killGroup(pid: number) {
  try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ }
}

type FromLauncher =
  | { t: 'ready' }
  | { t: 'spawned'; id: number; pid: number }
  | { t: 'out' | 'err'; id: number; chunk: Uint8Array }
  | { t: 'error'; id: number; code: string | null; message: string }
  | { t: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null };

interface Launcher { start(command: string, args: string[], o: StartOptions): ToolProcess }

let launcher: Launcher | null = null;
/** Set when the launcher could not be started here: tools are spawned directly from then on. */
let unavailable = false;

function currentLauncher(): Launcher | null {
  if (launcher || unavailable) return launcher;
  try {
    launcher = openLauncher();
  } catch {
    unavailable = true;
  }
  return launcher;
}

function openLauncher(): Launcher {
  const [command, args] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', process.execPath, ENTRY]] : [process.execPath, [ENTRY]];
  const child: ChildProcess = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced', detached: true,
    // The launcher is plain JS: none of this process's loader flags (tsx, inspector, profilers).
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const runs = new Map<number, ToolProcess>();
  let nextId = 1;
  const hold = () => { child.channel?.ref(); };
  const letGo = () => { if (runs.size === 0) child.channel?.unref(); };
  child.unref();
  letGo();
  const gone = (why: string) => {
    if (launcher === self) launcher = null;
    for (const [id, p] of runs) {
      runs.delete(id);
      p.emit('error', Object.assign(new Error(`the tool launcher ${why}`), { code: 'ELAUNCHER' }));
    }
  };
  child.on('error', (e) => gone(`could not run (${e.message})`));
  child.on('exit', (code, signal) => gone(`stopped (${signal ?? `exit ${code}`})`));
  child.on('message', (m: FromLauncher) => {
    if (m.t === 'ready') return;
    const p = runs.get(m.id);
    if (!p) return;
    if (m.t === 'spawned') {
      p.pid = m.pid;
      p.emit('pid', m.pid);
    } else if (m.t === 'out' || m.t === 'err') p.emit(m.t, Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
    else if (m.t === 'error' || m.t === 'close') {
      runs.delete(m.id); // an error settles the run as a close does (a tool that never started has no close)
      if (m.t === 'error') p.emit('error', Object.assign(new Error(m.message), { code: m.code }));
      else p.emit('close', m.code, m.signal);
      letGo();
    }
  });
  const post = (m: object) => { if (child.connected) child.send(m); };
  const self: Launcher = {
    start(command, args, o) {
      const id = nextId++;
      const p: ToolProcess = Object.assign(new EventEmitter(), {
        pid: undefined as number | undefined,
        endStdin: (bytes: Uint8Array) => post({ t: 'stdin', id, bytes }),
        destroyStdin: () => post({ t: 'stdin-destroy', id }),
        killGroup: () => {
          if (p.pid !== undefined) killGroup(p.pid);
          post({ t: 'kill', id });
        },
      });
      runs.set(id, p);
      hold();
      if (!child.connected) queueMicrotask(() => gone('is not running'));
      else post({ t: 'run', id, command, args, cwd: o.cwd, env: o.env, stdin: o.stdin });
      return p;
    },
  };
  return self;
}
