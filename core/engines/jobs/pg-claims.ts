import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Migration } from '../postgres/migrate';
import { dbError } from '../postgres/pool';
import type { JobClaims } from './claims';

export const jobClaimMigrations: Migration[] = [{
  name: 'job-claims-001',
  sql: `CREATE TABLE job_claims (
          job_id bigint PRIMARY KEY, generation int NOT NULL, worker text, expires_at timestamptz, finished boolean NOT NULL DEFAULT false);`,
}];

export interface PgJobClaimsOptions {
  pool: pg.Pool;
  /** How long a claim lives without renewal (default 30 s). */
  leaseMs?: number;
  /** Names this worker in the table (default a random id). */
  worker?: string;
}

/**
 * Job claims in PostgreSQL: one row per job; a claim is one conditional
 * upsert, so of several workers asking at once exactly one gets it.
 */
export function createPgJobClaims(options: PgJobClaimsOptions): JobClaims & { worker: string } {
  const { pool } = options;
  const worker = options.worker ?? randomUUID();
  const lease = `${(options.leaseMs ?? 30_000) / 1000} seconds`;
  const q = <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => pool.query<R>(sql, params).catch((e) => {
    throw dbError(e, 'to claim a job');
  });

  return {
    worker,
    async claim(jobId, generation) {
      const r = await q(
        `INSERT INTO job_claims AS c (job_id, generation, worker, expires_at) VALUES ($1, $2, $3, now() + $4::interval)
         ON CONFLICT (job_id) DO UPDATE SET generation = $2, worker = $3, expires_at = now() + $4::interval, finished = false
         WHERE c.generation < $2 OR (c.generation = $2 AND NOT c.finished AND (c.worker IS NULL OR c.expires_at < now()))
         RETURNING job_id`,
        [jobId, generation, worker, lease],
      );
      return (r.rowCount ?? 0) > 0;
    },
    async takeOver(jobId) {
      const r = await q<{ generation: number }>(
        `INSERT INTO job_claims AS c (job_id, generation, worker, expires_at) VALUES ($1, 0, $2, now() + $3::interval)
         ON CONFLICT (job_id) DO UPDATE SET worker = $2, expires_at = now() + $3::interval
         WHERE NOT c.finished AND (c.worker IS NULL OR c.expires_at < now()) RETURNING generation`,
        [jobId, worker, lease],
      );
      return r.rows[0] ? { generation: r.rows[0].generation } : null;
    },
    async orphaned(jobIds) {
      if (!jobIds.length) return [];
      const r = await q<{ id: string }>(
        `SELECT id FROM unnest($1::bigint[]) AS id LEFT JOIN job_claims c ON c.job_id = id
         WHERE c.job_id IS NULL OR (NOT c.finished AND (c.worker IS NULL OR c.expires_at < now()))`,
        [jobIds],
      );
      return r.rows.map((x) => Number(x.id));
    },
    async renew(jobIds) {
      if (jobIds.length) await q('UPDATE job_claims SET expires_at = now() + $3::interval WHERE job_id = ANY($1) AND worker = $2', [jobIds, worker, lease]);
    },
    async release(jobId, final) {
      await q('UPDATE job_claims SET worker = NULL, expires_at = NULL, finished = $3 WHERE job_id = $1 AND worker = $2', [jobId, worker, final]);
    },
  };
}
