import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../foundation/errors';

export interface DataLock {
  release(): void;
  /** Records the address the server really listens on (known only after listen). */
  setUrl(url: string): void;
}

export interface LockInfo {
  pid: number;
  url: string | null;
  startedAt: string;
}

const lockFile = (dataDir: string) => path.join(dataDir, 'server.lock');

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the data folder, if a live process does. */
export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as LockInfo;
    return info.pid && alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/**
 * Takes the single-writer lock of the data folder. A stale lock (its
 * process is gone) is taken over; a live one is an error naming its holder.
 */
export function acquireLock(dataDir: string, url: string | null): DataLock {
  const file = lockFile(dataDir);
  const holder = readLock(dataDir);
  if (holder && holder.pid !== process.pid) {
    throw new AppError(
      'conflict',
      `The data folder ${dataDir} is in use by process ${holder.pid}${holder.url ? ` (server at ${holder.url})` : ''}. ` +
        'Stop it, or use the CLI, which talks to a running server over HTTP.',
    );
  }
  rmSync(file, { force: true });
  const fd = openSync(file, 'wx');
  writeFileSync(fd, JSON.stringify({ pid: process.pid, url, startedAt: new Date().toISOString() } satisfies LockInfo));
  closeSync(fd);
  const startedAt = new Date().toISOString();
  return {
    setUrl(newUrl: string) {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ pid: process.pid, url: newUrl, startedAt } satisfies LockInfo));
      renameSync(tmp, file);
    },
    release() {
      const now = readLock(dataDir);
      if (!now || now.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
