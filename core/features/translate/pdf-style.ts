/**
 * How the text of a PDF looks, from MuPDF's structured text (`mutool draw
 * -F stext`): per character its font (name, size) and fill colour. A text
 * block's style is what most of its characters have: colour, bold, italic,
 * serif or not, so a translation keeps white-on-dark headers light and bold
 * headings bold. Pages as PPM renders (pdftoppm) give the colour behind a
 * line and whether removing the text changed anything there (an invisible
 * OCR layer over a scan does not). Pages are rendered by MuPDF with and without text.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../../foundation/tools/exec';

export interface PdfChar { page: number; x: number; y: number; color: string; font: string; size: number }

export interface BlockStyle {
  color: string;
  bold: boolean;
  italic: boolean;
  serif: boolean;
  mono: boolean;
}

export const DEFAULT_STYLE: BlockStyle = { color: '#111111', bold: false, italic: false, serif: false, mono: false };

/** Character centres with their font and colour, from stext XML. */
export function parseStext(xml: string): PdfChar[] {
  const out: PdfChar[] = [];
  let page = 0;
  let font = '';
  let size = 0;
  for (const m of xml.matchAll(/<page\b|<font name="([^"]*)" size="([\d.]+)"|<char quad="([\d.\-]+) ([\d.\-]+) [\d.\-]+ [\d.\-]+ [\d.\-]+ [\d.\-]+ ([\d.\-]+) ([\d.\-]+)"[^>]*?color="(#[0-9a-fA-F]{6})"/g)) {
    if (m[0] === '<page') { page++; continue; }
    if (m[1] !== undefined) { font = m[1]; size = Number(m[2]); continue; }
    const x0 = Number(m[3]); const y0 = Number(m[4]); const x1 = Number(m[5]); const y1 = Number(m[6]);
    out.push({ page, x: (x0 + x1) / 2, y: (y0 + y1) / 2, color: (m[7] as string).toLowerCase(), font, size });
  }
  return out;
}

/** Every character of the file (empty when mutool is missing or fails: the default style is used). */
export async function readPdfChars(file: string, dir: string, signal?: AbortSignal): Promise<PdfChar[]> {
  const out = path.join(dir, 'stext.xml');
  const r = await runTool('mutool', ['draw', '-q', '-F', 'stext', '-o', out, file], { signal, timeoutMs: 300_000, allowFailure: true }).catch(() => null);
  if (!r || r.exitCode !== 0) return [];
  return parseStext(await readFile(out, 'utf8'));
}

const mostCommon = <T>(xs: T[]): T | undefined => {
  const n = new Map<T, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
};

/** The style most characters inside the box have. */
export function styleIn(chars: PdfChar[], page: number, box: { x: number; y: number; w: number; h: number }): BlockStyle {
  const inside = chars.filter((c) => c.page === page && c.x >= box.x - 1 && c.x <= box.x + box.w + 1 && c.y >= box.y - 1 && c.y <= box.y + box.h + 1);
  if (!inside.length) return DEFAULT_STYLE;
  const font = mostCommon(inside.map((c) => c.font)) ?? '';
  return {
    color: mostCommon(inside.map((c) => c.color)) ?? DEFAULT_STYLE.color,
    bold: /bold|black|heavy|semibold|demi|[-,]bd\b|\bbd$/i.test(font),
    italic: /italic|oblique|[-,]it\b|\bit$/i.test(font),
    serif: /times|minion|serif|roman|garamond|georgia|cambria|palatino|book|cmr\d|nimbusrom|lmroman|utopia|charter/i.test(font) && !/sans/i.test(font),
    mono: /mono|courier|consol|menlo|cmtt|typewriter/i.test(font),
  };
}

/** A page rendered as RGB pixels (binary PPM). */
export interface Raster { width: number; height: number; scale: number; data: Buffer }

export function parsePpm(buf: Buffer, scale: number): Raster | null {
  // P6 <w> <h> <max>\n<data>
  const head = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(buf.subarray(0, 64).toString('latin1'));
  if (!head) return null;
  return { width: Number(head[1]), height: Number(head[2]), scale, data: buf.subarray(head[0].length) };
}

/**
 * Renders every page of a PDF at `dpi` as PPM rasters with MuPDF, with its
 * text or without it (`-K`): the same renderer both times, so the only
 * pixels that differ are visible text. An empty list when it fails.
 */
