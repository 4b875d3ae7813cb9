import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { listFolder } from './expand';

export interface WatchOptions {
  dirs: string[];
  recursive: boolean;
  /** How often the folders are scanned; a file is taken once its size and time held for one full interval. */
  intervalMs: number;
  signal: AbortSignal;
  /** Absolute paths already handled (the first pass); they are not taken again. */
  handled: Set<string>;
  /** Called after each scan of the folders (tests follow the scans with it). */
  onScan?: () => void;
}

/**
 * Scans the folders until the signal aborts and calls `onFile` once for
 * each new file, after its size stopped changing (a copy or download in
 * progress is waited for). Scanning instead of fs.watch: works the same on
 * every file system, network mounts included.
 */
export async function watchFolders(options: WatchOptions, onFile: (path: string) => void): Promise<void> {
  const seen = new Map<string, { size: number; mtimeMs: number }>();
  while (!options.signal.aborted) {
    const present = new Set<string>();
    for (const dir of options.dirs) {
      const files = await listFolder(dir, options.recursive).catch(() => [] as string[]);
      for (const file of files) {
        if (options.handled.has(file)) continue;
        present.add(file);
        const st = await stat(file).catch(() => null);
        if (!st || !st.isFile()) continue;
        const prev = seen.get(file);
        if (prev && st.size > 0 && prev.size === st.size && prev.mtimeMs === st.mtimeMs) {
          seen.delete(file);
          options.handled.add(file);
          onFile(file);
        } else {
          seen.set(file, { size: st.size, mtimeMs: st.mtimeMs });
        }
      }
    }
    for (const file of seen.keys()) if (!present.has(file)) seen.delete(file);
    options.onScan?.();
    await sleep(options.intervalMs, undefined, { signal: options.signal }).catch(() => {});
  }
}
