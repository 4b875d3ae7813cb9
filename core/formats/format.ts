/**
 * What a file format declares (one file per format in this folder, listed
 * in ./index.ts): how it is recognised, what it becomes, how it is named,
 * its MIME type, and the code that extracts and translates it. The
 * extractor and translator are loaded on first use (dynamic imports), so
 * this folder stays importable by the web console for its facts.
 */
import type { ContentType, TranslationLanguage } from '../types';
import type { ExtractOptions, Extraction, TranslatableFile } from './types';

/** The start of a file, as the sniffer read it. */
export interface FileHead {
  /** Up to the first 4 KiB. */
  bytes: Buffer;
  /** The same bytes as latin1 text, for signatures. */
  ascii: string;
  size: number;
  /** Lower-cased names in a ZIP's central directory, when the file is a readable ZIP. */
  zipNames?: Set<string>;
  /** The start as UTF-8 text, when it is text (no binary bytes, no broken characters). */
  text?: string;
  /** The file's name as uploaded, when known (text formats are told apart by it). */
  fileName?: string;
}

export interface Recognized {
  /** What the content is, in words, for messages: "PNG image data". */
  description: string;
  /** A more exact MIME type than the format's (QuickTime for an .mov in the MP4 family). */
  mime?: string;
}

/** What a translator is opened with: the source language, and settings only some formats use (PDF: OCR, fonts). */
export interface TranslateOpenOptions {
  source: TranslationLanguage;
  signal?: AbortSignal;
  [setting: string]: unknown;
}

export interface FileFormat {
  /** The sniffed kind: 'pdf', 'docx', 'png', ... */
  readonly kind: string;
  /** File name extensions with the dot, lower case; the first one names translated copies. */
  readonly extensions: readonly string[];
  readonly mime: string;
  /** What an upload of this format becomes. */
  readonly itemType: ContentType | 'image';
  /** How messages name it: 'a PDF', 'a PNG image'. */
  readonly label: string;
  /** True when it is recognised from the start of a file. */
  recognize(head: FileHead): Recognized | null;
  /** Reads its text and pictures (core/ingest). Absent: files of this format are stored, not read. */
  extract?(file: string, opts: ExtractOptions): Promise<Extraction>;
  /** Opens it for translation (core/translate). Absent: it cannot be translated. */
  openTranslatable?(file: string, label: string, opts: TranslateOpenOptions): Promise<TranslatableFile>;
  /** A ZIP package (Office): a damaged one keeps the format its name claims, so it is reported as corrupt, not skipped. */
  readonly zipPackage?: boolean;
  /** Pages of a completed item can be rendered as pictures on request (core/content/page-render.ts). */
  readonly pageRenders?: boolean;
}

/** The start of a file is a signature at `offset`. */
export const startsWith = (head: FileHead, sig: string, offset = 0) => head.ascii.startsWith(sig, offset);

/** The file name ends with one of the extensions. */
export const namedAs = (head: FileHead, extensions: readonly string[]) =>
  !!head.fileName && extensions.some((e) => head.fileName!.toLowerCase().endsWith(e));
