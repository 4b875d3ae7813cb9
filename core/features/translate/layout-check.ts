/**
 * The layout check: renders a file's pages (LibreOffice for DOCX/PPTX; a
 * PDF is its own rendering) and measures, per page, the text lines that
 * overlap another line (text drawn over text: a translation that ran past
 * its box, a title over a table) and the lines that run past the page's
 * edges (a table pushed past the slide's bottom). Comparing a translation
 * with its original says what the translation added; page counts must be
 * equal.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from '../../foundation/tools/exec';
import { officeConvert } from '../../foundation/tools/render';

export interface Box { x0: number; y0: number; x1: number; y1: number }

export interface PageLayout {
  page: number;
  lines: number;
  /** Lines whose letters (the box's middle 60 %) overlap another line's by more than a fifth of the smaller one. */
  overlapping: number;
  /** Lines that run more than 1 pt past an edge of the page. */
  overflowing: number;
}

export interface LayoutReport {
  pages: number;
  perPage: PageLayout[];
  lines: number;
  overlapping: number;
  overflowing: number;
  /** overlapping / lines (0..1): the overlap figure. */
  overlap: number;
}

const num = (attrs: string, name: string) => Number(new RegExp(`${name}="([\\d.\\-]+)"`).exec(attrs)?.[1] ?? 0);
const area = (b: Box) => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);
const intersection = (a: Box, b: Box) => area({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) });

/** Per-page figures from the text lines of one page and its size. */
export function measurePage(page: number, lines: Box[], width: number, height: number): PageLayout {
  const over = new Set<number>();
  // A line box spans its font's ascent and descent, more than the line pitch: only the letters' core band
  // (the middle 60 % of the box) counts, so tightly set lines of one paragraph do not read as overlapping.
  const core = lines.map((l) => { const h = l.y1 - l.y0; return { ...l, y0: l.y0 + h * 0.2, y1: l.y1 - h * 0.2 }; });
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = core[i]!;
      const b = core[j]!;
      const small = Math.min(area(a), area(b));
      if (small > 0 && intersection(a, b) > small * 0.2) { over.add(i); over.add(j); }
    }
  }
  const overflowing = lines.filter((l) => l.x0 < -1 || l.y0 < -1 || l.x1 > width + 1 || l.y1 > height + 1).length;
  return { page, lines: lines.length, overlapping: over.size, overflowing };
}

/** Reads `pdftotext -bbox-layout` output into per-page figures. */
export function layoutFromBbox(html: string): LayoutReport {
  const perPage: PageLayout[] = [];
  for (const pm of html.matchAll(/<page\b([^>]*)>([\s\S]*?)<\/page>/g)) {
    const lines: Box[] = [];
    for (const lm of (pm[2] as string).matchAll(/<line\b([^>]*)>([\s\S]*?)<\/line>/g)) {
      // A line of only spaces or punctuation is not text a reader sees overlap on.
      if (!/<word\b[^>]*>[^<]*[\p{L}\p{N}]/u.test(lm[2] as string)) continue;
      const a = lm[1] as string;
      lines.push({ x0: num(a, 'xMin'), y0: num(a, 'yMin'), x1: num(a, 'xMax'), y1: num(a, 'yMax') });
    }
    perPage.push(measurePage(perPage.length + 1, lines, num(pm[1] as string, 'width'), num(pm[1] as string, 'height')));
  }
  const sum = (k: 'lines' | 'overlapping' | 'overflowing') => perPage.reduce((n, p) => n + p[k], 0);
  const lines = sum('lines');
  return { pages: perPage.length, perPage, lines, overlapping: sum('overlapping'), overflowing: sum('overflowing'), overlap: lines ? sum('overlapping') / lines : 0 };
}

/** Renders DOCX/PPTX files to PDF with LibreOffice, one by one (PDFs are used as they are); null where LibreOffice could not open one. */
async function rendered(files: string[], dir: string, signal?: AbortSignal): Promise<Array<string | null>> {
  const out: Array<string | null> = [];
  for (const [i, f] of files.entries()) {
    if (f.toLowerCase().endsWith('.pdf')) { out.push(f); continue; }
    const outDir = path.join(dir, `r${i}`);
    await mkdir(outDir, { recursive: true });
    const ok = await officeConvert([f], 'pdf', outDir, path.join(dir, 'profile'), { signal, timeoutMs: 300_000 }).then(() => true, () => false);
    const pdf = path.join(outDir, `${path.parse(f).name}.pdf`);
    out.push(ok && (await readdir(outDir)).includes(path.basename(pdf)) ? pdf : null);
  }
  return out;
}

/** The layout figures of each file (null for a file that could not be rendered). */
export async function checkLayout(files: string[], signal?: AbortSignal): Promise<Array<LayoutReport | null>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-layout-'));
  try {
    const pdfs = await rendered(files, dir, signal);
    const out: Array<LayoutReport | null> = [];
    for (const [i, pdf] of pdfs.entries()) {
      if (!pdf) { out.push(null); continue; }
      const html = path.join(dir, `b${i}.html`);
      const r = await runTool('pdftotext', ['-bbox-layout', pdf, html], { signal, timeoutMs: 300_000, allowFailure: true });
      out.push(r.exitCode === 0 ? layoutFromBbox(await readFile(html, 'utf8')) : null);
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface LayoutComparison {
  source: LayoutReport | null;
  output: LayoutReport | null;
  /** Page or slide counts equal (false when either could not be rendered). */
  samePages: boolean;
  /** Overlapping and overflowing lines the translation added (never below 0). */
  addedOverlap: number;
  addedOverflow: number;
}

/** Compares each (source, output) pair. */
export async function compareLayouts(pairs: Array<{ source: string; output: string }>, signal?: AbortSignal): Promise<LayoutComparison[]> {
  const reports = await checkLayout(pairs.flatMap((p) => [p.source, p.output]), signal);
  return pairs.map((_, i) => {
    const source = reports[2 * i] ?? null;
    const output = reports[2 * i + 1] ?? null;
    return {
      source, output,
      samePages: !!source && !!output && source.pages === output.pages,
      addedOverlap: source && output ? Math.max(0, output.overlapping - source.overlapping) : 0,
      addedOverflow: source && output ? Math.max(0, output.overflowing - source.overflowing) : 0,
    };
  });
}
