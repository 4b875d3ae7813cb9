/**
 * The reader-side layout check of a translated PDF: the original and the
 * translation compared page by page as a reader sees them (./reader-view.ts),
 * counting what the translation added: text outside the page or outside
 * every text box of the original, lines over other lines, lines crossed by
 * rules or table lines, words split across lines or drawn letter by letter,
 * letters turned or mirrored differently from the original, and the
 * original's strokes (rules, boxes) that are gone. Past the warning
 * threshold a page is named in a warning; past the failure threshold the
 * translation fails with the reason.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { describe, warningOf } from '../../foundation/messages';
import { measurePage, type Box } from './layout-check';
import type { Raster } from './pdf-style';
import { inkPages, readView, type ViewLine, type ViewPage } from './reader-view';
import type { TranslationWarning } from './types';

export interface PageCheck {
  page: number;
  /** Text lines of the translated page. */
  lines: number;
  /** Lines on the page but (when the original page has text) outside every text block of the original. */
  outside: number;
  /** Lines past the page's edges, beyond the original's count. */
  offPage: number;
  /** Lines over another line, beyond the original's count. */
  overText: number;
  /** Lines crossed by a rule or table line, beyond the original's count. */
  overRules: number;
  /** Words broken across lines or drawn letter by letter. */
  split: number;
  /** Letters facing a way (turned, mirrored) the other page has none of. */
  turned: number;
  letters: number;
  /** Share of the original's ink (rules, boxes, pictures) missing from the translation (0..1). */
  lostInk: number;
  /** The missing ink in pixels at 72 dpi (about points of a 1 pt rule). */
  lostPixels: number;
}

export type Level = 'ok' | 'warn' | 'fail';
export interface CheckedPage extends PageCheck { level: Level; problems: string[] }
export interface ReaderCheck { pages: CheckedPage[]; warnPages: number[]; failPages: number[]; samePages: boolean }

const inside = (l: Box, b: Box, dx: number, dy: number) => {
  const cx = (l.x0 + l.x1) / 2; const cy = (l.y0 + l.y1) / 2;
  return cx >= b.x0 - dx && cx <= b.x1 + dx && cy >= b.y0 - dy && cy <= b.y1 + dy;
};
const INK = 160;
const inked = (r: Raster, x: number, y: number) => x >= 0 && y >= 0 && x < r.width && y < r.height && r.data[y * r.width + x]! < INK;

/**
 * Whether a rule crosses the line's letters: a thin run (at most 3 px) of rows of its core band inked along
 * most of its width, or of columns inked down the whole band, with clear pixels on both sides (a filled
 * box behind the text, a coloured table header, is no rule).
 */
export function crossedByRule(l: Box, ink: Raster): boolean {
  const s = ink.scale; const h = l.y1 - l.y0;
  const x0 = Math.ceil((l.x0 + 1) * s); const x1 = Math.floor((l.x1 - 1) * s);
  const y0 = Math.ceil((l.y0 + h * 0.25) * s); const y1 = Math.floor((l.y1 - h * 0.25) * s);
  if (x1 - x0 < 3 || y1 < y0) return false;
  const row = (y: number) => { let n = 0; for (let x = x0; x <= x1; x++) if (inked(ink, x, y)) n++; return n >= (x1 - x0 + 1) * 0.6; };
  const col = (x: number) => { for (let y = y0; y <= y1; y++) if (!inked(ink, x, y)) return false; return y1 - y0 >= 2; };
  const thinRun = (from: number, to: number, full: (i: number) => boolean) => {
    for (let i = from; i <= to; i++) {
      if (!full(i)) continue;
      let a = i; let b = i;
      while (a > i - 4 && full(a - 1)) a--;
      while (b < i + 4 && full(b + 1)) b++;
      if (b - a < 3 && !full(a - 1) && !full(b + 1)) return true;
      i = b;
    }
    return false;
  };
  return thinRun(y0, y1, row) || thinRun(x0, x1, col);
}

/** Share of the original's inked pixels (drawn without its text) with no inked pixel within one pixel in the translation (drawn whole: a bullet drawn as a path may come back as a letter). */
export function lostInk(a: Raster, b: Raster): { share: number; pixels: number } {
  if (a.width !== b.width || a.height !== b.height) return { share: 0, pixels: 0 };
  let ink = 0; let lost = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!inked(a, x, y)) continue;
      ink++;
      let near = false;
      for (let dy = -1; dy <= 1 && !near; dy++) for (let dx = -1; dx <= 1 && !near; dx++) near = inked(b, x + dx, y + dy);
      if (!near) lost++;
    }
  }
  return ink >= 50 ? { share: lost / ink, pixels: lost } : { share: 0, pixels: 0 };
}

