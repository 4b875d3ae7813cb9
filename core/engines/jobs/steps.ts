import { describe, STEP_MESSAGES } from '../../foundation/messages';
import type { Coded, ItemStatus, JobStep } from '../../foundation/types';

/**
 * The steps a job reports and, for ingest, the item phase each stands for.
 * Their English wording is the catalogue in core/foundation/messages.ts (faces that word
 * steps in another language read `code` and `params`; `text` is the English).
 */
const PHASES = {
  queued: 'pending',
  queued_again: 'pending',
  reading_file: 'processing',
  extracting: 'extracting',
  /** An extractor's own progress line without a code: its English label is the text. */
  extracting_detail: 'extracting',
  pdf_text: 'extracting',
  pdf_image_text: 'extracting',
  pdf_ocr: 'extracting',
  docx_reading: 'extracting',
  docx_structuring: 'extracting',
  pptx_slide: 'extracting',
  pptx_thumbnails: 'extracting',
  video_reading: 'extracting',
  video_thumbnail: 'extracting',
  extracted: 'extracting',
  storing_images: 'analyzing',
  splitting: 'analyzing',
  indexing: 'analyzing',
  completed: 'completed',
  completed_with_warnings: 'completed',
  failed: 'failed',
  transcribe_failed: 'failed',
  translate_failed: 'failed',
  video_burning: 'converting',
  video_dubbing: 'converting',
  video_writing: 'converting',
  video_sound: 'extracting',
  video_transcribing: 'analyzing',
  video_transcribing_progress: 'analyzing',
  video_frames: 'analyzing',
  video_storing: 'analyzing',
  video_translating: 'converting',
  translate_reading: 'converting',
  translate_segments: 'converting',
  translate_storing: 'converting',
  translate_indexing: 'converting',
  /** A video's transcription (the `transcribe` job): probing and the sound are `extracting_detail`, this is the rest. */
  transcribing: 'analyzing',
  /** Generic steps of later job kinds (translate, transcribe): the job says what it is doing in `label`. */
  working: 'converting',
} satisfies Record<keyof typeof STEP_MESSAGES, ItemStatus>;

type StepParams = Record<string, string | number>;
export type StepCode = keyof typeof PHASES;
export const STEP_CODES = Object.keys(PHASES) as StepCode[];

export function step(code: StepCode, params: StepParams = {}): JobStep {
  return { code, params, text: describe(code, params) };
}

/**
 * The last step of a job that completed with warnings: their English texts joined (the CLI's and API
 * clients' text), and each warning as a code with parameters (`parts`) for faces that word it.
 */
export function completedWithWarnings(warnings: ReadonlyArray<Coded & { text: string }>): JobStep {
  // Sentences follow each other; fragments are separated by semicolons.
  const text = warnings.map((w, i) => (i < warnings.length - 1 && !/[.!?]$/.test(w.text) ? `${w.text};` : w.text)).join(' ');
  return { ...step('completed_with_warnings', { warnings: text }), parts: warnings.map((w) => ({ code: w.code, params: w.params })) };
}

/** The item phase an ingest step stands for (`processing` for codes it does not know). */
export function phaseOf(s: JobStep | null): ItemStatus {
  const known = s && (PHASES as Record<string, ItemStatus>)[s.code];
  return known ?? 'processing';
}
