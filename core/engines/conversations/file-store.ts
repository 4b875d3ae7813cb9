import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile, appendFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { createKeyedMutex } from './mutex';
import {
  DEFAULT_RETENTION, type ConversationKind, type ConversationStats, type ConversationStore, type ReadOptions,
  type RetentionPolicy, type StoredMessage,
} from './types';

/**
 * The embedded conversation store: one append-only JSON-lines file per
 * conversation (`<dir>/<kind>/<ab>/<sha256 of id>.jsonl`), so a message
 * costs one small append whatever else is stored. What polling needs (last
 * time, last seq) is kept in memory for recently used conversations: a poll
 * with nothing new is answered without touching the disk. Counts live in
 * memory and in `stats.json` (written a second after a change and at
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

interface Meta {
  seq: number;
  lastAt: number;
  lines: number;
  /** The file ends in a torn line (a crash mid-append): start the next append on a new line. */
  torn: boolean;
}

interface Line {
  s: number;
  t: number;
  d: object;
  /** The conversation's id (files are named by its hash; `cms migrate` needs the id itself). Absent in lines of earlier versions. */
  i?: string;
}

const KINDS: ConversationKind[] = ['chat', 'search'];
const STATS_FILE = 'stats.json';

function parseLines(text: string): { lines: Line[]; torn: boolean } {
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    if (!raw) continue;
    try {
      lines.push(JSON.parse(raw) as Line);
    } catch {
      /* a torn last line from a crash mid-append: skipped */
    }
  }
  return { lines, torn: text.length > 0 && !text.endsWith('\n') };
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AppError('internal', `Cannot read the conversation file ${file}: ${(e as Error).message}`, { cause: e });
  }
}