/** A line of one short word of letters (a piece of a word broken over lines, without the translation's words to tell). */
const fragment = (l: ViewLine) => l.words.length === 1 && /^\p{L}{1,3}$/u.test(core(l.words[0]!));
const core = (w: string) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * Words broken by the layout: a line's last word and the next line's first (or three lines' single
 * words) that are no words of the translation while joined they are; a run of single letters of one line
 * that joined is one. Without the translation's words: stacks of short single-word lines in a block.
 */
export function splitWords(lines: ViewLine[], words?: Set<string>): number {
  let n = 0;
  const known = (w: string) => words!.has(w);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (words) {
      const cores = l.words.map(core);
      for (let k = 0; k + 2 < cores.length; k++) {
        let j = k;
        while (j < cores.length && cores[j]!.length === 1) j++;
        if (j - k >= 3 && known(cores.slice(k, j).join(''))) { n++; k = j; }
      }
      // The last word and the first words of the next lines of the block (up to five pieces: "Ca / rá / ct / er").
      const a = cores.at(-1) ?? '';
      if (!a || known(a) || /-$/.test(l.words.at(-1) ?? '')) continue;
      let joined = a;
      for (let k = i + 1; k < Math.min(lines.length, i + 5) && lines[k]!.block === l.block; k++) {
        const b = core(lines[k]!.words[0] ?? '');
        if (!b || (k === i + 1 && known(b))) break;
        joined += b;
        if (known(joined)) { n++; break; }
      }
    } else if (fragment(l) && lines[i + 1]?.block === l.block && fragment(lines[i + 1]!) && lines[i - 1]?.block !== l.block) n++;
  }
  return n;
}

/** Letters of `a` facing a way `b` has none of. */
const unmatched = (a: Map<string, number>, b: Map<string, number>) => [...a].filter(([k]) => !b.has(k)).reduce((n, [, c]) => n + c, 0);

/**
 * Lines that reach the page's edges: poppler leaves out the letters wholly past the page, so a line that ran
 * off the page (a deck's non-wrapping box grown past the slide) ends within a letter of its edge.
 */
const EDGE = 0.5;
const pastEdge = (v: ViewPage) => (l: Box) => l.x0 < EDGE || l.y0 < EDGE || l.x1 > v.width - EDGE || l.y1 > v.height - EDGE;

/** The figures of one page: the original's view and ink, the translation's. */
export function comparePage(src: ViewPage, out: ViewPage, inks: { src: Raster | null; out: Raster | null; outWhole: Raster | null }, words?: Set<string>): PageCheck {
  const m0 = measurePage(src.page, src.lines, src.width, src.height);
  const m1 = measurePage(out.page, out.lines, out.width, out.height);
  const past = out.lines.filter(pastEdge(out));
  const away = src.lines.length
    ? out.lines.filter((l) => !past.includes(l) && !src.blocks.some((b) => inside(l, b, 4 + (b.x1 - b.x0) * 0.03, Math.max(3, (l.y1 - l.y0) * 0.5))))
    : [];
  const rules = (v: ViewPage, ink: Raster | null) => (ink ? v.lines.filter((l) => crossedByRule(l, ink)).length : 0);
  const letters = [...out.facing.values()].reduce((a, b) => a + b, 0);
  return {
    page: out.page, lines: out.lines.length,
    outside: away.length,
    offPage: Math.max(0, past.length - src.lines.filter(pastEdge(src)).length),
    overText: Math.max(0, m1.overlapping - m0.overlapping),
    overRules: Math.max(0, rules(out, inks.out) - rules(src, inks.src)),
    split: words ? splitWords(out.lines, words) : Math.max(0, splitWords(out.lines) - splitWords(src.lines)),
    turned: src.facing.size && out.facing.size ? Math.max(unmatched(out.facing, src.facing), unmatched(src.facing, out.facing)) : 0,
    letters,
    ...(() => { const l = inks.src && inks.outWhole ? lostInk(inks.src, inks.outWhole) : { share: 0, pixels: 0 }; return { lostInk: l.share, lostPixels: l.pixels }; })(),
  };
}

