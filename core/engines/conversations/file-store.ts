import { appendFile, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { openConversationCounts, type ConversationCounts } from './file-counts';
import { allConversationFiles, conversationFile, KINDS, parseLines, readText, type Line } from './file-lines';
import { createMetaCache, type Meta, type MetaCache } from './file-meta';
import { createKeyedMutex } from './mutex';
import {
  DEFAULT_RETENTION, type ConversationKind, type ConversationStore, type ReadOptions, type RetentionPolicy,
  type StoredMessage,
} from './types';

export { conversationHash, readConversationFiles, type ConversationFile } from './file-lines';

/**
 * The embedded conversation store: one append-only JSON-lines file per
 * conversation (`<dir>/<kind>/<ab>/<sha256 of id>.jsonl`, ./file-lines.ts), so a message
 * costs one small append whatever else is stored. What polling needs (last
 * time, last seq) is kept in memory for recently used conversations (./file-meta.ts): a poll
 * with nothing new is answered without touching the disk. Counts live in
 * memory and in `stats.json` (./file-counts.ts: written a second after a change and at
 * close; recounted from the files after an unclean stop). A conversation's
 * age for retention is the time of its last message. One process owns the
 * folder (the data-folder lock).
 */

export interface FileConversationStoreOptions {
  dir: string;
  retention?: Partial<RetentionPolicy>;
  now?: () => number;
  /** Conversations whose last time and seq stay in memory. Default 20,000. */
  cacheSize?: number;
  /** How often old conversations are removed; 0 turns the timer off. Default hourly. */
  pruneEveryMs?: number;
}

/** An open file store's parts, passed to each operation. */
interface FileStore {
  dir: string;
  policy: RetentionPolicy;
  clock: () => number;
  /** Lines a file may hold over the policy's maximum before it is compacted. */
  slack: number;
  meta: MetaCache;
  lock: ReturnType<typeof createKeyedMutex>;
  counts: ConversationCounts;
}

export async function openFileConversationStore(options: FileConversationStoreOptions): Promise<ConversationStore> {
  const { dir } = options;
  const policy: RetentionPolicy = { ...DEFAULT_RETENTION, ...options.retention };
  const clock = options.now ?? Date.now;
  const slack = Math.max(10, Math.ceil(policy.maxMessages / 4));
  const meta = createMetaCache(options.cacheSize ?? 20_000);
  const lock = createKeyedMutex();
  await mkdir(dir, { recursive: true });
  const counts = await openConversationCounts(dir);
  const s: FileStore = { dir, policy, clock, slack, meta, lock, counts };

  let pruneTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const store: ConversationStore = {
    async append<T extends object>(kind: ConversationKind, id: string, messages: T[]) {
      return appendExchange(s, kind, id, messages);
    },
    async read<T extends object>(kind: ConversationKind, id: string, o: ReadOptions = {}) {
      return readMessages<T>(s, kind, id, o);
    },
    async clear(kind, id) {
      return clearConversation(s, kind, id);
    },
    async stats() {
      return { ...counts.counts };
    },
    async prune(now = new Date(clock())) {
      return pruneIdle(s, now);
    },
    async clearAll() {
      await clearEverything(s);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (pruneTimer) clearInterval(pruneTimer);
      counts.stop();
      await lock.all(() => counts.write(true));
    },
  };

  const every = options.pruneEveryMs ?? 3_600_000;
  if (every > 0) {
    pruneTimer = setInterval(() => void store.prune().catch(() => {}), every);
    pruneTimer.unref();
  }
  return store;
}

async function appendExchange<T extends object>(s: FileStore, kind: ConversationKind, id: string, messages: T[]) {
  const file = conversationFile(s.dir, kind, id);
  return s.lock.run(file, async () => {
    const { m } = await s.meta.load(file);
    const isNew = m.lines === 0;
    let t = Math.max(s.clock(), m.lastAt + 1);
    const out: StoredMessage<T>[] = [];
    const text = messages.map((d, i) => {
      const line: Line = { s: m.seq + 1 + i, t: t + i, d, i: id };
      out.push({ seq: line.s, at: new Date(line.t).toISOString(), data: d });
      return JSON.stringify(line) + '\n';
    }).join('');
    if (isNew) await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, (m.torn ? '\n' : '') + text);
    t += messages.length - 1;
    Object.assign(m, { seq: m.seq + messages.length, lastAt: t, lines: m.lines + messages.length, torn: false });
    s.meta.remember(file, m);
    const { counts } = s.counts;
    if (isNew) counts.conversations++;
    counts.messages += messages.length;
    counts.exchanges++;
    if (m.lines > s.policy.maxMessages + s.slack) await compact(s, file, m);
    s.counts.changed();
    return out;
  });
}

