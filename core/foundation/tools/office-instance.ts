import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { AppError } from '../errors';
import { toolLimits, wrapTool } from './sandbox';

/**
 * One running warm LibreOffice (./office.ts): office-worker.py started
 * confined to a folder of its own, answering conversion requests by id on
 * its stdout, ended with its folder on stop or when this process exits.
 */

const WORKER = fileURLToPath(new URL('./office-worker.py', import.meta.url));
export const PYTHON = '/usr/bin/python3';

export interface Instance {
  child: ChildProcessWithoutNullStreams;
  dir: string;
  ready: Promise<void>;
  answers: Map<number, (reply: { ok: boolean; error?: string }) => void>;
  files: number;
  exited: boolean;
}

/** The warm office's running instance (if any) and how many it started; started and stopped here. */
export interface Instances {
  instance: Instance | undefined;
  starts: number;
}

/**
 * The instances alive in this process, ended (and their folders, a LibreOffice profile each, removed) when it exits:
 * one exit handler for all of them, however often LibreOffice is restarted.
 */
const alive = new Set<Instance>();
let listening = false;
function endOnExit(inst: Instance): void {
  alive.add(inst);
  if (!listening) process.once('exit', endAll);
  listening = true;
}
function endAll(): void {
  for (const { child, dir } of alive) {
    if (child.pid !== undefined) try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    try { rmSync(dir, { recursive: true, force: true }); } catch { /* best effort at exit */ }
  }
}

export async function stopInstance(state: Instances, inst: Instance | undefined): Promise<void> {
  if (!inst) return;
  alive.delete(inst);
  if (state.instance === inst) state.instance = undefined;
  if (!inst.exited && inst.child.pid !== undefined) {
    const gone = new Promise((r) => inst.child.once('exit', r));
    // Wait for it even though it was unreferenced (it must not keep this process alive otherwise).
    inst.child.ref();
    try { process.kill(-inst.child.pid, 'SIGKILL'); } catch { /* already gone */ }
    await gone;
  }
  await rm(inst.dir, { recursive: true, force: true });
}

export async function startInstance(state: Instances): Promise<Instance> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cms-office-'));
  await mkdir(path.join(dir, 'profile'));
  // The confined worker sees only its own folder: it runs a copy of the script from there.
  const script = path.join(dir, 'office-worker.py');
  await copyFile(WORKER, script);
  const cmd = wrapTool(PYTHON, [script, path.join(dir, 'profile')], toolLimits().memoryBytes, [dir]);
  const child = spawn(cmd.command, cmd.args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true }) as ChildProcessWithoutNullStreams;
  state.starts++;
  const inst: Instance = { child, dir, answers: new Map(), files: 0, exited: false, ready: Promise.resolve() };
  // Where the sandbox cannot tie it to this process's life, end it on exit, and remove its folder then.
  endOnExit(inst);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
  // Never keeps this process alive: it ends with it (sandbox) or with close().
  child.unref();
  for (const s of [child.stdin, child.stdout, child.stderr] as unknown as Array<{ unref?: () => void }>) s.unref?.();
  inst.ready = new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      let msg: { ready?: boolean; id?: number; ok?: boolean; error?: string };
      try { msg = JSON.parse(line); } catch { return; }
      if (msg.ready !== undefined) {
        if (msg.ready) resolve();
        else reject(new AppError('unavailable', `LibreOffice could not be started: ${msg.error ?? 'unknown error'}`));
        return;
      }
      const answer = inst.answers.get(msg.id ?? -1);
      inst.answers.delete(msg.id ?? -1);
      answer?.({ ok: !!msg.ok, error: msg.error });
    });
    child.once('exit', (code, sig) => {
      inst.exited = true;
      if (state.instance === inst) state.instance = undefined;
      const why = `LibreOffice stopped (${sig ?? `exit ${code}`})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-2).join(' ')}` : ''}`;
      reject(new AppError('unavailable', why));
      for (const answer of inst.answers.values()) answer({ ok: false, error: why });
      inst.answers.clear();
    });
  });
  inst.ready.catch(() => {});
  return inst;
}
