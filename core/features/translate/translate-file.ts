/**
 * Translates one file: reads its segments, takes what the translation
 * memory already knows, sends the rest (glossary terms protected) to the
 * provider in batches, remembers each batch as soon as it comes back (so a
 * failure in the middle loses nothing), and writes the translated file.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { formatOfKind, formatOfName, FORMATS } from '../../formats/index';
import type { TranslationLanguage } from '../../foundation/types';
import { EMPTY_GLOSSARY, missingTerms, protectTerms, restoreTerms, type Glossary } from './glossary';
import { keepReason } from './keep';
import { checkOfficeReaderLayout } from './office-reader-check';
import { checkReaderLayout, layoutFailure, layoutWarnings } from './reader-check';
import type { MemoryScope, TranslationMemory } from './memory';
import type { PdfOptions } from './pdf';
import { OPENERS } from './openers';
import { stripTags } from '../../foundation/tools/inline-tags';
import { warningOf } from '../../foundation/messages';
import type {
  TranslatableFile, TranslatableFormat, TranslatedUnit, TranslationProgress, TranslationQuality, TranslationWarning, Translator,
} from './types';

export interface TranslateFileOptions {
  input: string;
  output: string;
  /** Taken from the file name when absent. */
  format?: TranslatableFormat;
  /** The file already opened (a video's transcript): used instead of opening `input`. */
  file?: TranslatableFile;
  /** Names the file in messages. */
  label?: string;
  source: TranslationLanguage;
  target: TranslationLanguage;
  translator: Translator;
  memory: TranslationMemory;
  glossary?: Glossary;
  signal?: AbortSignal;
  onProgress?: (p: TranslationProgress) => void;
  pdf?: Omit<PdfOptions, 'signal' | 'source'>;
  /** Compare a translated PDF, DOCX or PPTX with its original as a reader sees them (./reader-check.ts; Office files rendered by LibreOffice). Default true. */
  layoutCheck?: boolean;
}

export interface TranslateFileResult {
  format: TranslatableFormat;
  units: number;
  provider: string;
  model: string;
  quality: TranslationQuality;
  segments: number;
  /** Characters sent to the provider (memory hits cost nothing). */
  characters: number;
  requests: number;
  memoryHits: number;
  /** Segments kept as they are (code, formulas, labels, identifiers, only glossary terms): never sent. */
  kept: number;
  /** Share of translatable segments that got a translation (0..1). */
  coverage: number;
  warnings: TranslationWarning[];
  /** Translated text per page or slide, for indexing in the target language. */
  text: TranslatedUnit[];
}

/** The format of a file to translate, by its name (core/formats: the formats with a translator). */
export function formatOf(file: string): TranslatableFormat {
  const format = formatOfName(file);
  if (format && OPENERS[format.kind]) return format.kind as TranslatableFormat;
  const names = FORMATS.filter((f) => OPENERS[f.kind]).map((f) => f.extensions[0]!.slice(1).toUpperCase());
  throw new AppError('unsupported_type', `Only ${names.slice(0, -1).join(', ')} and ${names.at(-1)} files can be translated, not "${path.basename(file)}".`);
}

export async function openTranslatable(file: string, format: TranslatableFormat, label: string, pdf: PdfOptions): Promise<TranslatableFile> {
  const open = OPENERS[format];
  if (!open) {
    const video = formatOfKind(format)?.itemType === 'video';
    throw new AppError('validation', video ? `${label} is a video: it is translated from its transcript, not opened as a file.` : `${label} cannot be translated.`);
  }
  return open(file, label, { ...pdf });
}

/** Splits a segment into its outer whitespace and the core that is translated and remembered. */
const split = (s: string) => {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(s) as RegExpExecArray;
  return { lead: m[1] as string, core: m[2] as string, trail: m[3] as string };
};

/**
 * The reader-side layout check of a translated PDF, DOCX or PPTX: warnings naming the pages (slides) past its
 * warning threshold; far past it the translation fails with the reason (its file removed). A PDF check that
 * cannot run adds nothing; an Office file LibreOffice cannot render says its layout was not checked.
 */
