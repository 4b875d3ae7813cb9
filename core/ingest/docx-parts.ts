/**
 * DOCX text that mammoth does not read: page headers and footers, comments
 * and SmartArt data (diagram parts). Simple fields (w:fldSimple) are
 * unwrapped before mammoth reads a part, so their displayed text is kept.
 */
import { decodeEntities } from '../tools/tidy';
import type { SafeZip } from '../tools/zip-read';

/** Removes w:fldSimple wrappers, keeping the runs inside (the field's displayed result). */
export function unwrapSimpleFields(xml: string): string {
  if (!xml.includes('fldSimple')) return xml;
  return xml.replace(/<w:fldSimple\b[^>]*\/>/g, '').replace(/<w:fldSimple\b[^>]*>|<\/w:fldSimple>/g, '');
}

/** Paragraph texts of a WordprocessingML part (w:p with w:t runs, tabs and breaks). */
export function wordParagraphs(xml: string): string[] {
  const lines: string[] = [];
  const body = unwrapSimpleFields(xml.replace(/<mc:Fallback\b[\s\S]*?<\/mc:Fallback>/g, ''));
  // Inner paragraphs (text boxes) are read on their own: cut at every paragraph start.
  for (const piece of body.split(/<w:p\b(?=[\s>])/).slice(1)) {
    let out = '';
    for (const m of piece.matchAll(/<w:t(?:\s[^>]*)?>([\s\S]*?)<\/w:t>|<w:tab\b[^>]*\/>|<w:br\b[^>]*\/>/g)) {
      out += m[1] !== undefined ? decodeEntities(m[1]) : ' ';
    }
    const text = out.replace(/\s+/g, ' ').trim();
    if (text) lines.push(text);
  }
  return lines;
}

/** Paragraph texts of a DrawingML part (a:p with a:t runs), e.g. SmartArt data. */
export function drawingParagraphs(xml: string): string[] {
  const lines: string[] = [];
  for (const p of xml.matchAll(/<a:p(?:\s[^>]*)?>([\s\S]*?)<\/a:p>/g)) {
    const text = [...(p[1] ?? '').matchAll(/<a:t(?:\s[^>]*)?>([\s\S]*?)<\/a:t>/g)].map((m) => decodeEntities(m[1] ?? '')).join('').replace(/\s+/g, ' ').trim();
    if (text) lines.push(text);
  }
  return lines;
}

export interface DocxExtraText {
  /** Distinct header and footer lines, in part order. */
  headersFooters: string[];
  /** One line per comment paragraph. */
  comments: string[];
  /** SmartArt text. */
  diagrams: string[];
  /**
   * Every paragraph of the body read straight from its runs (ruby as
   * "base(reading)", content-control placeholders, field results): what the
   * file says when mammoth reads nothing from it.
   */
  bodyLines: string[];
  /** Pictures placed in page headers and footers. */
  headerPictures: number;
}

/** Ruby (furigana over a word) as "base(reading)" runs, so the word reads whole. */
export function flattenRuby(xml: string): string {
  if (!xml.includes('<w:ruby')) return xml;
  return xml.replace(/<w:ruby\b[^>]*>([\s\S]*?)<\/w:ruby>/g, (_all, inner: string) => {
    const rt = /<w:rt\b[^>]*>([\s\S]*?)<\/w:rt>/.exec(inner)?.[1] ?? '';
    const base = /<w:rubyBase\b[^>]*>([\s\S]*?)<\/w:rubyBase>/.exec(inner)?.[1] ?? '';
    return rt ? `${base}<w:r><w:t>(</w:t></w:r>${rt}<w:r><w:t>)</w:t></w:r>` : base;
  });
}

const byNumber = (a: string, b: string) => Number(/(\d+)\.xml$/i.exec(a)?.[1] ?? 0) - Number(/(\d+)\.xml$/i.exec(b)?.[1] ?? 0);
const partsMatching = (zip: SafeZip, re: RegExp) => zip.entries.map((e) => e.name).filter((n) => re.test(n)).sort(byNumber);

/**
 * Reads headers, footers, comments and SmartArt text. Page-number fields and
 * texts without letters are left out; a header repeated in every section counts once.
 */
export async function readDocxExtraText(zip: SafeZip): Promise<DocxExtraText> {
  const seen = new Set<string>();
  const headersFooters: string[] = [];
  for (const part of [...partsMatching(zip, /^word\/header\d*\.xml$/i), ...partsMatching(zip, /^word\/footer\d*\.xml$/i)]) {
    for (const line of wordParagraphs(await zip.readText(part))) {
      if (!/\p{L}/u.test(line) || seen.has(line)) continue;
      seen.add(line);
      headersFooters.push(line);
    }
  }
  const comments = zip.has('word/comments.xml') ? wordParagraphs(await zip.readText('word/comments.xml')) : [];
  const diagrams: string[] = [];
  for (const part of partsMatching(zip, /^word\/diagrams\/data\d*\.xml$/i)) diagrams.push(...drawingParagraphs(await zip.readText(part)));
  const bodyLines = zip.has('word/document.xml') ? wordParagraphs(flattenRuby(await zip.readText('word/document.xml'))) : [];
  let headerPictures = 0;
  for (const rels of partsMatching(zip, /^word\/_rels\/(?:header|footer)\d*\.xml\.rels$/i)) {
    headerPictures += (await zip.readText(rels)).match(/relationships\/image"/g)?.length ?? 0;
  }
  return { headersFooters, comments, diagrams, bodyLines, headerPictures };
}