export async function renderRasters(file: string, dir: string, name: string, dpi: number, o: { noText?: boolean; signal?: AbortSignal } = {}): Promise<Raster[]> {
  const pattern = path.join(dir, `${name}-%d.ppm`);
  const r = await runTool('mutool', ['draw', '-q', ...(o.noText ? ['-K'] : []), '-r', String(dpi), '-o', pattern, file], { signal: o.signal, timeoutMs: 300_000, allowFailure: true }).catch(() => null);
  if (!r || r.exitCode !== 0) return [];
  const { readdir } = await import('node:fs/promises');
  const files = (await readdir(dir)).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.ppm'))
    .sort((a, b) => Number(/-(\d+)\.ppm$/.exec(a)?.[1]) - Number(/-(\d+)\.ppm$/.exec(b)?.[1]));
  const out: Raster[] = [];
  for (const f of files) {
    const ras = parsePpm(await readFile(path.join(dir, f)), dpi / 72);
    if (ras) out.push(ras);
  }
  return out;
}

const px = (r: Raster, x: number, y: number) => {
  const i = (Math.min(r.height - 1, Math.max(0, y)) * r.width + Math.min(r.width - 1, Math.max(0, x))) * 3;
  return [r.data[i] ?? 255, r.data[i + 1] ?? 255, r.data[i + 2] ?? 255] as const;
};

const hex = (c: readonly number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The colour around a box (its border pixels' median per channel): what is behind the text. */
export function backgroundAround(r: Raster, box: { x: number; y: number; w: number; h: number }): string {
  const x0 = Math.floor(box.x * r.scale) - 1; const y0 = Math.floor(box.y * r.scale) - 1;
  const x1 = Math.ceil((box.x + box.w) * r.scale) + 1; const y1 = Math.ceil((box.y + box.h) * r.scale) + 1;
  const samples: Array<readonly number[]> = [];
  for (let x = x0; x <= x1; x++) { samples.push(px(r, x, y0), px(r, x, y1)); }
  for (let y = y0; y <= y1; y++) { samples.push(px(r, x0, y), px(r, x1, y)); }
  const med = (k: number) => { const v = samples.map((s) => s[k]!).sort((a, b) => a - b); return v[Math.floor(v.length / 2)] ?? 255; };
  return hex([med(0), med(1), med(2)]);
}

/** Share of pixels inside the box that differ between two renders of the same page (0..1). */
export function changedShare(a: Raster, b: Raster, box: { x: number; y: number; w: number; h: number }): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  const x0 = Math.max(0, Math.floor(box.x * a.scale)); const y0 = Math.max(0, Math.floor(box.y * a.scale));
  const x1 = Math.min(a.width - 1, Math.ceil((box.x + box.w) * a.scale)); const y1 = Math.min(a.height - 1, Math.ceil((box.y + box.h) * a.scale));
  let n = 0; let changed = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      n++;
      const p = px(a, x, y); const q = px(b, x, y);
      if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 60) changed++;
    }
  }
  return n ? changed / n : 0;
}

/**
 * Whether a line is drawn under the box's text (a link's underline, left on
 * the page once its text is removed): in the text-free render, a pixel row
 * in the box's lower part or just below it that differs from the colour
 * around the box along most of its width.
 */
export function underlined(textFree: Raster, box: { x: number; y: number; w: number; h: number }): boolean {
  const bg = backgroundAround(textFree, { x: box.x - 2, y: box.y - 2, w: box.w + 4, h: box.h + 4 });
  const ref = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
  const x0 = Math.max(0, Math.floor(box.x * textFree.scale)); const x1 = Math.min(textFree.width - 1, Math.ceil((box.x + box.w) * textFree.scale));
  const y0 = Math.max(0, Math.floor((box.y + box.h * 0.6) * textFree.scale)); const y1 = Math.min(textFree.height - 1, Math.ceil((box.y + box.h + 2) * textFree.scale));
  if (x1 - x0 < 3) return false;
  for (let y = y0; y <= y1; y++) {
    let differ = 0;
    for (let x = x0; x <= x1; x++) {
      const p = px(textFree, x, y);
      if (Math.abs(p[0] - ref[0]!) + Math.abs(p[1] - ref[1]!) + Math.abs(p[2] - ref[2]!) > 60) differ++;
    }
    if (differ >= (x1 - x0 + 1) * 0.7) return true;
  }
  return false;
}

/** Relative luminance 0..1 of a #rrggbb colour. */
export const luminance = (c: string) => {
  const v = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
  return 0.2126 * v[0]! + 0.7152 * v[1]! + 0.0722 * v[2]!;
};

/** Contrast ratio (1..21) of two colours. */
export const contrast = (a: string, b: string) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };

/** Which way a vertical label reads: its characters, in drawing order, going up the page or down it. */
export function turnOf(chars: PdfChar[], b: { page: number; x: number; y: number; w: number; h: number }): 'up' | 'down' {
  const inside = chars.filter((c) => c.page === b.page && c.x >= b.x - 1 && c.x <= b.x + b.w + 1 && c.y >= b.y - 1 && c.y <= b.y + b.h + 1);
  return inside.length >= 2 && inside[inside.length - 1]!.y > inside[0]!.y ? 'down' : 'up';
}
