/**
 * Turns an extraction's sections into search chunks.
 *
 * A section (a PDF page, a DOCX heading section, a slide with its notes) is
 * the unit of structure: a chunk never spans two sections, so it never
 * crosses a page or a slide. Sections longer than the target size are cut
 * on sentence boundaries into parts of even size, each new part repeating
 * the last sentences of the previous one (overlap) so that a fact spread
 * over a boundary stays findable.
 */
import type { ContentType } from '../../foundation/types';
import type { Chunk } from './types';
import { detectContentLanguage, detectLanguage, UNDETERMINED } from '../../foundation/text/language';
import { cleanText as cleanExtracted } from '../../foundation/text/clean';
import { stripInvisible } from '../../foundation/text/normalize';
import { pieces, splitSentences } from '../../foundation/text/tokenize';
import type { ExtractedSection } from '../../formats/types';

export interface ChunkMeta {
  itemType: ContentType;
  itemId: number;
  title: string;
  /** Catalog image ids by 1-based page. */
  imagesByPage?: Map<number, number[]>;
  /** Catalog image ids by 1-based slide. */
  imagesBySlide?: Map<number, number[]>;
}

export interface ChunkOptions {
  /** Aimed-for chunk length in characters (default DEFAULT_TARGET_CHARS). */
  targetChars?: number;
  /** Characters of trailing sentences repeated at the start of the next part (default 15% of target). */
  overlapChars?: number;
}

/**
 * Chosen by measurement on the pooled retrieval eval (see core/features/eval/retrieval.ts
 * and the search report): larger chunks keep a passage and its answer
 * together; much larger ones dilute BM25 on long pages.
 */
export const DEFAULT_TARGET_CHARS = 1500;

/**
 * The one text normaliser of chunks: what a chunk's text went through
 * (extracted-text cleaning, invisible characters, spaces and blank lines
 * collapsed, paragraph breaks kept). `cms eval` maps chunks back to
 * passages with it.
 */
export function chunkText(text: string): string {
  return stripInvisible(cleanExtracted(text))
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00A0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cuts one text into parts of about `target` characters on sentence boundaries, with overlap. */
export function splitText(text: string, target: number, overlap: number, lang?: string): string[] {
  if (text.length <= target * 1.15) return [text];
  const parts = Math.ceil(text.length / target);
  const size = Math.ceil(text.length / parts) + overlap / 2;
  const units: string[] = [];
  for (const s of splitSentences(text, lang)) {
    if (s.length <= size) units.push(s);
    else units.push(...pieces(s, size));
  }
  const out: string[] = [];
  let current: string[] = [];
  let currentLen = 0;
  let fresh = 0;
  for (const u of units) {
    if (currentLen + u.length > size && fresh > 0) {
      out.push(current.join('').trim());
      const carried: string[] = [];
      let carriedLen = 0;
      for (let i = current.length - 1; i >= 0 && carriedLen + current[i].length <= overlap; i--) {
        carried.unshift(current[i]);
        carriedLen += current[i].length;
      }
      current = carried;
      currentLen = carriedLen;
      fresh = 0;
    }
    current.push(u);
    currentLen += u.length;
    fresh++;
  }
  if (fresh > 0) out.push(current.join('').trim());
  return withTableHeaders(text, out.filter((t) => t.length > 0));
}

/** A table row as extracted: cells joined by " | " (core/features/ingest). */
const TABLE_ROW = /\S.*\s\|\s.*\S/;

/**
 * A part that starts inside a table gets the table's header row first, so its rows keep their column names
 * ("Year | Revenue" above "2009 | 296 MEUR") wherever the text was cut.
 */
function withTableHeaders(text: string, parts: string[]): string[] {
  if (parts.length < 2 || !text.includes(' | ')) return parts;
  const headerOf = new Map<string, string>();
  let header: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!TABLE_ROW.test(line)) { header = null; continue; }
    if (header === null) header = line;
    else if (!headerOf.has(line)) headerOf.set(line, header);
  }
  return parts.map((part, k) => {
    const first = part.split('\n', 1)[0].trim();
    const h = k > 0 ? headerOf.get(first) : undefined;
    return h && !part.includes(h) ? `${h}\n${part}` : part;
  });
}

/** An item cut into chunks, with the language its text was judged to be in. */
export interface ChunkedItem {
  chunks: Chunk[];
  /**
   * The language most of the item's text is confidently in (weighed by
   * characters), or null ("unknown") when no language holds a clear majority
   * of the text that could be judged.
   */
  language: string | null;
}

export function chunkSections(sections: ExtractedSection[], meta: ChunkMeta, opts: ChunkOptions = {}): Chunk[] {
  return chunkItem(sections, meta, opts).chunks;
}

/**
 * Cuts an item into chunks, judging the language of each chunk's text once:
 * that judgement is the chunk's `language` (what the lexical index and the
 * embedder stem with) and, weighed over the item, the item's language.
 */
export function chunkItem(sections: ExtractedSection[], meta: ChunkMeta, opts: ChunkOptions = {}): ChunkedItem {
  const target = Math.max(200, opts.targetChars ?? DEFAULT_TARGET_CHARS);
  const overlap = Math.min(Math.floor(target / 2), Math.max(0, opts.overlapChars ?? Math.round(target * 0.15)));
  const texts = sections.map((s) => chunkText(s.notes?.trim() ? `${s.text}\n\n${s.notes}` : s.text));
  const sample = texts.join('\n').slice(0, 5000);
  // The item's language when the evidence is sound, else the best guess (stemming needs one).
  const sureItemLang = detectContentLanguage(sample);
  const itemLang = sureItemLang !== UNDETERMINED ? sureItemLang : detectLanguage(sample);
  const chunks: Chunk[] = [];
  const tally = new LanguageTally();
  sections.forEach((section, i) => {
    const text = texts[i];
    if (!text) return;
    const page = section.page ?? null;
    const slide = section.slide ?? null;
    const imageIds = [
      ...(page !== null ? meta.imagesByPage?.get(page) ?? [] : []),
      ...(slide !== null ? meta.imagesBySlide?.get(slide) ?? [] : []),
    ];
    for (const part of splitText(text, target, overlap, itemLang)) {
      const sure = detectContentLanguage(part);
      tally.add(sure, part.length);
      // Short parts say little about their language, and a confident wrong code is worse than the
      // item's: short or unsure parts take the item's language.
      const letters = part.replace(/[^\p{L}]/gu, '').length;
      const language = letters < 40 || sure === UNDETERMINED ? itemLang : sure;
      const ordinal = chunks.length;
      chunks.push({
        id: `${meta.itemType}:${meta.itemId}:${ordinal}`,
        itemType: meta.itemType,
        itemId: meta.itemId,
        title: meta.title,
        text: part,
        page,
        slide,
        heading: section.heading?.trim() || null,
        language,
        imageIds: [...new Set(imageIds)],
        ordinal,
      });
    }
  });
  return { chunks, language: tally.majority() };
}

/** Characters of text by confidently judged language; the majority language, if one holds half of them. */
class LanguageTally {
  private readonly chars = new Map<string, number>();
  private judged = 0;

  add(language: string, chars: number): void {
    if (language === UNDETERMINED) return;
    this.judged += chars;
    this.chars.set(language, (this.chars.get(language) ?? 0) + chars);
  }

  majority(): string | null {
    const [top, n] = [...this.chars.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    return top && n >= this.judged * 0.5 ? top : null;
  }
}
