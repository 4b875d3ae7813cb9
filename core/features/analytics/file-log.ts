import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { answerId, type AnswerRecord, type QuestionLog } from './types';

/** Where the server keeps the log in its data folder. */
export const questionLogFile = (dataDir: string) => path.join(dataDir, 'analytics', 'answers.jsonl');

type Line = { type: 'answer'; answer: AnswerRecord } | { type: 'rating'; answerId: string; rating: AnswerRecord['rating'] };

/** Lines longer than this are not answers or ratings (junk, a damaged file): skipped while reading. */
const MAX_LINE_BYTES = 1024 * 1024;

/**
 * Calls `onLine` for each line of `file`, read in pieces (a log of any size,
 * never one string of the whole file); overlong lines are skipped. Throws
 * AppError naming the file when it cannot be read.
 */
function readLines(file: string, onLine: (line: string) => void, onSkipped: () => void): void {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new AppError('internal', `The question log ${file} cannot be read: ${(e as Error).message}. Move it aside (analytics start empty) or restore it from a backup.`, { cause: e });
  }
  const buf = Buffer.alloc(1024 * 1024);
  let parts: Buffer[] = [];
  let pending = 0;
  let overlong = false;
  try {
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        throw new AppError('internal', `The question log ${file} cannot be read: ${(e as Error).message}. Move it aside (analytics start empty) or restore it from a backup.`, { cause: e });
      }
      if (n === 0) break;
      let start = 0;
      for (let nl = buf.indexOf(10, 0); nl !== -1 && nl < n; nl = buf.indexOf(10, start)) {
        if (!overlong) onLine(Buffer.concat([...parts, buf.subarray(start, nl)]).toString('utf8')); else onSkipped();
        parts = [];
        pending = 0;
        overlong = false;
        start = nl + 1;
      }
      if (start < n && !overlong) {
        pending += n - start;
        if (pending > MAX_LINE_BYTES) { overlong = true; parts = []; } else parts.push(Buffer.from(buf.subarray(start, n)));
      }
    }
    if (overlong) onSkipped();
    else if (parts.length) onLine(Buffer.concat(parts).toString('utf8'));
  } finally {
    closeSync(fd);
  }
}

/** The log in memory, and how many lines of its file no longer count. */
interface FileLogState {
  file: string;
  byId: Map<string, AnswerRecord>;
  order: AnswerRecord[];
  /** Lines in the file that no longer count (superseded ratings, unreadable lines). */
  dead: number;
  compactAfter: number;
}

/** Reads the file's answers and ratings into memory; junk lines count as dead, an overlong one as due for compaction. */
function load(state: FileLogState): void {
  readLines(state.file, (raw) => {
    if (!raw.trim()) return;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      state.dead++;
      return;
    }
    if (line.type === 'answer') {
      state.byId.set(line.answer.id, line.answer);
      state.order.push(line.answer);
    } else if (line.type === 'rating') {
      const a = state.byId.get(line.answerId);
      if (a?.rating) state.dead++;
      if (a) a.rating = line.rating; else state.dead++;
    }
  }, () => { state.dead += state.compactAfter + 1; });
}

function append(file: string, line: Line): void {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Rewrites the file from memory (atomically): every answer once, with its current rating. */
function rewrite(state: FileLogState, keep: AnswerRecord[]): void {
  const lines = keep.flatMap((a) => [JSON.stringify({ type: 'answer', answer: { ...a, rating: null } }), ...(a.rating ? [JSON.stringify({ type: 'rating', answerId: a.id, rating: a.rating })] : [])]);
  const tmp = `${state.file}.tmp`;
  mkdirSync(path.dirname(state.file), { recursive: true });
  writeFileSync(tmp, lines.length ? `${lines.join('\n')}\n` : '');
  renameSync(tmp, state.file);
  state.dead = 0;
}

function compactIfDue(state: FileLogState): void {
  if (state.dead > Math.max(state.compactAfter, state.order.length)) rewrite(state, state.order);
}

/**
 * The question log as an append-only JSON-lines file (answers and ratings as
 * events), read once into memory in pieces (any size). Rating an answer again
 * replaces its rating: the same rating writes nothing, and once superseded
 * lines (old ratings, junk) outnumber the live ones the file is rewritten
 * from memory (compacted), so re-rating cannot grow it without bound. Pruning
 * rewrites the file atomically too. A torn last line (crash mid-write) is skipped.
 */
export function createFileQuestionLog(options: { file: string; now?: () => Date; compactAfter?: number }): QuestionLog {
  const now = options.now ?? (() => new Date());
  const state: FileLogState = { file: options.file, byId: new Map(), order: [], dead: 0, compactAfter: options.compactAfter ?? 1000 };
  const { byId, order } = state;
  if (existsSync(options.file)) load(state);
  // An overlong line (junk) counts as due at once: the file is rewritten without it.
  compactIfDue(state);

  return {
    async record(input) {
      const at = now();
      const answer: AnswerRecord = { id: answerId(at, randomBytes(4).toString('hex')), at: at.toISOString(), ...input, rating: null };
      append(options.file, { type: 'answer', answer });
      byId.set(answer.id, answer);
      order.push(answer);
      return answer.id;
    },
    async rate({ answerId, referenceId, value, comment }) {
      const a = byId.get(answerId);
      if (!a || a.referenceId !== referenceId) throw new AppError('not_found', 'There is no such answer in this conversation to rate.');
      const text = comment?.trim() ? comment.trim() : null;
      // The same rating again changes nothing and writes nothing.
      if (a.rating && a.rating.value === value && a.rating.comment === text) return a;
      const rating = { value, comment: text, at: now().toISOString() };
      append(options.file, { type: 'rating', answerId, rating });
      if (a.rating) state.dead++;
      a.rating = rating;
      compactIfDue(state);
      return { ...a };
    },
    async list(range = {}) {
      const from = range.from?.toISOString() ?? '';
      const to = range.to?.toISOString() ?? '\uffff';
      return order.filter((a) => a.at >= from && a.at < to);
    },
    async clear() {
      if (existsSync(options.file)) writeFileSync(options.file, '');
      state.dead = 0;
      byId.clear();
      order.length = 0;
    },
    async prune(before) {
      const cut = before.toISOString();
      const keep = order.filter((a) => a.at >= cut);
      const dropped = order.length - keep.length;
      if (!dropped) return 0;
      rewrite(state, keep);
      for (const a of order.slice()) if (a.at < cut) byId.delete(a.id);
      order.splice(0, order.length, ...keep);
      return dropped;
    },
  };
}
