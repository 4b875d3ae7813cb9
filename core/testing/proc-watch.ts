/**
 * Samples the resident memory of this process's descendants (the tools a
 * job starts) from /proc, for tests and the bench: the peak of any single
 * process and of their sum, optionally leaving out some (the Chroma server).
 */
import { readdirSync, readFileSync } from 'node:fs';

interface Proc { pid: number; ppid: number; rssKb: number; cmd: string }

function snapshot(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      out.push({ pid: Number(name), ppid, rssKb, cmd });
    } catch { /* gone */ }
  }
  return out;
}

/** Live descendants of `root` (not `root` itself). */
export function descendants(root = process.pid): Proc[] {
  const all = snapshot();
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: Proc[] = [];
  const stack = [root];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) { out.push(c); stack.push(c.pid); }
  }
  return out;
}

export interface MemoryWatch {
  /** Stops sampling; peaks in MB and the command line of the largest process. */
  stop(): { peakProcessMb: number; peakTotalMb: number; largest: string };
}

export function watchDescendantMemory(options: { everyMs?: number; exclude?: (cmd: string) => boolean } = {}): MemoryWatch {
  let peakProcess = 0;
  let peakTotal = 0;
  let largest = '';
  const sample = () => {
    let total = 0;
    for (const p of descendants()) {
      if (options.exclude?.(p.cmd)) continue;
      total += p.rssKb;
      if (p.rssKb > peakProcess) { peakProcess = p.rssKb; largest = p.cmd; }
    }
    peakTotal = Math.max(peakTotal, total);
  };
  const timer = setInterval(sample, options.everyMs ?? 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakProcessMb: peakProcess / 1024, peakTotalMb: peakTotal / 1024, largest };
    },
  };
}
