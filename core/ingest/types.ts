/** What an extractor returns: text by structure, images, and derived files in a work folder. */
import type { Message } from '../messages';

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
  kind: 'pdf' | 'docx' | 'pptx' | 'video';
  pageCount?: number;
  slideCount?: number;
  sections: ExtractedSection[];
  images: ExtractedImage[];
  slideRenders?: SlideRender[];
  durationSec?: number;
  thumbnailPath?: string;
  /** Pages read with OCR because they had no text layer. */
  ocrPages?: number[];
  /** Non-fatal problems, shown on the item record. */
  warnings: string[];
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
  /** Progress with the step as a message (core/messages.ts); a plain string is English text without a code. */
  onProgress?: (done: number, total: number, label: Message | string) => void;
}
