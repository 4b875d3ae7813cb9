/**
 * Just enough PresentationML reading for text extraction, with regular
 * expressions over the standard prefixes (p:, a:, r:) that PowerPoint,
 * LibreOffice, Google Slides and Keynote all write.
 */
import { posix } from 'node:path';
import { decodeEntities } from './tidy';

export interface Rel { id: string; type: string; target: string; external: boolean }

/** The rels part of a part: ppt/slides/slide1.xml -> ppt/slides/_rels/slide1.xml.rels */
export const relsPathOf = (part: string) => posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);

/** Parses a .rels part; targets are resolved to package paths (no leading slash). */
export function parseRels(xml: string, part: string): Map<string, Rel> {
  const rels = new Map<string, Rel>();
  for (const m of xml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const attrs = m[1] ?? '';
    const get = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
    const id = get('Id');
    const target = get('Target');
    if (!id || target === undefined) continue;
    const external = get('TargetMode') === 'External';
    const decoded = decodeEntities(target);
    const resolved = external ? decoded : decoded.startsWith('/') ? decoded.slice(1) : posix.normalize(posix.join(posix.dirname(part), decoded));
    rels.set(id, { id, type: get('Type') ?? '', target: resolved, external });
  }
  return rels;
}

/** The r:id of each slide in presentation order (p:sldIdLst). */
export function slideIdsInOrder(presentationXml: string): string[] {
  const list = /<p:sldIdLst>([\s\S]*?)<\/p:sldIdLst>/.exec(presentationXml)?.[1] ?? '';
  return [...list.matchAll(/<p:sldId\b([^>]*)\/?>/g)]
    .map((m) => /\br:id="([^"]+)"/.exec(m[1] ?? '')?.[1])
    .filter((id): id is string => !!id);
}

/** Text of one a:p: runs (a:t), fields, line breaks (a:br). */
function paragraphText(p: string): string {
  let out = '';
  for (const m of p.matchAll(/<a:t(?:\s[^>]*)?>([\s\S]*?)<\/a:t>|<a:t\s*\/>|<a:br\b[^>]*\/?>/g)) {
    if (m[0].startsWith('<a:br')) out += '\n';
    else out += decodeEntities(m[1] ?? '');
  }
  return out.replace(/[ \t]+/g, ' ').trim();
}

/** <a:p>...</a:p>, <a:p attr>...</a:p> or an empty <a:p/>. */
const PARAGRAPHS = /<a:p(?:\s[^>]*)?(?:\/>|>[\s\S]*?<\/a:p>)/g;

/** Paragraph texts of a fragment; a table row's cells are joined with " | ". */
function fragmentLines(xml: string): string[] {
  const lines: string[] = [];
  if (/<a:tbl>/.test(xml)) {
    for (const row of xml.matchAll(/<a:tr\b[\s\S]*?<\/a:tr>/g)) {
      const cells = [...row[0].matchAll(/<a:tc\b[\s\S]*?<\/a:tc>/g)]
        .map((c) => [...c[0].matchAll(PARAGRAPHS)].map((p) => paragraphText(p[0])).filter(Boolean).join(' '));
      if (cells.some(Boolean)) lines.push(cells.join(' | '));
    }
    return lines;
  }
  for (const p of xml.matchAll(PARAGRAPHS)) {
    const t = paragraphText(p[0]);
    if (t) lines.push(t);
  }
  return lines;
}

export interface SlideContent {
  title?: string;
  /** All text lines in shape order, title first. */
  lines: string[];
  hidden: boolean;
}

/** Drops mc:Fallback copies so alternate content is not read twice. */
const stripFallbacks = (xml: string) => xml.replace(/<mc:Fallback\b[\s\S]*?<\/mc:Fallback>/g, '');

const SHAPES = /<p:sp\b[\s\S]*?<\/p:sp>|<p:graphicFrame\b[\s\S]*?<\/p:graphicFrame>/g;
const phType = (shape: string) => /<p:ph\b[^>]*\btype="([^"]+)"/.exec(shape)?.[1];

export function parseSlide(xml: string): SlideContent {
  const body = stripFallbacks(xml);
  let title: string | undefined;
  const titleLines: string[] = [];
  const lines: string[] = [];
  for (const m of body.matchAll(SHAPES)) {
    const shape = m[0];
    const type = phType(shape);
    const text = fragmentLines(shape);
    // Footers, slide numbers and dates repeat on every slide: not content.
    if (type === 'sldNum' || type === 'dt' || type === 'ftr') continue;
    if ((type === 'title' || type === 'ctrTitle') && title === undefined && text.length) {
      title = text.join(' ');
      titleLines.push(...text);
    } else {
      lines.push(...text);
    }
  }
  const hidden = /<p:sld\b[^>]*\bshow="(0|false)"/.test(xml);
  return { title, lines: [...titleLines, ...lines], hidden };
}

