/**
 * The format registry: every place that asks "which format" asks here.
 * Adding a format is its file in this folder, one line in FORMATS, and its
 * test. Order matters for recognition: the first format that recognises a
 * file's start wins.
 */
import type { ContentType } from '../types';
import { docx } from './docx';
import type { FileFormat } from './format';
import { html } from './html';
import { images } from './images';
import { markdown } from './markdown';
import { mp4 } from './mp4';
import { pdf } from './pdf';
import { pptx } from './pptx';

export type { FileFormat, FileHead, Recognized } from './format';

export const FORMATS: readonly FileFormat[] = [pdf, docx, pptx, mp4, ...images, markdown, html];

export function formatOfKind(kind: string): FileFormat | undefined {
  return FORMATS.find((f) => f.kind === kind);
}

/** The format a file name's extension names (translation picks the translator by it). */
export function formatOfName(fileName: string): FileFormat | undefined {
  const lower = fileName.toLowerCase();
  return FORMATS.find((f) => f.extensions.some((e) => lower.endsWith(e)));
}

/** The kinds an item type accepts (checked at upload and again by the ingest job). */
export function kindsFor(type: ContentType | 'image'): string[] {
  return FORMATS.filter((f) => f.itemType === type).map((f) => f.kind);
}

/** An upload dialog's accept attribute for an item type (all formats for 'other'). */
export function acceptFor(type: ContentType | 'image' | 'other'): string {
  const fs = type === 'other' ? FORMATS : FORMATS.filter((f) => f.itemType === type);
  return [...new Set(fs.flatMap((f) => [...f.extensions, ...(f.itemType === 'video' ? [f.mime] : [])]))].join(',');
}

/** "a PDF or a Word document (DOCX)": the formats of a list of kinds, for messages. */
export function labelOf(kind: string): string {
  return formatOfKind(kind)?.label ?? (kind === 'zip' ? 'a ZIP archive' : 'a file of an unknown type');
}

/** "PDF, DOCX": the names of formats by their kinds, for messages (the same in every language). */
export function formatNames(kinds: readonly string[]): string {
  return kinds.map((k) => formatOfKind(k)?.extensions[0]?.slice(1).toUpperCase() ?? k.toUpperCase()).join(', ');
}

/** "PDF, DOCX, PPTX, MP4": the extractable formats, for messages. */
export function extractableNames(): string {
  return FORMATS.filter((f) => f.extract).map((f) => f.extensions[0]!.slice(1).toUpperCase()).join(', ');
}
