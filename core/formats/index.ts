/**
 * The format registry: every place that asks "which format" asks here.
 * Adding a format is its facts in ./facts.ts, its file in this folder, one
 * line in FORMATS, and its test. Order matters for recognition: the first
 * format that recognises a file's start wins. Code that needs only the
 * facts (the web console, storage's MIME types) imports ./facts.ts, which
 * reaches no extractor or translator.
 */
import { docx } from './docx';
import type { FileFormat } from './format';
import { html } from './html';
import { images } from './images';
import { markdown } from './markdown';
import { mp4 } from './mp4';
import { pdf } from './pdf';
import { pptx } from './pptx';

export type { FileFormat, FileHead, Recognized } from './format';
export { acceptFor, formatNames, kindsFor, labelOf, type FormatFacts } from './facts';

export const FORMATS: readonly FileFormat[] = [pdf, docx, pptx, mp4, ...images, markdown, html];

export function formatOfKind(kind: string): FileFormat | undefined {
  return FORMATS.find((f) => f.kind === kind);
}

/** The format a file name's extension names (translation picks the translator by it). */
export function formatOfName(fileName: string): FileFormat | undefined {
  const lower = fileName.toLowerCase();
  return FORMATS.find((f) => f.extensions.some((e) => lower.endsWith(e)));
}

