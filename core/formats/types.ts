/** What an extractor returns: text by structure, images, and derived files in a work folder. */
import type { Coded } from '../foundation/types';
import type { MediaInfo } from '../foundation/tools/ffprobe';
import type { Message } from '../foundation/messages';
import type { TranslationLanguage } from '../foundation/types';

export interface ExtractedSection {
  /** 1-based page (PDF, DOCX has none) */
  page?: number;
  /** 1-based slide in presentation order (PPTX) */
  slide?: number;
  /** Heading path of the section (DOCX headings, slide title) */
  heading?: string;
  text: string;
  /** Speaker notes (PPTX) */
  notes?: string;
  /** True when the text came from OCR of a rendered page */
  ocr?: boolean;
}

export interface ExtractedImage {
  /** Absolute path of the image file inside the extraction work folder. */
  path: string;
  /** File extension without dot: jpg, png, ... */
  ext: string;
  page?: number;
  slide?: number;
  width?: number;
  height?: number;
  /** Text near the image (same page / slide / paragraph), for descriptions and tags. */
  nearbyText: string;
  /** Text read from the image itself by OCR, when any. */
  ocrText?: string;
  /**
   * Decoration: the same picture (same or near-same bytes) repeats across
   * pages or slides, like a logo in a page header. Stored once, never a source image.
   */
  decorative?: boolean;
}

export interface SlideRender {
  slide: number;
  /** Absolute path of the PNG render in the work folder. */
  path: string;
}

export interface Extraction {
  /** The format's kind (core/formats), 'video' for MP4. */
  kind: string;
  pageCount?: number;
  slideCount?: number;
  sections: ExtractedSection[];
  images: ExtractedImage[];
  slideRenders?: SlideRender[];
  durationSec?: number;
  /** What ffprobe found in a video (kept for the item's later jobs, so it is probed once). */
  media?: MediaInfo;
  thumbnailPath?: string;
  /** Pages read with OCR because they had no text layer. */
  ocrPages?: number[];
  /** Non-fatal problems, shown on the item record: each a code with parameters and its English text. */
  warnings: Message[];
  /**
   * Set when the file is valid but holds nothing searchable (pictures only):
   * it is still stored and handed out, and this note is shown on its record.
   */
  notice?: string;
}

export interface ExtractOptions {
  /** A private folder for derived files; the caller deletes it afterwards. */
  workDir: string;
  /** tesseract language codes, e.g. ['eng','heb','fra'] */
  ocrLanguages: string[];
  signal?: AbortSignal;
  /** Progress with the step as a message (core/foundation/messages.ts); a plain string is English text without a code. */
  onProgress?: (done: number, total: number, label: Message | string) => void;
}

// ---- Translation: what a format gives to be translated (core/features/translate writes the translations in) ----

/** Why a segment is kept as it is (a code style, a formula, ...): set by the format or core/features/translate/keep.ts. */
export type KeepReason = 'code' | 'formula' | 'label' | 'identifier' | 'protected';

export interface Segment {
  /** Unique within one translate() call. */
  id: string;
  text: string;
}

/** A warning about one page or slide of the output (1-based), or the whole file (unit null). */
export interface TranslationWarning {
  unit: number | null;
  message: string;
  /** The reason as a code with parameters (core/foundation/messages.ts), when known. */
  code?: Coded;
}

/** The translated text of one page (PDF, DOCX page estimate) or slide (PPTX), for indexing. */
export interface TranslatedUnit {
  /** 1-based page or slide number of the original. */
  unit: number;
  text: string;
}

/** One segment of a file, with the page or slide (1-based) it is on. */
export interface FileSegment extends Segment {
  unit: number;
  /** Set by the format when it knows the text must not be translated (a code style, a monospace font, a code listing). */
  keep?: KeepReason;
}

/** 'mp4': a video, whose segments are its transcript's cues (core/features/video/translatable.ts). */
export type TranslatableFormat = 'docx' | 'pptx' | 'pdf' | 'mp4';

/** A source file read into segments, able to write itself translated. */
export interface TranslatableFile {
  format: TranslatableFormat;
  /** Pages (PDF, DOCX as last rendered) or slides (PPTX). */
  units: number;
  segments: FileSegment[];
  /** Writes the translated file; returns warnings (e.g. a page that could not be laid out). */
  write(translations: ReadonlyMap<string, string>, out: string, opts: WriteOptions): Promise<TranslationWarning[]>;
}

/**
 * A file translated through another room (a video through its transcript,
 * core/features/video/translation-job.ts), handed to the `translate` job by the composition root.
 */
export interface MediaTranslation {
  file: TranslatableFile;
  /** After the translated file is stored at `fileKey`: its extra outputs; returns the subtitles' public path, if any. */
  finish(fileKey: string): Promise<string | null>;
  /** Time range and frame of each unit, for the translated text's search chunks. */
  unitRanges: Record<number, { startSec: number; endSec: number; frameSec?: number }>;
}

export interface WriteOptions {
  source: TranslationLanguage;
  target: TranslationLanguage;
  signal?: AbortSignal;
}
