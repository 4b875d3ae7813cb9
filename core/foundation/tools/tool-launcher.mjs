// Starts the external tools of a process that has grown big (the server during a bulk import), so that its
// event loop never waits for a fork: forking copies the page tables of the whole process (about 25 ms per
// spawn at 350 MB resident, hundreds on a busy machine), and a fork from a worker thread still holds the
// main thread (the memory map is locked meanwhile). This small process forks instead. See ./launcher.ts.
// Plain JS so it starts fast without tsx. It ends the tools it started and exits when its parent goes
// (the IPC channel closes; started under setpriv --pdeathsig where the machine has it).
import { spawn } from 'node:child_process';

const children = new Map();
/** Kills pending before the tool had started: killed as soon as it has. */
const killed = new Set();
const send = (m) => { if (process.connected) process.send(m); };
const killGroup = (pid, signal) => { try { process.kill(-pid, signal); } catch { /* already gone */ } };

function run(m) {
  let child;
  try {
    child = spawn(m.command, m.args, { cwd: m.cwd, env: m.env, stdio: [m.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
  } catch (e) {
    send({ t: 'error', id: m.id, code: e.code ?? null, message: e.message });
    return;
  }
  children.set(m.id, child);
  if (child.pid !== undefined) {
    send({ t: 'spawned', id: m.id, pid: child.pid });
    if (killed.delete(m.id)) killGroup(child.pid, 'SIGKILL');
  }
  child.stdin?.on('error', () => { /* the tool ended before reading it all: its exit says why */ });
  child.stdout.on('data', (chunk) => send({ t: 'out', id: m.id, chunk }));
  child.stderr.on('data', (chunk) => send({ t: 'err', id: m.id, chunk }));
  child.on('error', (e) => send({ t: 'error', id: m.id, code: e.code ?? null, message: e.message }));
  child.on('close', (code, signal) => {
    children.delete(m.id);
    killed.delete(m.id);
    send({ t: 'close', id: m.id, code, signal });
  });
}

process.on('message', (m) => {
  if (m.t === 'run') return run(m);
  const child = children.get(m.id);
  if (m.t === 'kill') {
    if (child?.pid !== undefined) killGroup(child.pid, 'SIGKILL');
    else if (!child) killed.add(m.id);
  } else if (m.t === 'stdin' && child?.stdin) child.stdin.end(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
  else if (m.t === 'stdin-destroy' && child?.stdin) child.stdin.destroy();
});

const endAll = () => {
  for (const child of children.values()) if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
  process.exit(0);
};
process.on('disconnect', endAll);
// Started in a process group of its own: a Ctrl-C in the terminal reaches the `cms` run, which decides.
for (const sig of ['SIGTERM', 'SIGHUP']) process.on(sig, endAll);
send({ t: 'ready' });
