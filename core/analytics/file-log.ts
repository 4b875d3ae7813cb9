import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../errors';
import type { AnswerRecord, QuestionLog } from './types';

/** Where the server keeps the log in its data folder. */
export const questionLogFile = (dataDir: string) => path.join(dataDir, 'analytics', 'answers.jsonl');

type Line = { type: 'answer'; answer: AnswerRecord } | { type: 'rating'; answerId: string; rating: AnswerRecord['rating'] };

/**
 * The question log as an append-only JSON-lines file (answers and ratings as
 * events), read once into memory. Pruning rewrites the file atomically. A
 * torn last line (crash mid-write) is skipped.
 */
export function createFileQuestionLog(options: { file: string; now?: () => Date }): QuestionLog {
  const now = options.now ?? (() => new Date());
  const byId = new Map<string, AnswerRecord>();
  const order: AnswerRecord[] = [];

  if (existsSync(options.file)) {
    for (const raw of readFileSync(options.file, 'utf8').split('\n')) {
      if (!raw.trim()) continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        continue;
      }
      if (line.type === 'answer') {
        byId.set(line.answer.id, line.answer);
        order.push(line.answer);
      } else if (line.type === 'rating') {
        const a = byId.get(line.answerId);
        if (a) a.rating = line.rating;
      }
    }
  }
  const append = (line: Line) => {
    mkdirSync(path.dirname(options.file), { recursive: true });
    appendFileSync(options.file, `${JSON.stringify(line)}\n`);
  };

  return {
    record(input) {
      const at = now();
      const answer: AnswerRecord = { id: `a${at.getTime().toString(36)}${randomBytes(4).toString('hex')}`, at: at.toISOString(), ...input, rating: null };
      append({ type: 'answer', answer });
      byId.set(answer.id, answer);
      order.push(answer);
      return answer.id;
    },
    rate({ answerId, referenceId, value, comment }) {
      const a = byId.get(answerId);
      if (!a || a.referenceId !== referenceId) throw new AppError('not_found', 'There is no such answer in this conversation to rate.');
      const rating = { value, comment: comment?.trim() ? comment.trim() : null, at: now().toISOString() };
      append({ type: 'rating', answerId, rating });
      a.rating = rating;
      return a;
    },
    list(range = {}) {
      const from = range.from?.toISOString() ?? '';
      const to = range.to?.toISOString() ?? '\uffff';
      return order.filter((a) => a.at >= from && a.at < to);
    },
    clear() {
      if (existsSync(options.file)) writeFileSync(options.file, '');
      byId.clear();
      order.length = 0;
    },
    prune(before) {
      const cut = before.toISOString();
      const keep = order.filter((a) => a.at >= cut);
      const dropped = order.length - keep.length;
      if (!dropped) return 0;
      const lines = keep.flatMap((a) => [JSON.stringify({ type: 'answer', answer: { ...a, rating: null } }), ...(a.rating ? [JSON.stringify({ type: 'rating', answerId: a.id, rating: a.rating })] : [])]);
      const tmp = `${options.file}.tmp`;
      mkdirSync(path.dirname(options.file), { recursive: true });
      writeFileSync(tmp, lines.length ? `${lines.join('\n')}\n` : '');
      renameSync(tmp, options.file);
      for (const a of order.slice()) if (a.at < cut) byId.delete(a.id);
      order.splice(0, order.length, ...keep);
      return dropped;
    },
  };
}
