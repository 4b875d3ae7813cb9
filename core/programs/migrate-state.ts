import { existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { questionLogFile, createFileQuestionLog } from '../features/analytics/file-log';
import { importAnswers } from '../features/analytics/pg-log';
import { importCredentials } from '../features/auth/credentials';

export interface MigratePart {
  name: string;
  /** In the data folder. */
  source: number;
  /** Of those, found in the target after the copy. */
  target: number;
  /** What could not be copied, in words (empty when all arrived). */
  notes: string[];
}

/**
 * The parts of a data folder `cms migrate` copies besides the catalog,
 * files, chunks and conversations: the generated admin credentials (before
 * the target's services open, so they use them rather than make new ones)
 * and the question log with its ratings (after).
 */
export async function migrateExtraState(options: { from: string; pool: pg.Pool; phase: 'before' | 'after' }): Promise<MigratePart[]> {
  const { from, pool } = options;
  if (options.phase === 'before') {
    const c = await importCredentials(pool, from);
    return [{ name: 'generated credentials', ...c, notes: c.target < c.source ? ['the database already had generated credentials of its own: kept'] : [] }];
  }
  const file = questionLogFile(from);
  const records = existsSync(file) ? await createFileQuestionLog({ file: path.resolve(file) }).list() : [];
  const target = records.length ? await importAnswers(pool, records) : 0;
  return [{ name: 'question log answers', source: records.length, target, notes: [] }];
}
