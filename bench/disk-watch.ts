/**
 * Disk used under a folder (allocated blocks), sampled every `everyMs`
 * until stopped: the peak says how much a file's tools wrote at most.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function folderBytes(dir: string): number {
  let total = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    try {
      if (e.isDirectory()) total += folderBytes(p);
      else if (e.isFile()) total += statSync(p).blocks * 512;
    } catch { /* removed meanwhile */ }
  }
  return total;
}

export function watchDisk(dirs: string[], everyMs = 200) {
  const base = dirs.reduce((s, d) => s + folderBytes(d), 0);
  let peak = base;
  const timer = setInterval(() => { peak = Math.max(peak, dirs.reduce((s, d) => s + folderBytes(d), 0)); }, everyMs);
  return {
    /** The peak minus what the folders held at the start, in MB. */
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, dirs.reduce((s, d) => s + folderBytes(d), 0));
      return (peak - base) / 1024 / 1024;
    },
  };
}
