/**
 * Which worker runs a job. In one process every job is this process's; with
 * several workers on PostgreSQL (./pg-claims.ts) a job is claimed with a
 * lease that its worker renews while it runs: a worker that dies leaves its
 * job to another once the lease runs out, and a finished job is never
 * claimed again. A claim is for one generation of the job (its attempt
 * count when queued), so a retried job can be claimed anew while a stale
 * view of an older generation cannot.
 */
export interface JobClaims {
  /** Takes the job for this worker; false when another worker holds it or it was finished. */
  claim(jobId: number, generation: number): Promise<boolean>;
  /** Takes over a job whose worker stopped renewing its lease; false when it is alive or finished. */
  takeOver(jobId: number): Promise<{ generation: number } | null>;
  /** Of these running jobs, those no live worker holds. */
  orphaned(jobIds: number[]): Promise<number[]>;
  /** Extends the leases of the jobs this worker runs. */
  renew(jobIds: number[]): Promise<void>;
  /** The job's run ended (done, failed or put back): nobody holds it; `final` forbids claiming this generation again. */
  release(jobId: number, final: boolean): Promise<void>;
}

/** One process: it holds whatever it runs; a running job it does not run was left by a stop or crash. */
export function createLocalJobClaims(): JobClaims {
  const held = new Map<number, number>();
  const finished = new Map<number, number>();
  return {
    async claim(jobId, generation) {
      if (held.has(jobId) || (finished.get(jobId) ?? -1) >= generation) return false;
      held.set(jobId, generation);
      return true;
    },
    async takeOver(jobId) {
      if (held.has(jobId)) return null;
      const generation = finished.get(jobId) !== undefined ? finished.get(jobId)! + 1 : 0;
      held.set(jobId, generation);
      return { generation };
    },
    async orphaned(jobIds) {
      return jobIds.filter((id) => !held.has(id));
    },
    async renew() {},
    async release(jobId, final) {
      const g = held.get(jobId);
      held.delete(jobId);
      if (final && g !== undefined) finished.set(jobId, g);
    },
  };
}
