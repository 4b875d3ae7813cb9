/**
 * DOCX text that mammoth does not read: page headers and footers, comments,
 * SmartArt data (diagram parts), charts and imported chunks (w:altChunk:
 * HTML, MHT, plain text or a whole Word document kept as a part). Simple
 * fields (w:fldSimple) are unwrapped before mammoth reads a part, so their
 * displayed text is kept.
 */
import { chartText, parseRels } from '../../foundation/tools/pptx-xml';
import { decodeEntities } from '../../foundation/tools/tidy';
import type { SafeZip } from '../../foundation/tools/zip-read';

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
  /** Chart text (titles, series and category names, cached values), read as a slide's charts are (tools/pptx-xml.ts). */
  charts: string[];
  /** Imported chunks (w:altChunk), in the order the body places them. */
  altChunks: AltChunk[];
}

/** An imported chunk's content: HTML (from .htm/.html or the HTML of an .mht), plain text, or a Word document's part name. */
export type AltChunk = { html: string } | { text: string } | { docx: string };

const ALT_CHUNK_REL = /\/aFChunk$/i;

/** The HTML of a MIME HTML (.mht) file: its first text/html part, decoded (quoted-printable or base64, in its charset). */
export function mhtHtml(raw: Buffer): string | null {
  const head = raw.toString('latin1');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const parts = boundary ? head.split(`--${boundary}`) : [head];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!/content-type:\s*text\/html/i.test(headers)) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const bytes = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable' ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1')
        : Buffer.from(body, 'latin1');
    return decodeHtml(bytes, /charset="?([\w-]+)"?/i.exec(headers)?.[1]);
  }
  return null;
}

/** HTML bytes as text, in the charset its BOM, its caller or its own meta tag names (UTF-8 when none does). */
export function decodeHtml(bytes: Buffer, charset?: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const named = charset ?? /<meta[^>]+charset="?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(named ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The part an altChunk names, read as HTML, text or (a Word document) left to the caller. */
async function readAltChunk(zip: SafeZip, part: string): Promise<AltChunk | null> {
  if (!zip.has(part)) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(part)?.[1]?.toLowerCase() ?? '';
  if (ext === 'docx' || ext === 'docm' || ext === 'dotx') return { docx: part };
  const data = await zip.read(part);
  if (ext === 'mht' || ext === 'mhtml') {
    const html = mhtHtml(data);
    return html ? { html } : null;
  }
  if (ext === 'txt') return { text: decodeHtml(data, 'utf-8') };
  if (ext === 'htm' || ext === 'html' || ext === 'xhtml' || /^\s*<(?:!doctype|html)/i.test(data.subarray(0, 512).toString('latin1'))) return { html: decodeHtml(data) };
  return null;
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
  const charts: string[] = [];
  for (const part of partsMatching(zip, /^word\/charts\/chart\d*\.xml$/i)) charts.push(...chartText(await zip.readText(part)));
  const altChunks: AltChunk[] = [];
  const relsPart = 'word/_rels/document.xml.rels';
  if (zip.has(relsPart) && zip.has('word/document.xml')) {
    const rels = parseRels(await zip.readText(relsPart), 'word/document.xml');
    const body = await zip.readText('word/document.xml');
    const placed = [...body.matchAll(/<w:altChunk\b[^>]*\br:id="([^"]+)"/g)].map((m) => m[1]!);
    // In the body's order; a chunk part the body does not place is still the file's text.
    const ids = [...new Set([...placed, ...[...rels.values()].filter((r) => ALT_CHUNK_REL.test(r.type)).map((r) => r.id)])];
    for (const id of ids) {
      const rel = rels.get(id);
      if (!rel || rel.external || !ALT_CHUNK_REL.test(rel.type)) continue;
      const chunk = await readAltChunk(zip, rel.target);
      if (chunk) altChunks.push(chunk);
    }
  }
  return { headersFooters, comments, diagrams, bodyLines, headerPictures, charts, altChunks };
}
