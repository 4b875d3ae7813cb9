/**
 * The translation seam. A Translator turns segments (plain text carrying
 * inline tags) from one product language into another; format translators
 * (DOCX, PPTX, PDF) extract segments and write the translated file.
 *
 * Inline tags in segment text (see ./tags):
 *   <1>bold text</1>   a span with its own formatting (a run, a hyperlink)
 *   <2/>               an object kept as it is (a field, a tab, a break, a drawing)
 *   <g1/>              a glossary term (see ./glossary), restored after translation
 * Every tag of a source segment must come back exactly once in its translation.
 */
import type { Coded } from '../types';
import type { TranslationLanguage } from '../types';
import type { KeepReason } from './keep';

export type TranslationQuality = 'llm' | 'machine';

export interface Segment {
  /** Unique within one translate() call. */
  id: string;
  text: string;
}

export interface TranslateInput {
  segments: Segment[];
  source: TranslationLanguage;
  target: TranslationLanguage;
  signal?: AbortSignal;
  /** Called once per provider request (for the record's request count). */
  onRequest?: () => void;
  /** Called with each batch of finished translations as soon as it is known (memory, progress). */
  onResult?: (done: Map<string, string>) => void;
}

export interface Translator {
  /** 'anthropic', 'openai', 'apertium' */
  readonly id: string;
  /** Model or engine version shown on the record, e.g. 'claude-sonnet-4-5' or 'apertium eng-spa'. */
  model(source: TranslationLanguage, target: TranslationLanguage): string;
  readonly quality: TranslationQuality;
  supports(source: TranslationLanguage, target: TranslationLanguage): boolean;
  /** Translations by segment id; every id is present or the call throws an AppError naming the missing ones. */
  translate(input: TranslateInput): Promise<Map<string, string>>;
}

export interface TranslationProgress {
  done: number;
  total: number;
}

/** A warning about one page or slide of the output (1-based), or the whole file (unit null). */
export interface TranslationWarning {
  unit: number | null;
  message: string;
  /** The reason as a code with parameters (core/messages.ts), when known. */
  code?: Coded;
}

/** The translated text of one page (PDF, DOCX page estimate) or slide (PPTX), for indexing. */
export interface TranslatedUnit {
  /** 1-based page or slide number of the original. */
  unit: number;
  text: string;
}

/** One segment of a file, with the page or slide (1-based) it is on. */
export interface FileSegment extends Segment {
  unit: number;
  /** Set by the format when it knows the text must not be translated (a code style, a monospace font, a code listing). */
  keep?: KeepReason;
}

/** 'mp4': a video, whose segments are its transcript's cues (core/video/translatable.ts). */
export type TranslatableFormat = 'docx' | 'pptx' | 'pdf' | 'mp4';

/** A source file read into segments, able to write itself translated. */
export interface TranslatableFile {
  format: TranslatableFormat;
  /** Pages (PDF, DOCX as last rendered) or slides (PPTX). */
  units: number;
  segments: FileSegment[];
  /** Writes the translated file; returns warnings (e.g. a page that could not be laid out). */
  write(translations: ReadonlyMap<string, string>, out: string, opts: WriteOptions): Promise<TranslationWarning[]>;
}

export interface WriteOptions {
  source: TranslationLanguage;
  target: TranslationLanguage;
  signal?: AbortSignal;
}
