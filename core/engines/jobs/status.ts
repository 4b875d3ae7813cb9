import type { Coded, ItemStatus, Job, JobKind, JobStep } from '../../foundation/types';
import { describe } from '../../foundation/messages';
import { phaseOf } from './steps';

/** A video that failed only in making a translated version: it needs attention, yet the video itself is done (searchable, playable, public once approved). */
export const failedInTranslation = (item: { status?: string; stepCode?: Coded | null }): boolean =>
  item.status === 'failed' && item.stepCode?.code === 'translate_failed';

/** The processing fields an item shows (the API's status, progress, step text and error). */
export interface ItemProgress {
  status: ItemStatus;
  progress: number;
  step: string | null;
  /** The step as a code with parameters, for wording in any language (core/foundation/messages.ts). */
  stepCode: Coded | null;
  error: string | null;
  /** The failure reason as a code with parameters, when the job gave one. */
  errorCode: Coded | null;
}

const coded = (s: JobStep | null | undefined, fallback: string | null): Coded | null =>
  s ? { code: s.code, params: s.params, ...(s.parts?.length ? { parts: s.parts } : {}) } : fallback ? { code: fallback, params: {} } : null;

/** Jobs that convert an item after its ingest (their failure is theirs, not the item's). */
const CONVERSIONS: readonly JobKind[] = ['translate', 'transcribe'];

/**
 * A video's transcription shows its own phases (processing, extracting the
 * sound, analyzing the speech); its translation steps and every other
 * conversion show `converting`.
 */
function conversionPhase(job: Job): ItemStatus {
  if (job.kind !== 'transcribe') return 'converting';
  const phase = phaseOf(job.step);
  return phase === 'extracting' || phase === 'analyzing' || phase === 'converting' ? phase : 'processing';
}

/** The situations an item's jobs can be in, in the order they are checked. */
export type Situation =
  | 'no_ingest' | 'ingest_queued' | 'ingest_running' | 'ingest_failed' | 'converting' | 'transcribe_failed' | 'translate_failed' | 'all_done';

/**
 * The one transition table: what an item shows in each situation. `job` is
 * the job the situation is about (the ingest, or the running conversion).
 */
export const TRANSITIONS: Record<Situation, (job: Job | undefined) => ItemProgress> = {
  no_ingest: () => ({ status: 'pending', progress: 0, step: 'Queued', stepCode: coded(null, 'queued'), error: null, errorCode: null }),
  ingest_queued: (j) => ({ status: 'pending', progress: 0, step: j?.step?.text ?? 'Queued', stepCode: coded(j?.step, 'queued'), error: null, errorCode: null }),
  ingest_running: (j) => ({ status: phaseOf(j!.step), progress: j!.progress, step: j!.step?.text ?? null, stepCode: coded(j!.step, null), error: null, errorCode: null }),
  ingest_failed: (j) => ({
    status: 'failed', progress: j!.progress, step: 'Failed', stepCode: coded(null, 'failed'),
    error: j!.error?.message ?? 'Failed without a reason', errorCode: j!.error?.reason ?? null,
  }),
  /** A video whose transcription (or its frames or indexing) failed needs attention: failed, with the reason; Retry re-runs that job only. */
  transcribe_failed: (j) => ({
    status: 'failed', progress: 100, step: 'Transcription failed', stepCode: coded(null, 'transcribe_failed'),
    error: j!.error?.message ?? 'The transcription failed without a reason', errorCode: j!.error?.reason ?? null,
  }),
  /**
   * A video whose translated version (subtitles, burning, dubbing) failed needs attention too: failed, with the
   * reason; the video itself stays handed out (core/features/governance/visibility.ts); Retry re-runs that translation only.
   */
  translate_failed: (j) => {
    const language = String(j!.params.targetLanguage ?? '');
    // The English text names the language as a name ("Arabic"); the code carries the product's name for every console to word.
    const name = language.charAt(0).toUpperCase() + language.slice(1);
    return {
      status: 'failed', progress: 100, step: describe('translate_failed', { language: name }), stepCode: { code: 'translate_failed', params: { language } },
      error: `The ${name} version could not be made: ${j!.error?.message ?? 'no reason was given'}`,
      errorCode: j!.error?.reason ?? { code: 'failure.translation', params: { language } },
    };
  },
  converting: (j) => ({ status: conversionPhase(j!), progress: j!.progress, step: j!.step?.text ?? null, stepCode: coded(j!.step, null), error: null, errorCode: null }),
  all_done: (j) => ({ status: 'completed', progress: 100, step: j?.step?.text ?? 'Completed', stepCode: coded(j?.step, 'completed'), error: null, errorCode: null }),
};

/** Which situation an item's jobs are in, and the job it is about. */
export function situationOf(jobs: Job[]): { situation: Situation; job: Job | undefined } {
  const ingest = jobs.filter((j) => j.kind === 'ingest').sort((a, b) => a.id - b.id).at(-1);
  if (!ingest) return { situation: 'no_ingest', job: undefined };
  switch (ingest.state) {
    case 'queued':
      return { situation: 'ingest_queued', job: ingest };
    case 'running':
      return { situation: 'ingest_running', job: ingest };
    case 'failed':
      return { situation: 'ingest_failed', job: ingest };
    case 'done': {
      const converting = jobs.filter((j) => CONVERSIONS.includes(j.kind) && (j.state === 'running' || j.state === 'queued'));
      const job = converting.find((j) => j.state === 'running') ?? converting[0];
      if (job) return { situation: 'converting', job };
      // The latest transcription decides: a failed one that a later one replaced does not count.
      const transcribe = jobs.filter((j) => j.kind === 'transcribe').sort((a, b) => a.id - b.id).at(-1);
      if (transcribe?.state === 'failed') return { situation: 'transcribe_failed', job: transcribe };
      // A video's failed translation (each translation keeps one job, retried in place; a deleted one takes its job along).
      const translation = jobs.filter((j) => j.kind === 'translate' && j.itemType === 'video' && j.state === 'failed').sort((a, b) => a.id - b.id).at(-1);
      if (translation) return { situation: 'translate_failed', job: translation };
      return { situation: 'all_done', job: ingest };
    }
    default: {
      const never: never = ingest.state;
      throw new Error(`Unknown job state ${String(never)}`);
    }
  }
}

/** An item's visible status, derived from its jobs. The only place item status is decided. */
export function deriveItemProgress(jobs: Job[]): ItemProgress {
  const { situation, job } = situationOf(jobs);
  return TRANSITIONS[situation](job);
}
