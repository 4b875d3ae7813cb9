/**
 * Estimates from measured rates: every finished transcription job records
 * how long it took for how long a video (offline or with an endpoint), and
 * the next video's estimate is a line fitted through the recent runs of its
 * kind: a fixed part (probe, starting the tools, a recogniser's model) plus
 * a part per second of video. Until a few runs are known, the bench's rates
 * (core/features/video/policy.ts DEFAULT_RATES) stand.
 */
import { keys } from '../../engines/storage/layout';
import type { ObjectStore } from '../../engines/storage/types';

export type RunKind = 'offline' | 'endpoint';

export interface RunSample {
  kind: RunKind;
  /** Seconds of video. */
  durationSec: number;
  /** Seconds the transcription job's processing took (probe to frames). */
  sec: number;
}

/** A fitted rate: `fixedSec + perSec × seconds of video`. */
export interface MeasuredRate {
  fixedSec: number;
  perSec: number;
  /** How many runs it was fitted on. */
  runs: number;
}

/** Runs kept per kind (the newest). */
export const KEEP_RUNS = 30;
/** Runs of a kind needed before their rate replaces the bench's. */
export const MIN_RUNS = 3;

/**
 * The line through the recent runs of `kind` (least squares), or null with
 * fewer than MIN_RUNS. Runs all of about one length fix the rate through the
 * bench's fixed part instead (one length cannot tell fixed from per-second).
 */
export function fitRate(samples: readonly RunSample[], kind: RunKind, defaultFixedSec: number): MeasuredRate | null {
  const runs = samples.filter((s) => s.kind === kind && s.durationSec > 0 && s.sec >= 0).slice(-KEEP_RUNS);
  if (runs.length < MIN_RUNS) return null;
  const n = runs.length;
  const mx = runs.reduce((a, s) => a + s.durationSec, 0) / n;
  const my = runs.reduce((a, s) => a + s.sec, 0) / n;
  const sxx = runs.reduce((a, s) => a + (s.durationSec - mx) ** 2, 0);
  const sxy = runs.reduce((a, s) => a + (s.durationSec - mx) * (s.sec - my), 0);
  const lengths = runs.map((s) => s.durationSec);
  const spread = Math.max(...lengths) >= 2 * Math.min(...lengths);
  if (spread && sxx > 0) {
    const perSec = sxy / sxx;
    const fixedSec = my - perSec * mx;
    if (perSec >= 0 && fixedSec >= 0) return { fixedSec: r3(fixedSec), perSec: r3(perSec), runs: n };
    // A negative part: the runs are too noisy for a line; the whole time through the origin.
    if (perSec >= 0) return { fixedSec: 0, perSec: r3(runs.reduce((a, s) => a + s.sec * s.durationSec, 0) / runs.reduce((a, s) => a + s.durationSec ** 2, 0)), runs: n };
  }
  const perSec = Math.max(0, runs.reduce((a, s) => a + (s.sec - defaultFixedSec), 0) / runs.reduce((a, s) => a + s.durationSec, 0));
  return { fixedSec: defaultFixedSec, perSec: r3(perSec), runs: n };
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** The recorded runs (newest last); none when nothing was recorded or the record is unreadable. */
export async function loadRuns(store: ObjectStore): Promise<RunSample[]> {
  try {
    if (!(await store.head(keys.videoRuns))) return [];
    const { body } = await store.get(keys.videoRuns);
    const parts: Buffer[] = [];
    for await (const c of body) parts.push(c as Buffer);
    const runs = JSON.parse(Buffer.concat(parts).toString('utf8')) as RunSample[];
    return Array.isArray(runs) ? runs.filter((r) => (r.kind === 'offline' || r.kind === 'endpoint') && Number.isFinite(r.durationSec) && Number.isFinite(r.sec)) : [];
  } catch {
    return [];
  }
}

/** Adds a run (keeping the newest KEEP_RUNS of each kind). Two jobs finishing at once may drop one's run: a sample, not a ledger. */
export async function recordRun(store: ObjectStore, run: RunSample): Promise<void> {
  const runs = [...(await loadRuns(store)), { kind: run.kind, durationSec: r3(run.durationSec), sec: r3(run.sec) }];
  const kept = (['offline', 'endpoint'] as const).flatMap((k) => runs.filter((r) => r.kind === k).slice(-KEEP_RUNS));
  await store.put(keys.videoRuns, Buffer.from(JSON.stringify(kept)));
}

/** The measured rates of both kinds (null where too few runs are known). */
export async function measuredRates(store: ObjectStore, defaultFixedSec: number): Promise<Record<RunKind, MeasuredRate | null>> {
  const runs = await loadRuns(store);
  return { offline: fitRate(runs, 'offline', defaultFixedSec), endpoint: fitRate(runs, 'endpoint', defaultFixedSec) };
}