/** Warning and failure thresholds per figure: [warn, fail], each a count and a share of the page's lines (or letters, or ink). */
export const THRESHOLDS = {
  // Text that ran past its box is still on the page (the translator says so too); past the page it is lost.
  outside: { warn: [2, 0.05], fail: [Infinity, 1] },
  offPage: { warn: [2, 0.05], fail: [5, 0.5] },
  overText: { warn: [2, 0.03], fail: [8, 0.3] },
  overRules: { warn: [2, 0.03], fail: [Infinity, 1] },
  split: { warn: [1, 0], fail: [Infinity, 1] },
  turned: { warn: [3, 0], fail: [20, 0.5] },
  // Drawings moved or gone leave the text readable: a warning at most (a logo drawn as outlined text counts too).
  lostInk: { warn: [0, 0.1], fail: [Infinity, 1] },
} as const;

/** The page's level and the figures past their threshold ('turned', 'outside', ...). */
export function judge(p: PageCheck): CheckedPage {
  const problems: string[] = [];
  let level: Level = 'ok';
  for (const [k, t] of Object.entries(THRESHOLDS) as Array<[keyof typeof THRESHOLDS, (typeof THRESHOLDS)[keyof typeof THRESHOLDS]]>) {
    const v = p[k];
    const of = k === 'turned' ? p.letters : k === 'lostInk' ? 1 : p.lines;
    const share = k === 'lostInk' ? v : of ? v / of : 0;
    const past = (x: readonly [number, number]) => (k === 'lostInk' ? v >= x[1] && p.lostPixels >= x[0] : v >= x[0] && share >= x[1]);
    if (past(t.fail)) { level = 'fail'; problems.push(k); } else if (past(t.warn)) { if (level === 'ok') level = 'warn'; problems.push(k); }
  }
  return { ...p, level, problems };
}

/** Compares an original PDF with its translation (the first `maxPages` pages). */
export interface ReaderCheckOptions {
  words?: Set<string>;
  signal?: AbortSignal;
  maxPages?: number;
  dpi?: number;
  /**
   * Text that flows from page to page (a Word document): a longer translation moves lines, pictures and rules
   * down the pages, so lines outside the original's blocks and ink not where it was are no fault.
   */
  flowing?: boolean;
}

export async function checkReaderLayout(source: string, output: string, o: ReaderCheckOptions = {}): Promise<ReaderCheck> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-reader-check-'));
  const maxPages = o.maxPages ?? 60;
  try {
    const [a, b] = [await readView(source, dir, 's', { maxPages, signal: o.signal }), await readView(output, dir, 'o', { maxPages, signal: o.signal })];
    const dpi = o.dpi ?? 72;
    const inkA = await inkPages(source, dir, 's-ink', { dpi, maxPages, signal: o.signal });
    const inkB = await inkPages(output, dir, 'o-ink', { dpi, maxPages, signal: o.signal });
    const wholeB = await inkPages(output, dir, 'o-whole', { dpi, maxPages, withText: true, signal: o.signal });
    const pages: CheckedPage[] = [];
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = comparePage(a[i]!, b[i]!, { src: await inkA(i + 1), out: await inkB(i + 1), outWhole: await wholeB(i + 1) }, o.words);
      pages.push(judge(o.flowing ? { ...c, outside: 0, lostInk: 0, lostPixels: 0 } : c));
    }
    return { pages, warnPages: pages.filter((p) => p.level === 'warn').map((p) => p.page), failPages: pages.filter((p) => p.level === 'fail').map((p) => p.page), samePages: a.length === b.length };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const WARNING_OF = {
  outside: 'warning.layout_outside', offPage: 'warning.layout_outside', overText: 'warning.layout_over_text', overRules: 'warning.layout_over_rules',
  split: 'warning.layout_split', turned: 'warning.layout_turned', lostInk: 'warning.layout_lost_ink',
} as const;

/** One warning per page and figure past its warning threshold, saying what a reader sees there. */
export function layoutWarnings(check: ReaderCheck): TranslationWarning[] {
  return check.pages.flatMap((p) => [...new Set(p.problems.map((k) => WARNING_OF[k as keyof typeof WARNING_OF]))].map((code) => warningOf(p.page, code)));
}

const describeProblem = (k: string) => describe(WARNING_OF[k as keyof typeof WARNING_OF]);

/** The failure of a translation far past the thresholds (null when no page is). */
export function layoutFailure(check: ReaderCheck, label: string, unit: 'page' | 'slide' = 'page'): AppError | null {
  if (!check.failPages.length) return null;
  const worst = check.pages.filter((p) => p.level === 'fail');
  const what = [...new Set(worst.flatMap((p) => p.problems).map(describeProblem))].join('; ');
  return new AppError('corrupt_file', `The translation of ${label.replace(/^The file /, '')} came out unreadable and was not kept: on ${unit}${worst.length > 1 ? 's' : ''} ${worst.map((p) => p.page).join(', ')} ${what}.`);
}
