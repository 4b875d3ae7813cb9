import type { ItemStatus, JobStep } from '../types';

/**
 * The steps a job reports, each with its English wording and, for ingest,
 * the item phase it stands for. Faces that word steps in another language
 * read `code` and `params`; `text` is the English.
 */
const STEPS = {
  queued: { phase: 'pending', text: () => 'Queued' },
  queued_again: { phase: 'pending', text: () => 'Queued again' },
  reading_file: { phase: 'processing', text: () => 'Reading the uploaded file' },
  extracting: { phase: 'extracting', text: () => 'Extracting text and images' },
  /** An extractor's own progress line (page, slide, OCR): its English label is the text. */
  extracting_detail: { phase: 'extracting', text: (p: StepParams) => String(p.label ?? 'Extracting') },
  storing_images: { phase: 'analyzing', text: () => 'Storing images' },
  splitting: { phase: 'analyzing', text: () => 'Splitting into passages' },
  indexing: { phase: 'analyzing', text: (p: StepParams) => `Indexing passages ${p.done} of ${p.total}` },
  completed: { phase: 'completed', text: () => 'Completed' },
  completed_with_warnings: { phase: 'completed', text: (p: StepParams) => `Completed with warnings: ${p.warnings}` },
  failed: { phase: 'failed', text: () => 'Failed' },
  /** A video's transcription (the `transcribe` job): probing and the sound are `extracting_detail`, this is the rest. */
  transcribing: { phase: 'analyzing', text: (p: StepParams) => String(p.label ?? 'Transcribing the speech') },
  /** Generic steps of later job kinds (translate, transcribe): the job says what it is doing in `label`. */
  working: { phase: 'converting', text: (p: StepParams) => String(p.label ?? 'Working') },
} satisfies Record<string, { phase: ItemStatus; text: (p: StepParams) => string }>;

type StepParams = Record<string, string | number>;
export type StepCode = keyof typeof STEPS;
export const STEP_CODES = Object.keys(STEPS) as StepCode[];

export function step(code: StepCode, params: StepParams = {}): JobStep {
  return { code, params, text: STEPS[code].text(params) };
}

/** The item phase an ingest step stands for (`processing` for codes it does not know). */
export function phaseOf(s: JobStep | null): ItemStatus {
  const known = s && (STEPS as Record<string, { phase: ItemStatus }>)[s.code];
  return known ? known.phase : 'processing';
}
