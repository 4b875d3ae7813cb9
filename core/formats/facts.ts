/**
 * Format facts: what each upload format is called, its extensions, MIME
 * type and item type, and the accept lists and names derived from them.
 * Pure data and string work: it imports nothing with Node APIs and no
 * code that reads or writes files, so the web console and storage import
 * it (the registry, ./index.ts, adds recognition, extraction and
 * translation to these facts). Order is the registry's: recognition order,
 * and the order of accept lists and messages.
 */
import type { ContentType } from '../foundation/types';

export interface FormatFacts {
  /** The sniffed kind: 'pdf', 'docx', 'png', ... */
  readonly kind: string;
  /** File name extensions with the dot, lower case; the first one names translated copies. */
  readonly extensions: readonly string[];
  readonly mime: string;
  /** What an upload of this format becomes. */
  readonly itemType: ContentType | 'image';
  /** How messages name it: 'a PDF', 'a PNG image'. */
  readonly label: string;
  /** A ZIP package (Office): a damaged one keeps the format its name claims, so it is reported as corrupt, not skipped. */
  readonly zipPackage?: boolean;
  /** Pages of a completed item can be rendered as pictures on request (core/features/content/page-render.ts). */
  readonly pageRenders?: boolean;
}

export const PDF: FormatFacts = { kind: 'pdf', extensions: ['.pdf'], mime: 'application/pdf', itemType: 'document', label: 'a PDF', pageRenders: true };
export const DOCX: FormatFacts = {
  kind: 'docx',
  extensions: ['.docx'],
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  itemType: 'document',
  label: 'a Word document (DOCX)',
  zipPackage: true,
};
export const PPTX: FormatFacts = {
  kind: 'pptx',
  extensions: ['.pptx'],
  mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  itemType: 'presentation',
  label: 'a PowerPoint presentation (PPTX)',
  zipPackage: true,
};
export const MP4: FormatFacts = { kind: 'mp4', extensions: ['.mp4'], mime: 'video/mp4', itemType: 'video', label: 'an MP4 video' };

const image = (kind: string, extensions: string[], label: string): FormatFacts => ({ kind, extensions, mime: `image/${kind}`, itemType: 'image', label });
export const PNG = image('png', ['.png'], 'a PNG image');
export const JPEG = image('jpeg', ['.jpg', '.jpeg'], 'a JPEG image');
export const GIF = image('gif', ['.gif'], 'a GIF image');
export const WEBP = image('webp', ['.webp'], 'a WebP image');

export const MARKDOWN: FormatFacts = { kind: 'markdown', extensions: ['.md', '.markdown'], mime: 'text/markdown; charset=utf-8', itemType: 'document', label: 'a Markdown text (MD)' };
export const HTML: FormatFacts = { kind: 'html', extensions: ['.html', '.htm'], mime: 'text/html; charset=utf-8', itemType: 'document', label: 'a web page (HTML)' };

/** Every upload format, in the registry's order (core/formats/index.ts FORMATS lists the same kinds; its test checks it). */
export const FORMAT_FACTS: readonly FormatFacts[] = [PDF, DOCX, PPTX, MP4, PNG, JPEG, GIF, WEBP, MARKDOWN, HTML];

export function factsOfKind(kind: string): FormatFacts | undefined {
  return FORMAT_FACTS.find((f) => f.kind === kind);
}

/** The kinds an item type accepts (checked at upload and again by the ingest job). */
export function kindsFor(type: ContentType | 'image'): string[] {
  return FORMAT_FACTS.filter((f) => f.itemType === type).map((f) => f.kind);
}

/** An upload dialog's accept attribute for an item type (all formats for 'other'). */
export function acceptFor(type: ContentType | 'image' | 'other'): string {
  const fs = type === 'other' ? FORMAT_FACTS : FORMAT_FACTS.filter((f) => f.itemType === type);
  return [...new Set(fs.flatMap((f) => [...f.extensions, ...(f.itemType === 'video' ? [f.mime] : [])]))].join(',');
}

/** "a PDF or a Word document (DOCX)": the formats of a list of kinds, for messages. */
export function labelOf(kind: string): string {
  return factsOfKind(kind)?.label ?? (kind === 'zip' ? 'a ZIP archive' : 'a file of an unknown type');
}

/** "PDF, DOCX": the names of formats by their kinds, for messages (the same in every language). */
export function formatNames(kinds: readonly string[]): string {
  return kinds.map((k) => factsOfKind(k)?.extensions[0]?.slice(1).toUpperCase() ?? k.toUpperCase()).join(', ');
}
