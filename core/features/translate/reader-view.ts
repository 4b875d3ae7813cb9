/**
 * A PDF as a reader sees it, page by page, for the reader-side layout check
 * (./reader-check.ts): the text lines and blocks where poppler places them
 * (`pdftotext -bbox-layout`, the page's visible box, top-left origin), the
 * way each letter faces (MuPDF's character quads: turned by 0/90/180/270
 * degrees, mirrored or not) and where the page has ink other than text
 * (rules, table lines, boxes, pictures: the page drawn by MuPDF without its
 * text, `mutool draw -K`). Both tools normalise every page box (offset
 * origins, inverted boxes, crop boxes, /Rotate) as viewers do.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../../foundation/tools/exec';
import { decodeEntities } from '../../foundation/tools/tidy';
import type { Box } from './layout-check';
import type { Raster } from './pdf-style';

export interface ViewLine extends Box { words: string[]; block: number }

export interface ViewPage {
  page: number;
  width: number;
  height: number;
  lines: ViewLine[];
  blocks: Box[];
  /** Letters by the way they face: '0', '90', '180', '270', with 'm' when mirrored. */
  facing: Map<string, number>;
}

const num = (attrs: string, name: string) => Number(new RegExp(`${name}="([\\d.\\-]+)"`).exec(attrs)?.[1] ?? 0);
const boxOf = (a: string): Box => ({ x0: num(a, 'xMin'), y0: num(a, 'yMin'), x1: num(a, 'xMax'), y1: num(a, 'yMax') });

/** Pages, blocks, lines and words of `pdftotext -bbox-layout` output (lines of only spaces or punctuation left out). */
export function parseBboxLayout(html: string): Array<Omit<ViewPage, 'facing'>> {
  const pages: Array<Omit<ViewPage, 'facing'>> = [];
  for (const pm of html.matchAll(/<page\b([^>]*)>([\s\S]*?)<\/page>/g)) {
    const blocks: Box[] = [];
    const lines: ViewLine[] = [];
    for (const bm of (pm[2] as string).matchAll(/<block\b([^>]*)>([\s\S]*?)<\/block>/g)) {
      blocks.push(boxOf(bm[1] as string));
      for (const lm of (bm[2] as string).matchAll(/<line\b([^>]*)>([\s\S]*?)<\/line>/g)) {
        const words = [...(lm[2] as string).matchAll(/<word\b[^>]*>([^<]*)<\/word>/g)].map((w) => decodeEntities(w[1] as string));
        if (!words.some((w) => /[\p{L}\p{N}]/u.test(w))) continue;
        lines.push({ ...boxOf(lm[1] as string), words, block: blocks.length - 1 });
      }
    }
    pages.push({ page: pages.length + 1, width: num(pm[1] as string, 'width'), height: num(pm[1] as string, 'height'), lines, blocks });
  }
  return pages;
}

/**
 * How each letter of MuPDF's structured text faces, per page. A quad is
 * upper-left, upper-right, lower-left, lower-right (top-left origin): the
 * baseline runs from upper-left to upper-right, and the glyph is mirrored
 * when its lower-left lies on the other side of that line than upright text.
 */
export function parseFacing(xml: string): Array<Map<string, number>> {
  const pages: Array<Map<string, number>> = [];
  let cur: Map<string, number> | null = null;
  for (const m of xml.matchAll(/<page\b|<char quad="([\d.\-]+) ([\d.\-]+) ([\d.\-]+) ([\d.\-]+) ([\d.\-]+) ([\d.\-]+) [\d.\-]+ [\d.\-]+"[^>]*?c="([^"]*)"/g)) {
    if (m[0] === '<page') { cur = new Map(); pages.push(cur); continue; }
    if (!cur || !/[\p{L}\p{N}]/u.test(decodeEntities(m[7] as string))) continue;
    const [ulx, uly, urx, ury, llx, lly] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
    const bx = urx - ulx; const by = ury - uly;
    if (Math.hypot(bx, by) < 0.01) continue;
    const angle = ((Math.round(Math.atan2(by, bx) / (Math.PI / 2)) * 90) + 360) % 360;
    const mirrored = bx * (lly - uly) - by * (llx - ulx) < 0;
    const key = `${angle}${mirrored ? 'm' : ''}`;
    cur.set(key, (cur.get(key) ?? 0) + 1);
  }
  return pages;
}

/** The text lines, blocks and letter facing of each page of a PDF (at most `maxPages`). */
export async function readView(file: string, dir: string, name: string, o: { maxPages: number; signal?: AbortSignal }): Promise<ViewPage[]> {
  const html = path.join(dir, `${name}.html`);
  const xml = path.join(dir, `${name}.xml`);
  const last = String(o.maxPages);
  await runTool('pdftotext', ['-bbox-layout', '-l', last, file, html], { signal: o.signal, timeoutMs: 300_000 });
  const stext = await runTool('mutool', ['draw', '-q', '-F', 'stext', '-o', xml, file, `1-${last}`], { signal: o.signal, timeoutMs: 300_000, allowFailure: true }).catch(() => null);
  const facing = stext?.exitCode === 0 ? parseFacing(await readFile(xml, 'utf8')) : [];
  return parseBboxLayout(await readFile(html, 'utf8')).map((p, i) => ({ ...p, facing: facing[i] ?? new Map() }));
}

/** Renders the pages in grey at `dpi`, without their text (`mutool draw -K`) unless `withText`; a page's raster is read when asked for (null when rendering failed). */
export async function inkPages(file: string, dir: string, name: string, o: { dpi: number; maxPages: number; withText?: boolean; signal?: AbortSignal }): Promise<(page: number) => Promise<Raster | null>> {
  const pattern = path.join(dir, `${name}-%d.pgm`);
  const r = await runTool('mutool', ['draw', '-q', ...(o.withText ? [] : ['-K']), '-r', String(o.dpi), '-c', 'gray', '-o', pattern, file, `1-${o.maxPages}`], { signal: o.signal, timeoutMs: 300_000, allowFailure: true }).catch(() => null);
  const have = new Set(r?.exitCode === 0 ? await readdir(dir) : []);
  return async (page) => {
    const f = `${name}-${page}.pgm`;
    return have.has(f) ? parseGray(await readFile(path.join(dir, f)), o.dpi / 72) : null;
  };
}

/** A grey PGM (P5) as a one-channel raster (data holds one byte a pixel). */
export function parseGray(buf: Buffer, scale: number): Raster | null {
  const head = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(buf.subarray(0, 64).toString('latin1'));
  if (!head) return null;
  return { width: Number(head[1]), height: Number(head[2]), scale, data: buf.subarray(head[0].length) };
}
