/**
 * Embedded PDF images with poppler's pdfimages: `-list` to learn each
 * image's page, type, size and object, then one `-all -p` run that writes
 * the original bytes. Masks, soft masks and tiny images (lines, bullets)
 * are dropped; an object shown on several pages (a logo on every page) is
 * written once, with the list of its pages.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runTool } from '../../foundation/tools/exec';
import { message, type Message } from '../../foundation/messages';

export interface PdfImage {
  path: string;
  ext: string;
  /** The first page that shows the image. */
  page: number;
  /** Every page that shows the same image object (a logo in the page header: many). */
  pages: number[];
  width: number;
  height: number;
}

export interface PdfImagesOptions {
  signal?: AbortSignal;
  /** Smaller width or height is skipped. Default 32 px. */
  minSide?: number;
  /** Smaller files are skipped. Default 2 KiB. */
  minBytes?: number;
  maxImages?: number;
}

interface ListedImage { page: number; num: number; type: string; width: number; height: number; object: string }

/** Parses `pdfimages -list` output. */
export function parsePdfImagesList(out: string): ListedImage[] {
  const rows: ListedImage[] = [];
  for (const line of out.split('\n')) {
    const c = line.trim().split(/\s+/);
    if (c.length < 12 || !/^\d+$/.test(c[0] ?? '') || !/^\d+$/.test(c[1] ?? '')) continue;
    rows.push({ page: Number(c[0]), num: Number(c[1]), type: c[2] ?? '', width: Number(c[3]), height: Number(c[4]), object: `${c[10]} ${c[11]}` });
  }
  return rows;
}

const WEB_FORMATS = new Set(['jpg', 'png']);

export async function extractPdfImages(file: string, dir: string, opts: PdfImagesOptions = {}): Promise<{ images: PdfImage[]; warnings: Message[] }> {
  const minSide = opts.minSide ?? 32;
  const minBytes = opts.minBytes ?? 2048;
  const warnings: Message[] = [];
  const list = await runTool('pdfimages', ['-list', file], { signal: opts.signal, timeoutMs: 300_000, inputFile: file });
  const listed = parsePdfImagesList(list.stdout.toString('utf8'));
  const seen = new Map<string, number[]>();
  const wanted = new Map<number, ListedImage & { pages: number[] }>();
  for (const img of listed) {
    if (img.type !== 'image' || img.width < minSide || img.height < minSide) continue;
    const pages = seen.get(img.object);
    if (pages) { if (!pages.includes(img.page)) pages.push(img.page); continue; }
    const first = [img.page];
    seen.set(img.object, first);
    wanted.set(img.num, { ...img, pages: first });
  }
  if (wanted.size === 0) return { images: [], warnings };

  await mkdir(dir, { recursive: true });
  await runTool('pdfimages', ['-all', '-p', file, join(dir, 'img')], { signal: opts.signal, timeoutMs: 600_000, inputFile: file });
  const files = await writtenFiles(dir);
  let images: PdfImage[] = [];
  const odd: number[] = [];
  for (const [num, f] of files) {
    const meta = wanted.get(num);
    const { size } = await stat(f.path);
    if (!meta || size < minBytes) { await rm(f.path, { force: true }); continue; }
    if (!WEB_FORMATS.has(f.ext)) odd.push(num);
    images.push({ path: f.path, ext: f.ext, page: meta.page, pages: meta.pages, width: meta.width, height: meta.height });
  }

  if (odd.length) {
    // JPEG 2000, JBIG2, CCITT and CMYK TIFF are not shown by browsers: take those as PNG instead.
    const pngDir = join(dir, 'png');
    await mkdir(pngDir, { recursive: true });
    await runTool('pdfimages', ['-png', '-p', file, join(pngDir, 'img')], { signal: opts.signal, timeoutMs: 600_000, inputFile: file });
    const pngs = await writtenFiles(pngDir);
    const oddSet = new Set(odd);
    const next: PdfImage[] = [];
    for (const img of images) {
      const num = numOf(img.path);
      if (num === undefined || !oddSet.has(num)) { next.push(img); continue; }
      await rm(img.path, { force: true });
      const png = pngs.get(num);
      if (png) { next.push({ ...img, path: png.path, ext: 'png' }); pngs.delete(num); }
    }
    for (const rest of pngs.values()) await rm(rest.path, { force: true });
    images = next;
  }

  images.sort((a, b) => a.page - b.page);
  const max = opts.maxImages ?? Infinity;
  if (images.length > max) {
    for (const extra of images.slice(max)) await rm(extra.path, { force: true });
    warnings.push(message('warning.images_limit', { max, total: images.length }));
    images = images.slice(0, max);
  }
  return { images, warnings };
}

const NAME = /-(\d+)-(\d+)\.([a-z0-9]+)$/i;
const numOf = (path: string) => { const m = NAME.exec(path); return m ? Number(m[2]) : undefined; };

/** Files written by `pdfimages -p`, by image number (img-PPP-NNN.ext). */
async function writtenFiles(dir: string): Promise<Map<number, { path: string; ext: string }>> {
  const out = new Map<number, { path: string; ext: string }>();
  for (const name of await readdir(dir)) {
    const m = NAME.exec(name);
    if (!m) continue;
    const ext = (m[3] ?? '').toLowerCase();
    // Side files of JBIG2 (globals) and CCITT (params) are not images.
    if (ext === 'jb2g' || ext === 'params') continue;
    out.set(Number(m[2]), { path: join(dir, name), ext });
  }
  return out;
}
