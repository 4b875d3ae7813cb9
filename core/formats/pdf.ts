import type { PdfOptions as PdfTranslateOptions } from '../translate/pdf';
import { PDF } from './facts';
import type { FileFormat } from './format';

export const pdf: FileFormat = {
  ...PDF,
  recognize: (head) => (head.ascii.slice(0, 1024).includes('%PDF-') ? { description: 'PDF data' } : null),
  extract: async (file, opts) => (await import('../ingest/pdf')).extractPdf(file, opts),
  openTranslatable: async (file, _label, opts) => (await import('../translate/pdf')).openPdf(file, opts as PdfTranslateOptions),
};
