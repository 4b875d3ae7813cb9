/**
 * One entry point for the worker: extract a file by its sniffed kind, with
 * the extractor its format declares (core/formats).
 *
 *   const { kind } = await assertKind(path, kindsFor('document'), fileName);
 *   const extraction = await extractFile(path, kind, { workDir, ocrLanguages, fileName, signal, onProgress });
 */
import { AppError } from '../errors';
import { extractableNames, formatOfKind, FORMATS, labelOf } from '../formats/index';
import type { SniffKind } from '../formats/sniff';
import type { Extraction } from '../formats/types';
import type { DocxOptions } from './docx';
import type { PdfOptions } from './pdf';
import type { PptxOptions } from './pptx';
import type { VideoOptions } from './video';

/** ExtractOptions plus every extractor's own optional settings. */
export type ExtractorOptions = PdfOptions & DocxOptions & PptxOptions & VideoOptions;

/** The kinds extractFile accepts. */
export const EXTRACTABLE_KINDS: readonly string[] = FORMATS.filter((f) => f.extract).map((f) => f.kind);

export async function extractFile(file: string, kind: SniffKind, opts: ExtractorOptions): Promise<Extraction> {
  const extract = formatOfKind(kind)?.extract;
  if (!extract) {
    const name = opts.fileName ? `"${opts.fileName}"` : 'this file';
    throw new AppError('unsupported_type', `Cannot extract ${name}: it is ${labelOf(kind)}; upload a ${extractableNames().replace(/, (?=[^,]*$)/, ' or ')}.`, { details: { kind } });
  }
  return extract(file, opts);
}
