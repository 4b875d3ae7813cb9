/**
 * One entry point for the worker: extract a file by its sniffed kind, with
 * the extractor registered for its format (./extractors.ts).
 *
 *   const { kind } = await assertKind(path, kindsFor('document'), fileName);
 *   const extraction = await extractFile(path, kind, { workDir, ocrLanguages, fileName, signal, onProgress });
 */
import { AppError } from '../../foundation/errors';
import { FORMATS, labelOf } from '../../formats/index';
import { EXTRACTORS } from './extractors';
import type { SniffKind } from '../../formats/sniff';
import type { Extraction } from '../../formats/types';
import type { DocxOptions } from './docx';
import type { PdfOptions } from './pdf';
import type { PptxOptions } from './pptx';
import type { VideoOptions } from './video';

/** ExtractOptions plus every extractor's own optional settings. */
export type ExtractorOptions = PdfOptions & DocxOptions & PptxOptions & VideoOptions;

/** The kinds extractFile accepts. */
export const EXTRACTABLE_KINDS: readonly string[] = Object.keys(EXTRACTORS);

/** "PDF, DOCX, PPTX, MP4": the extractable formats, for messages. */
export function extractableNames(): string {
  return FORMATS.filter((f) => EXTRACTORS[f.kind]).map((f) => f.extensions[0]!.slice(1).toUpperCase()).join(', ');
}

export async function extractFile(file: string, kind: SniffKind, opts: ExtractorOptions): Promise<Extraction> {
  const extract = EXTRACTORS[kind];
  if (!extract) {
    const name = opts.fileName ? `"${opts.fileName}"` : 'this file';
    throw new AppError('unsupported_type', `Cannot extract ${name}: it is ${labelOf(kind)}; upload a ${extractableNames().replace(/, (?=[^,]*$)/, ' or ')}.`, { details: { kind } });
  }
  return extract(file, opts);
}
