/**
 * What a file format declares (one file per format in this folder, listed
 * in ./index.ts): its facts (./facts.ts: names, extensions, MIME type, what
 * it becomes) and how it is recognised. Its extractor is registered by the
 * ingest room (core/features/ingest/extractors.ts), its translator by the translate
 * room (core/features/translate/openers.ts): this folder imports nothing above it.
 * The web console imports ./facts.ts only, never this registry.
 */
import type { TranslationLanguage } from '../foundation/types';
import type { FormatFacts } from './facts';

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

export interface FileFormat extends FormatFacts {
  /** True when it is recognised from the start of a file. */
  recognize(head: FileHead): Recognized | null;
}

/** The start of a file is a signature at `offset`. */
export const startsWith = (head: FileHead, sig: string, offset = 0) => head.ascii.startsWith(sig, offset);

/** The file name ends with one of the extensions. */
export const namedAs = (head: FileHead, extensions: readonly string[]) =>
  !!head.fileName && extensions.some((e) => head.fileName!.toLowerCase().endsWith(e));