export async function openFileConversationStore(options: FileConversationStoreOptions): Promise<ConversationStore> {
  const { dir } = options;
  const policy: RetentionPolicy = { ...DEFAULT_RETENTION, ...options.retention };
  const clock = options.now ?? Date.now;
  const cacheSize = options.cacheSize ?? 20_000;
  const slack = Math.max(10, Math.ceil(policy.maxMessages / 4));
  const meta = new Map<string, Meta>();
  const lock = createKeyedMutex();
  await mkdir(dir, { recursive: true });

  const statsFile = path.join(dir, STATS_FILE);
  const counts: ConversationStats = { conversations: 0, messages: 0, exchanges: 0 };
  const saved = await readText(statsFile).then((t) => (t ? (JSON.parse(t) as ConversationStats & { clean?: boolean }) : null)).catch(() => null);
  if (saved) counts.exchanges = saved.exchanges ?? 0;
  if (saved?.clean) {
    counts.conversations = saved.conversations;
    counts.messages = saved.messages;
  } else {
    for (const file of await allFiles()) {
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
  const writeStats = (clean: boolean): Promise<void> => {
    statsWrite = statsWrite.catch(() => {}).then(async () => {
      const tmp = `${statsFile}.tmp`;
      await writeFile(tmp, JSON.stringify({ ...counts, clean }));
      await rename(tmp, statsFile);
    });
    return statsWrite;
  };
  await writeStats(false);
  const changed = () => {
    if (saveTimer || closed) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void writeStats(false).catch(() => {});
    }, 1000);
    saveTimer.unref();
  };

  const fileOf = (kind: ConversationKind, id: string) => {
    if (!KINDS.includes(kind)) throw new AppError('validation', `Unknown conversation kind ${String(kind)}`);
    const h = createHash('sha256').update(id).digest('hex');
    return path.join(dir, kind, h.slice(0, 2), `${h}.jsonl`);
  };

  async function allFiles(): Promise<string[]> {
    const out: string[] = [];
    for (const kind of KINDS) {
      const kindDir = path.join(dir, kind);
      for (const sub of await readdir(kindDir).catch(() => [] as string[])) {
        for (const f of await readdir(path.join(kindDir, sub)).catch(() => [] as string[])) {
          if (f.endsWith('.jsonl')) out.push(path.join(kindDir, sub, f));
        }
      }
    }
    return out;
  }

  function remember(file: string, m: Meta) {
    meta.delete(file);
    meta.set(file, m);
    if (meta.size > cacheSize) meta.delete(meta.keys().next().value!);
  }

  async function load(file: string): Promise<{ m: Meta; lines: Line[] | null }> {
    const cached = meta.get(file);
    if (cached) return { m: cached, lines: null };
    const text = await readText(file);
    const { lines, torn } = parseLines(text ?? '');
    const last = lines.at(-1);
    const m: Meta = { seq: last?.s ?? 0, lastAt: last?.t ?? 0, lines: lines.length, torn };
    remember(file, m);
    return { m, lines };
  }

  async function compact(file: string, m: Meta) {
    const { lines } = parseLines((await readText(file)) ?? '');
    const keep = lines.slice(-policy.maxMessages);
    const tmp = `${file}.tmp`;
    await writeFile(tmp, keep.map((l) => JSON.stringify(l) + '\n').join(''));
    await rename(tmp, file);
    counts.messages -= m.lines - keep.length;
    m.lines = keep.length;
    m.torn = false;
  }

  let pruneTimer: NodeJS.Timeout | null = null;
  const store: ConversationStore = {
    async append<T extends object>(kind: ConversationKind, id: string, messages: T[]) {
      const file = fileOf(kind, id);
      return lock.run(file, async () => {
        const { m } = await load(file);
        const isNew = m.lines === 0;
        let t = Math.max(clock(), m.lastAt + 1);
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
        remember(file, m);
        if (isNew) counts.conversations++;
        counts.messages += messages.length;
        counts.exchanges++;
        if (m.lines > policy.maxMessages + slack) await compact(file, m);
        changed();
        return out;
      });
    },

    async read<T extends object>(kind: ConversationKind, id: string, o: ReadOptions = {}) {
      const file = fileOf(kind, id);
      const after = o.after ? Date.parse(o.after) : -Infinity;
      if (Number.isNaN(after)) throw new AppError('validation', `after must be an ISO date-time (got "${o.after}")`);
      const cached = meta.get(file);
      // The polling fast path: nothing newer than `after`, known without reading the file.
      if (cached && cached.lastAt <= after) return [];
      let { m, lines } = await load(file);
      if (m.lastAt <= after) return [];
      lines ??= parseLines((await readText(file)) ?? '').lines;
      let list = lines.slice(-policy.maxMessages).filter((l) => l.t > after);
      if (o.last !== undefined) list = list.slice(-o.last);
      return list.map((l) => ({ seq: l.s, at: new Date(l.t).toISOString(), data: l.d as T }));
    },

    async clear(kind, id) {
      const file = fileOf(kind, id);
      return lock.run(file, async () => {
        const { m } = await load(file);
        meta.delete(file);
        if (m.lines === 0) return 0;
        await unlink(file).catch(() => {});
        counts.conversations--;
        counts.messages -= m.lines;
        changed();
        return m.lines;
      });
    },

    async stats() {
      return { ...counts };
    },

    async prune(now = new Date(clock())) {
      const cutoff = now.getTime() - policy.maxAgeDays * 86_400_000;
      const removed = { conversations: 0, messages: 0 };
      for (const file of await allFiles()) {
        await lock.run(file, async () => {
          const { lines } = parseLines((await readText(file)) ?? '');
          if ((lines.at(-1)?.t ?? 0) >= cutoff) return;
          await unlink(file).catch(() => {});
          meta.delete(file);
          counts.conversations--;
          counts.messages -= lines.length;
          removed.conversations++;
          removed.messages += lines.length;
        });
      }
      if (removed.conversations) changed();
      return removed;
    },

    async clearAll() {
      await lock.all(async () => {
        for (const kind of KINDS) await rm(path.join(dir, kind), { recursive: true, force: true });
        meta.clear();
        Object.assign(counts, { conversations: 0, messages: 0, exchanges: 0 });
        await writeStats(false);
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      if (pruneTimer) clearInterval(pruneTimer);
      if (saveTimer) clearTimeout(saveTimer);
      await lock.all(() => writeStats(true));
    },
  };

  const every = options.pruneEveryMs ?? 3_600_000;
  if (every > 0) {
    pruneTimer = setInterval(() => void store.prune().catch(() => {}), every);
    pruneTimer.unref();
  }
  return store;
}

/** One stored conversation as its file holds it (for `cms migrate`). */
export interface ConversationFile {
  kind: ConversationKind;
  /** sha256 of the id: the file's name. */
  hash: string;
  /** The id, when a line records it (files written before ids were recorded hold only the hash). */
  id: string | null;
  messages: Array<{ seq: number; at: number; data: object }>;
}

/** Every conversation in a file store's folder (read-only; the store need not be open). */
export async function readConversationFiles(dir: string): Promise<ConversationFile[]> {
  const out: ConversationFile[] = [];
  for (const kind of KINDS) {
    const kindDir = path.join(dir, kind);
    for (const sub of (await readdir(kindDir).catch(() => [] as string[])).sort()) {
      for (const f of (await readdir(path.join(kindDir, sub)).catch(() => [] as string[])).sort()) {
        if (!f.endsWith('.jsonl')) continue;
        const { lines } = parseLines((await readText(path.join(kindDir, sub, f))) ?? '');
        if (!lines.length) continue;
        out.push({ kind, hash: f.slice(0, -'.jsonl'.length), id: lines.find((l) => l.i)?.i ?? null, messages: lines.map((l) => ({ seq: l.s, at: l.t, data: l.d })) });
      }
    }
  }
  return out;
}

/** The file name (hash) a conversation id is stored under. */
export const conversationHash = (id: string) => createHash('sha256').update(id).digest('hex');