/** Speaker notes: the body placeholder(s) of a notes slide. */
export function parseNotes(xml: string): string {
  const out: string[] = [];
  for (const m of stripFallbacks(xml).matchAll(SHAPES)) {
    if (phType(m[0]) === 'body') out.push(...fragmentLines(m[0]));
  }
  return out.join('\n').trim();
}

/** All paragraph texts of a part, e.g. SmartArt data (ppt/diagrams/data1.xml), whose text uses a:p/a:t too. */
export function partText(xml: string): string[] {
  return fragmentLines(stripFallbacks(xml));
}

/** Cached values of a c:strRef/c:numRef/c:strLit/c:numLit (c:pt idx + c:v), by index. */
function cachedPoints(xml: string): Map<number, string> {
  const out = new Map<number, string>();
  // A date axis caches day serials ("37261.0" with format "m/d/yy"): written as the dates they are.
  const format = /<c:formatCode>([\s\S]*?)<\/c:formatCode>/.exec(xml)?.[1] ?? '';
  const dates = /[dy]/i.test(format.replace(/"[^"]*"|\[[^\]]*\]/g, '')) && !/general/i.test(format);
  for (const m of xml.matchAll(/<c:pt\b[^>]*\bidx="(\d+)"[^>]*>[\s\S]*?<c:v>([\s\S]*?)<\/c:v>/g)) {
    out.set(Number(m[1]), cachedValue(decodeEntities(m[2] ?? '').trim(), dates));
  }
  return out;
}

/**
 * A cached chart value as the chart shows it: a float written with binary
 * noise ("4.4000000000000004") at its shortest ("4.4"), a day serial of a
 * date axis as a date ("37261.0" → "2002-01-05").
 */
export function cachedValue(v: string, date = false): string {
  if (!/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(v)) return v;
  const n = Number(v);
  if (date && n >= 1 && n < 2958466) {
    // Spreadsheet day serials count from 1899-12-30 (the 1900 leap-year bug included).
    return new Date(Date.UTC(1899, 11, 30) + Math.round(n * 86400) * 1000).toISOString().slice(0, 10);
  }
  return /\.\d{10,}/.test(v) ? String(Number(n.toPrecision(12))) : v;
}

/**
 * Text of a chart part (ppt/charts/chartN.xml): its titles, then one line
 * per series, "Series name: Category 4.3, Category 2 2.5" (at most 50
 * points each), from the values cached in the chart.
 */
export function chartText(xml: string): string[] {
  const body = stripFallbacks(xml);
  const lines: string[] = [];
  for (const t of body.matchAll(/<c:title>[\s\S]*?<\/c:title>/g)) {
    const text = fragmentLines(t[0]).join(' ');
    if (text && !lines.includes(text)) lines.push(text);
  }
  for (const ser of body.matchAll(/<c:ser>[\s\S]*?<\/c:ser>/g)) {
    const s = ser[0];
    const name = [...cachedPoints(/<c:tx>[\s\S]*?<\/c:tx>/.exec(s)?.[0] ?? '').values()].join(' ') || fragmentLines(/<c:tx>[\s\S]*?<\/c:tx>/.exec(s)?.[0] ?? '').join(' ');
    const cats = cachedPoints(/<c:(?:cat|xVal)>[\s\S]*?<\/c:(?:cat|xVal)>/.exec(s)?.[0] ?? '');
    const vals = cachedPoints(/<c:(?:val|yVal)>[\s\S]*?<\/c:(?:val|yVal)>/.exec(s)?.[0] ?? '');
    const idx = [...new Set([...cats.keys(), ...vals.keys()])].sort((a, b) => a - b).slice(0, 50);
    const points = idx.map((i) => [cats.get(i), vals.get(i)].filter(Boolean).join(' ')).filter(Boolean);
    const line = [name, points.join(', ')].filter(Boolean).join(': ');
    if (line) lines.push(line);
  }
  // Data labels and axis titles written as rich text.
  for (const tx of body.matchAll(/<c:(?:dLbl|dLbls|valAx|catAx|dateAx|serAx)>[\s\S]*?<\/c:(?:dLbl|dLbls|valAx|catAx|dateAx|serAx)>/g)) {
    for (const text of fragmentLines(tx[0])) if (!lines.includes(text)) lines.push(text);
  }
  return lines;
}