async function readerLayoutWarnings(format: TranslatableFormat, input: string, output: string, translations: Map<string, string>, label: string, signal?: AbortSignal): Promise<TranslationWarning[]> {
  const words = new Set([...translations.values()].flatMap((t) => stripTags(t).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
  const run = format === 'pdf' ? checkReaderLayout(input, output, { words, signal }) : checkOfficeReaderLayout(format as 'docx' | 'pptx', input, output, { words, signal });
  const check = await run.catch((e: unknown) => {
    if (signal?.aborted) throw e;
    return null;
  });
  if (check === 'unavailable') return [warningOf(null, 'warning.layout_unchecked')];
  if (!check) return [];
  const failure = layoutFailure(check, label, format === 'pptx' ? 'slide' : 'page');
  if (failure) {
    await rm(output, { force: true });
    throw failure;
  }
  return layoutWarnings(check);
}

/** The formats whose translations the reader-side layout check compares with their originals. */
const READER_CHECKED = new Set<TranslatableFormat>(['pdf', 'docx', 'pptx']);

export async function translateFile(o: TranslateFileOptions): Promise<TranslateFileResult> {
  const format = o.file?.format ?? o.format ?? formatOf(o.input);
  const label = o.label ?? `The file "${path.basename(o.input)}"`;
  const glossary = o.glossary ?? EMPTY_GLOSSARY;
  const scope = { source: o.source, target: o.target, glossaryVersion: glossary.version };
  const file = o.file ?? await openTranslatable(o.input, format, label, { ...o.pdf, source: o.source, signal: o.signal });
  o.signal?.throwIfAborted();
  if (file.segments.length === 0) {
    throw new AppError('corrupt_file', `${label} has no text that can be translated.`);
  }
  const total = file.segments.length;
  const cores = file.segments.map((s) => split(s.text).core);
  const kept = keptSegments(file, cores, glossary, o.target);
  const unique = [...new Set(cores.filter((_, i) => !kept.has(i)))];
  const known = await o.memory.lookup(scope, unique);
  const memoryHits = cores.filter((c, i) => !kept.has(i) && known.has(c)).length;
  const tally = { requests: 0, characters: 0 };
  const progress = () => o.onProgress?.({ done: cores.filter((c, i) => kept.has(i) || known.has(c)).length, total, requests: tally.requests });
  progress();

  const missing = unique.filter((c) => !known.has(c));
  if (missing.length) await translateMissing(o, { scope, glossary, missing, known, tally, progress });

  const { translations, warnings } = joinTranslations(file, cores, kept, known, glossary, o.target);
  if (translations.size < total) {
    throw new AppError('internal', `${total - translations.size} of ${total} segments of ${label} have no translation.`);
  }
  warnings.push(...await file.write(translations, o.output, { source: o.source, target: o.target, signal: o.signal }));
  if (READER_CHECKED.has(format) && o.layoutCheck !== false) warnings.push(...await readerLayoutWarnings(format, o.input, o.output, translations, label, o.signal));
  return {
    format, units: file.units,
    provider: o.translator.id, model: o.translator.model(o.source, o.target), quality: o.translator.quality,
    segments: total, characters: tally.characters, requests: tally.requests, memoryHits, kept: kept.size,
    coverage: translations.size / total,
    warnings,
    text: textByUnit(file, translations),
  };
}

/** Do-not-translate: the format's hint (a code style, a monospace font) or what the text looks like. Segment index -> the text kept. */
function keptSegments(file: TranslatableFile, cores: string[], glossary: Glossary, target: TranslationLanguage): Map<number, string> {
  const kept = new Map<number, string>();
  file.segments.forEach((s, i) => {
    const core = cores[i] as string;
    const p = protectTerms(core, glossary, target);
    const why = s.keep ?? keepReason(p.text);
    if (why) kept.set(i, why === 'protected' ? restoreTerms(p.text, p.restore) : core);
  });
  return kept;
}

interface MissingWork {
  scope: MemoryScope;
  glossary: Glossary;
  /** Cores the memory does not know, in the order sent. */
  missing: string[];
  /** What is known so far (core -> translation): each batch's results are added as they arrive. */
  known: Map<string, string>;
  tally: { requests: number; characters: number };
  progress: () => void;
}

/** Sends the missing cores (glossary terms protected) to the provider; each batch is remembered as soon as it comes back. */
async function translateMissing(o: TranslateFileOptions, { scope, glossary, missing, known, tally, progress }: MissingWork): Promise<void> {
  const restoreBy = new Map<string, Map<string, string>>();
  const batch = missing.map((core, i) => {
    const p = protectTerms(core, glossary, o.target);
    restoreBy.set(String(i + 1), p.restore);
    tally.characters += core.length;
    return { id: String(i + 1), text: p.text };
  });
  const stores: Array<Promise<void>> = [];
  try {
    await o.translator.translate({
      segments: batch, source: o.source, target: o.target, signal: o.signal,
      onRequest: () => { tally.requests++; progress(); },
      onResult: (done) => {
        const learned = new Map<string, string>();
        for (const [id, t] of done) {
          const core = missing[Number(id) - 1] as string;
          learned.set(core, restoreTerms(t, restoreBy.get(id) ?? new Map()));
        }
        for (const [k, v] of learned) known.set(k, v);
        // Remembered as each batch arrives: a failure later in the document loses none of it.
        stores.push(o.memory.store(scope, learned));
        progress();
      },
    });
  } finally {
    const failed = (await Promise.allSettled(stores)).find((r) => r.status === 'rejected');
    if (failed) throw new AppError('internal', 'The translation memory could not be written.', { cause: (failed as PromiseRejectedResult).reason });
  }
}

/** Each segment's translation with its outer whitespace back, and a warning for each segment that lost glossary terms. */
function joinTranslations(file: TranslatableFile, cores: string[], kept: Map<number, string>, known: Map<string, string>, glossary: Glossary, target: TranslationLanguage) {
  const translations = new Map<string, string>();
  const warnings: TranslationWarning[] = [];
  file.segments.forEach((s, i) => {
    const core = cores[i] as string;
    const t = kept.get(i) ?? known.get(core);
    if (t === undefined) return;
    const { lead, trail } = split(s.text);
    translations.set(s.id, `${lead}${t}${trail}`);
    const lost = missingTerms(core, t, glossary, target);
    if (lost.length) warnings.push(warningOf(s.unit, 'warning.glossary_missing', { terms: lost.map((x) => `"${x}"`).join(', ') }));
  });
  return { translations, warnings };
}

/** Translated text per page or slide, for indexing in the target language. */
function textByUnit(file: TranslatableFile, translations: Map<string, string>): TranslatedUnit[] {
  const byUnit = new Map<number, string[]>();
  for (const s of file.segments) {
    const t = translations.get(s.id);
    if (t === undefined) continue;
    const list = byUnit.get(s.unit) ?? [];
    list.push(stripTags(t).trim());
    byUnit.set(s.unit, list);
  }
  return [...byUnit.entries()].sort((a, b) => a[0] - b[0]).map(([unit, lines]) => ({ unit, text: lines.filter(Boolean).join('\n') }));
}
