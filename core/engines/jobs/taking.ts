/**
 * How the job queue (./queue.ts) takes work: passes that claim queued jobs up to the concurrency (one pass at
 * a time), takeovers of running jobs whose worker stopped renewing its lease, the leases renewed on a timer,
 * and those waiting for the queue to be idle. Its state: started, stopping, the pass under way, the timer.
 */
import type { Catalog } from '../catalog/types';
import type { LogLine } from '../../foundation/log';
import type { JobClaims } from './claims';
import type { JobRecords } from './records';

export interface TakingContext {
  catalog: Catalog;
  concurrency: number;
  leaseMs: number;
  claims: JobClaims;
  records: JobRecords;
  log: LogLine;
  /** The jobs this worker runs. */
  running: Map<number, AbortController>;
  run: (jobId: number) => Promise<void>;
}

export function createJobTaking(c: TakingContext) {
  const { catalog, claims, records, log, running } = c;
  let started = false;
  let stopping = false;
  let idleWaiters: Array<() => void> = [];
  let filling: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** Starts claimable queued jobs up to the concurrency (one pass at a time; a call during a pass asks for another). */
  function pump() {
    if (!started || stopping) return;
    if (filling) {
      again = true;
      return;
    }
    filling = (async () => {
      do {
        again = false;
        await fill(c, () => stopping);
      } while (again && !stopping);
    })().catch((e: Error) => log(`Taking jobs failed: ${e.message}; trying again shortly`)).finally(async () => {
      filling = null;
      // After stop() the store may be closed already: a failed idle check is logged, never an unhandled rejection.
      await checkIdle().catch((e: Error) => log(`Checking for remaining jobs failed: ${e.message}`));
    });
  }

  async function checkIdle() {
    if (running.size === 0 && !filling && !await records.nextQueued()) {
      const w = idleWaiters;
      idleWaiters = [];
      w.forEach((f) => f());
    }
  }

  return {
    pump,
    stopping: () => stopping,
    /** Takes over interrupted jobs and starts working; keeps leases alive and looks for work every few moments. */
    start() {
      started = true;
      stopping = false;
      const tick = () => {
        if (stopping) return;
        if (running.size) void claims.renew([...running.keys()]).catch((e: Error) => log(`Renewing job leases failed: ${e.message}`));
        void recover(c, () => stopping).then(pump, (e: Error) => log(`Looking for abandoned jobs failed: ${e.message}`));
      };
      if (c.concurrency > 0) {
        timer = setInterval(tick, Math.max(200, Math.min(2000, Math.floor(c.leaseMs / 3))));
        timer.unref();
        tick();
      }
      pump();
    },
    /** Stops taking jobs (the caller aborts the running ones). */
    stop() {
      stopping = true;
      if (timer) clearInterval(timer);
    },
    stopped() { started = false; },
    /** Resolves when nothing is queued or running. */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        if (!started || c.concurrency <= 0) resolve();
        else {
          pump();
          void checkIdle().catch((e: Error) => log(`Checking for idle failed: ${e.message}`));
        }
      });
    },
  };
}

/** One pass: claims queued jobs and runs them, up to the concurrency. */
async function fill(c: TakingContext, stopping: () => boolean) {
  const { catalog, claims, records, running } = c;
  const tried = new Set<number>();
  while (running.size < c.concurrency && !stopping()) {
    const next = await records.nextQueued((j) => !running.has(j.id) && !tried.has(j.id));
    if (!next) return;
    tried.add(next.id);
    if (!(await claims.claim(next.id, next.attempts))) continue;
    if ((await catalog.jobs.get(next.id))?.state !== 'queued' || stopping()) {
      await claims.release(next.id, false);
      continue;
    }
    await c.run(next.id);
  }
}

/** Takes over running jobs no live worker holds (its process died, or this process restarted). */
async function recover(c: TakingContext, stopping: () => boolean) {
  const { catalog, claims, log, running } = c;
  if (c.concurrency <= 0 || stopping()) return;
  const candidates = (await catalog.jobs.list({ where: { state: 'running' }, filter: (j) => !running.has(j.id) })).map((j) => j.id);
  for (const id of await claims.orphaned(candidates)) {
    if (running.size >= c.concurrency || stopping()) return;
    if (!(await claims.takeOver(id))) continue;
    if ((await catalog.jobs.get(id))?.state !== 'running') {
      await claims.release(id, false);
      continue;
    }
    log(`Worker took over job ${id}: its previous worker stopped renewing its lease`);
    await c.run(id);
  }
}
