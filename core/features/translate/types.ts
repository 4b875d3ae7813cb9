/**
 * The translation seam. A Translator turns segments (plain text carrying
 * inline tags) from one product language into another; format translators
 * (DOCX, PPTX, PDF) extract segments and write the translated file.
 *
 * Inline tags in segment text (see core/foundation/tools/inline-tags.ts):
 *   <1>bold text</1>   a span with its own formatting (a run, a hyperlink)
 *   <2/>               an object kept as it is (a field, a tab, a break, a drawing)
 *   <g1/>              a glossary term (see ./glossary), restored after translation
 * Every tag of a source segment must come back exactly once in its translation.
 * What a format gives to be translated (TranslatableFile) is in core/formats/types.ts.
 */
import type { Coded } from '../../foundation/types';
import type { TranslationLanguage } from '../../foundation/types';
import type { Segment } from '../../formats/types';

export type { FileSegment, Segment, TranslatableFile, TranslatableFormat, TranslatedUnit, TranslationWarning, WriteOptions } from '../../formats/types';

export type TranslationQuality = 'llm' | 'machine';


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
  /** Provider requests so far (the record shows them while it runs). */
  requests: number;
}






