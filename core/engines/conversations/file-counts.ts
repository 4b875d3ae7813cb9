import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { allConversationFiles, parseLines, readText } from './file-lines';
import type { ConversationStats } from './types';

/**
 * The file store's counts: kept in memory and in `stats.json` (written a
 * second after a change and at close, marked clean then; recounted from the
 * files after an unclean stop).
 */
export interface ConversationCounts {
  /** The counts now; the store changes them in place. */
  readonly counts: ConversationStats;
  /** Writes `stats.json` (one write at a time); `clean` only at close. */
  write(clean: boolean): Promise<void>;
  /** Writes the counts a second from now (once per second at most). */
  changed(): void;
  /** No timed write from now on. */
  stop(): void;
}

const STATS_FILE = 'stats.json';

/** Reads (or recounts) the counts of the store in `dir` and marks them unclean on disk until close. */
export async function openConversationCounts(dir: string): Promise<ConversationCounts> {
  const statsFile = path.join(dir, STATS_FILE);
  const counts: ConversationStats = { conversations: 0, messages: 0, exchanges: 0 };
  const saved = await readText(statsFile).then((t) => (t ? (JSON.parse(t) as ConversationStats & { clean?: boolean }) : null)).catch(() => null);
  if (saved) counts.exchanges = saved.exchanges ?? 0;
  if (saved?.clean) {
    counts.conversations = saved.conversations;
    counts.messages = saved.messages;
  } else {
    for (const file of await allConversationFiles(dir)) {
      const text = (await readText(file)) ?? '';
      counts.conversations++;
      counts.messages += parseLines(text).lines.length;
    }
  }
  let saveTimer: NodeJS.Timeout | null = null;
  let closed = false;
  // One stats write at a time: a timed save still under way when close() writes would otherwise
  // rename the shared temp file away under it (ENOENT).
  let statsWrite: Promise<void> = Promise.resolve();
  const write = (clean: boolean): Promise<void> => {
    statsWrite = statsWrite.catch(() => {}).then(async () => {
      const tmp = `${statsFile}.tmp`;
      await writeFile(tmp, JSON.stringify({ ...counts, clean }));
      await rename(tmp, statsFile);
    });
    return statsWrite;
  };
  await write(false);
  const changed = () => {
    if (saveTimer || closed) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void write(false).catch(() => {});
    }, 1000);
    saveTimer.unref();
  };
  const stop = () => {
    closed = true;
    if (saveTimer) clearTimeout(saveTimer);
  };
  return { counts, write, changed, stop };
}
