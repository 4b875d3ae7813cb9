import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Runs a bench child script (tsx) and parses the JSON it prints last. */
export function runChild<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', script), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(last) as T);
      } catch (e) {
        reject(new Error(`${script} failed: ${(e as Error).message}\n${err.slice(-2000)}`));
      }
    });
  });
}

export function timeCommand(cmd: string, args: string[]): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { maxBuffer: 512 * 1024 * 1024 }, (e) => (e ? reject(e) : resolve(performance.now() - t0))),
  );
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Parent pid of every live process, from /proc. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      out.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * Resident memory of a process and all its descendants (extraction tools,
 * pdf-parse worker), leaving out the subtrees rooted at `excludeRoots`
 * (the Chroma server, measured apart).
 */
export function treeRssMb(root: number, excludeRoots: number[] = []): number {
  const ppid = parents();
  const skip = new Set(excludeRoots);
  const inTree = (pid: number): boolean => {
    for (let p = pid, guard = 0; p && guard < 64; p = ppid.get(p) ?? 0, guard++) {
      if (skip.has(p)) return false;
      if (p === root) return true;
    }
    return false;
  };
  let total = 0;
  for (const pid of ppid.keys()) {
    if (!inTree(pid)) continue;
    try {
      const mb = rssMb(pid);
      if (Number.isFinite(mb)) total += mb; // a zombie has no VmRSS
    } catch {
      /* gone */
    }
  }
  return total;
}
