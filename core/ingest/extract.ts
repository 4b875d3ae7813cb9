/**
 * One entry point for the worker: extract a file by its sniffed kind.
 *
 *   const { kind } = await assertKind(path, ['pdf', 'docx', 'pptx', 'mp4'], fileName);
 *   const extraction = await extractFile(path, kind, { workDir, ocrLanguages, fileName, signal, onProgress });
 */
import { AppError } from '../errors';
import { extractDocx, type DocxOptions } from './docx';
import { extractPdf, type PdfOptions } from './pdf';
import { extractPptx, type PptxOptions } from './pptx';
import { KIND_NAMES, type SniffKind } from './sniff';
import type { Extraction } from '../formats/types';
import { extractVideo, type VideoOptions } from './video';

/** ExtractOptions plus every extractor's own optional settings. */
export type ExtractorOptions = PdfOptions & DocxOptions & PptxOptions & VideoOptions;

/** The kinds extractFile accepts. */
export const EXTRACTABLE_KINDS = ['pdf', 'docx', 'pptx', 'mp4'] as const satisfies readonly SniffKind[];

export async function extractFile(file: string, kind: SniffKind, opts: ExtractorOptions): Promise<Extraction> {
  switch (kind) {
    case 'pdf':
      return extractPdf(file, opts);
    case 'docx':
      return extractDocx(file, opts);
    case 'pptx':
      return extractPptx(file, opts);
    case 'mp4':
      return extractVideo(file, opts);
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
    case 'zip':
    case 'unknown': {
      const name = opts.fileName ? `"${opts.fileName}"` : 'this file';
      throw new AppError('unsupported_type', `Cannot extract ${name}: it is ${KIND_NAMES[kind]}; upload a PDF, DOCX, PPTX or MP4.`, { details: { kind } });
    }
    default: {
      const unreachable: never = kind;
      throw new AppError('internal', `Unknown file kind ${String(unreachable)}`);
    }
  }
}
