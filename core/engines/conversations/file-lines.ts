import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import type { ConversationKind } from './types';

/**
 * The file store's layout on disk: one JSON-lines file per conversation,
 * `<dir>/<kind>/<ab>/<sha256 of id>.jsonl`, one line per message.
 */

export interface Line {
  s: number;
  t: number;
  d: object;
  /** The conversation's id (files are named by its hash; `cms migrate` needs the id itself). Absent in lines of earlier versions. */
  i?: string;
}

export const KINDS: ConversationKind[] = ['chat', 'search'];

export function parseLines(text: string): { lines: Line[]; torn: boolean } {
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

export async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AppError('internal', `Cannot read the conversation file ${file}: ${(e as Error).message}`, { cause: e });
  }
}

/** The file name (hash) a conversation id is stored under. */
export const conversationHash = (id: string) => createHash('sha256').update(id).digest('hex');

/** The file that holds a conversation. */
export function conversationFile(dir: string, kind: ConversationKind, id: string): string {
  if (!KINDS.includes(kind)) throw new AppError('validation', `Unknown conversation kind ${String(kind)}`);
  const h = conversationHash(id);
  return path.join(dir, kind, h.slice(0, 2), `${h}.jsonl`);
}

/** Every conversation file under `dir`. */
export async function allConversationFiles(dir: string): Promise<string[]> {
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
