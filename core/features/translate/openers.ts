/**
 * The translator of every format that can be translated, by its kind
 * (core/formats/facts.ts). The translate room registers them here, so the
 * format registry imports nothing above it; each is loaded on first use.
 */
import { DOCX, PDF, PPTX } from '../../formats/facts';
import type { TranslatableFile } from '../../formats/types';
import type { TranslateOpenOptions } from '../../formats/format';
import type { PdfOptions } from './pdf';

export type Opener = (file: string, label: string, opts: TranslateOpenOptions) => Promise<TranslatableFile>;

export const OPENERS: Readonly<Record<string, Opener>> = {
  [PDF.kind]: async (file, _label, opts) => (await import('./pdf')).openPdf(file, opts as PdfOptions),
  [DOCX.kind]: async (file, label) => (await import('./docx')).openDocx(file, label),
  [PPTX.kind]: async (file, label) => (await import('./pptx')).openPptx(file, label),
};
