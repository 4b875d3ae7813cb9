import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../foundation/errors';
import type { Migration } from '../../engines/postgres/migrate';
import { dbError } from '../../engines/postgres/pool';
import { answerId, type AnswerRecord, type QuestionLog, type Rating } from './types';

/**
 * The question log in PostgreSQL (DATABASE_URL): one row per answer with
 * its rating, shared by every server, so an answer given by one server can
 * be rated through another and analytics read through any server count it.
 * Each call is one statement, committed before it returns.
 */
export const questionLogMigrations: Migration[] = [{
  name: 'question-log-001',
  sql: `CREATE TABLE question_log (
    seq bigserial, id text PRIMARY KEY, at timestamptz NOT NULL, reference_id text NOT NULL,
    answer jsonb NOT NULL, rating jsonb);
  CREATE INDEX question_log_at ON question_log (at, seq);`,
}];

type Row = { answer: AnswerRecord; rating: Rating | null };
const toRecord = (r: Row): AnswerRecord => ({ ...r.answer, rating: r.rating });

export function createPgQuestionLog(options: { pool: pg.Pool; now?: () => Date }): QuestionLog {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  const q = async <R extends pg.QueryResultRow>(what: string, sql: string, params: unknown[] = []) => {
    try {
      return await pool.query<R>(sql, params);
    } catch (e) {
      throw dbError(e, what);
    }
  };
  return {
    async record(input) {
      const at = now();
      const answer: AnswerRecord = { id: answerId(at, randomBytes(4).toString('hex')), at: at.toISOString(), ...input, rating: null };
      await q('to record the answer', 'INSERT INTO question_log (id, at, reference_id, answer) VALUES ($1, $2, $3, $4::jsonb)',
        [answer.id, answer.at, answer.referenceId, JSON.stringify(answer)]);
      return answer.id;
    },
    async rate({ answerId: id, referenceId, value, comment }) {
      const text = comment?.trim() ? comment.trim() : null;
      const rating: Rating = { value, comment: text, at: now().toISOString() };
      // The same rating again changes nothing (its time stays).
      const r = await q<Row>('to save the rating', `UPDATE question_log SET rating = CASE
          WHEN rating->>'value' = $3 AND (rating->>'comment') IS NOT DISTINCT FROM $4 THEN rating ELSE $5::jsonb END
        WHERE id = $1 AND reference_id = $2 RETURNING answer, rating`, [id, referenceId, value, text, JSON.stringify(rating)]);
      if (!r.rows[0]) throw new AppError('not_found', 'There is no such answer in this conversation to rate.');
      return toRecord(r.rows[0]);
    },
    async list(range = {}) {
      const r = await q<Row>('to read the question log', `SELECT answer, rating FROM question_log
        WHERE ($1::timestamptz IS NULL OR at >= $1) AND ($2::timestamptz IS NULL OR at < $2) ORDER BY at, seq`,
      [range.from?.toISOString() ?? null, range.to?.toISOString() ?? null]);
      return r.rows.map(toRecord);
    },
    async prune(before) {
      return (await q('to prune the question log', 'DELETE FROM question_log WHERE at < $1', [before.toISOString()])).rowCount ?? 0;
    },
    async clear() {
      await q('to clear the question log', 'DELETE FROM question_log');
    },
  };
}

/** `cms migrate`: answers with their ids, times and ratings (a second run changes nothing); returns how many of them the table holds. */
export async function importAnswers(pool: pg.Pool, records: AnswerRecord[]): Promise<number> {
  try {
    for (let i = 0; i < records.length; i += 500) {
      const batch = records.slice(i, i + 500);
      await pool.query(
        `INSERT INTO question_log (id, at, reference_id, answer, rating)
         SELECT u.id, u.at, u.ref, u.answer, u.rating FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::jsonb[], $5::jsonb[]) AS u(id, at, ref, answer, rating)
         ON CONFLICT (id) DO UPDATE SET rating = EXCLUDED.rating`,
        [batch.map((r) => r.id), batch.map((r) => r.at), batch.map((r) => r.referenceId), batch.map((r) => JSON.stringify({ ...r, rating: null })),
          batch.map((r) => (r.rating ? JSON.stringify(r.rating) : null))],
      );
    }
    const r = await pool.query<{ n: string }>('SELECT count(*) AS n FROM question_log WHERE id = ANY($1::text[])', [records.map((x) => x.id)]);
    return Number(r.rows[0].n);
  } catch (e) {
    throw dbError(e, 'to copy the question log');
  }
}