/** Rewrites a file with only the newest messages the policy keeps. */
async function compact(s: FileStore, file: string, m: Meta) {
  const { lines } = parseLines((await readText(file)) ?? '');
  const keep = lines.slice(-s.policy.maxMessages);
  const tmp = `${file}.tmp`;
  await writeFile(tmp, keep.map((l) => JSON.stringify(l) + '\n').join(''));
  await rename(tmp, file);
  s.counts.counts.messages -= m.lines - keep.length;
  m.lines = keep.length;
  m.torn = false;
}

async function readMessages<T extends object>(s: FileStore, kind: ConversationKind, id: string, o: ReadOptions): Promise<StoredMessage<T>[]> {
  const file = conversationFile(s.dir, kind, id);
  const after = o.after ? Date.parse(o.after) : -Infinity;
  if (Number.isNaN(after)) throw new AppError('validation', `after must be an ISO date-time (got "${o.after}")`);
  const cached = s.meta.get(file);
  // The polling fast path: nothing newer than `after`, known without reading the file.
  if (cached && cached.lastAt <= after) return [];
  let { m, lines } = await s.meta.load(file);
  if (m.lastAt <= after) return [];
  lines ??= parseLines((await readText(file)) ?? '').lines;
  let list = lines.slice(-s.policy.maxMessages).filter((l) => l.t > after);
  if (o.last !== undefined) list = list.slice(-o.last);
  return list.map((l) => ({ seq: l.s, at: new Date(l.t).toISOString(), data: l.d as T }));
}

async function clearConversation(s: FileStore, kind: ConversationKind, id: string): Promise<number> {
  const file = conversationFile(s.dir, kind, id);
  return s.lock.run(file, async () => {
    const { m } = await s.meta.load(file);
    s.meta.forget(file);
    if (m.lines === 0) return 0;
    await unlink(file).catch(() => {});
    s.counts.counts.conversations--;
    s.counts.counts.messages -= m.lines;
    s.counts.changed();
    return m.lines;
  });
}

async function pruneIdle(s: FileStore, now: Date) {
  const cutoff = now.getTime() - s.policy.maxAgeDays * 86_400_000;
  const removed = { conversations: 0, messages: 0 };
  const { counts } = s.counts;
  for (const file of await allConversationFiles(s.dir)) {
    await s.lock.run(file, async () => {
      const { lines } = parseLines((await readText(file)) ?? '');
      if ((lines.at(-1)?.t ?? 0) >= cutoff) return;
      await unlink(file).catch(() => {});
      s.meta.forget(file);
      counts.conversations--;
      counts.messages -= lines.length;
      removed.conversations++;
      removed.messages += lines.length;
    });
  }
  if (removed.conversations) s.counts.changed();
  return removed;
}

async function clearEverything(s: FileStore) {
  await s.lock.all(async () => {
    for (const kind of KINDS) await rm(path.join(s.dir, kind), { recursive: true, force: true });
    s.meta.clear();
    Object.assign(s.counts.counts, { conversations: 0, messages: 0, exchanges: 0 });
    await s.counts.write(false);
  });
}
