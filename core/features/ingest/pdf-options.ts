/** The settings of PDF extraction (core/features/ingest/pdf.ts). */
import type { ExtractOptions } from '../../formats/types';

export interface PdfOptions extends ExtractOptions {
  /** The uploaded name, for messages ("The PDF "manual.pdf" is password-protected"). */
  fileName?: string;
  /** A page with fewer non-space characters than this is OCR'd. Default 10. */
  ocrMinChars?: number;
  /** Time budget for reading text inside extracted images; 0 turns it off. Default 20 s. */
  imageOcrBudgetMs?: number;
  /** Keep at most this many images. Default 1000. */
  maxImages?: number;
  /** A page whose text layer is more than this share garbage is read again with OCR. Default 0.3. */
  garbageShare?: number;
  /** Render resolution for OCR. Default 200 dpi. */
  ocrDpi?: number;
  /** OCR at most this many pages without a text layer (about 1-2 s each). Default 300. */
  maxOcrPages?: number;
  /**
   * pdf-parse worker processes for long files (60+ pages, under 64 MiB):
   * 2 reads odd and even pages in parallel, faster when a core is free, for
   * ~150 MB more memory (a 500-page file then peaks near 500 MB). Default 1.
   */
  textWorkers?: 1 | 2;
}
