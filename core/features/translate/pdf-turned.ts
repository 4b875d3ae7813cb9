/**
 * Text drawn at a slant (a diagonal watermark: "DRAFT", "SANDBOX"), neither
 * upright nor turned by a quarter: poppler reads it as upright pieces, which
 * the translator would redraw upright in pieces. Such text is kept as it
 * was: its pieces are no segments, and its lines are drawn back untranslated
 * at their place and slant (MuPDF's character quads: where each letter is and
 * which way its baseline runs), with a warning naming the page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../../foundation/tools/exec';
import { decodeEntities } from '../../foundation/tools/tidy';
import type { PdfBlock } from './pdf-blocks';
import type { Raster } from './pdf-style';

export interface TurnedLine {
  page: number;
  text: string;
  /** The first letter's upper-left corner (points, top-left origin, the page as shown). */
  x: number; y: number;
  /** Degrees clockwise on the page, as CSS turns. */
  angle: number;
  /** The letters' height across the baseline (points). */
  height: number;
  size: number;
  color: string;
  /** Each letter: its upper-left corner (drawn there, turned) and centre (to find the pieces poppler read of it). */
  letters: Array<{ c: string; x: number; y: number; cx: number; cy: number }>;
}

/** At least this far (degrees) from a quarter turn: a slant, not a vertical label or a turned page. */
const SLANT = 5;

/** Lines of slanted letters in MuPDF's structured text, page by page (only their slanted letters). */
export function parseTurnedLines(xml: string): TurnedLine[] {
  const out: TurnedLine[] = [];
  let page = 0;
  for (const pm of xml.split(/<page\b/).slice(1)) {
    page++;
    for (const lm of pm.matchAll(/<line\b[^>]*>([\s\S]*?)<\/line>/g)) {
      let size = 0;
      let line: TurnedLine | null = null;
      for (const m of (lm[1] as string).matchAll(/<font name="[^"]*" size="([\d.]+)"|<char quad="([^"]+)"[^>]*?color="(#[0-9a-fA-F]{6})" c="([^"]*)"/g)) {
        if (m[1] !== undefined) { size = Number(m[1]); continue; }
        const [ulx, uly, urx, ury, llx, lly] = (m[2] as string).split(' ').map(Number) as [number, number, number, number, number, number];
        const angle = (Math.atan2(ury - uly, urx - ulx) * 180) / Math.PI;
        const off = Math.abs(angle - Math.round(angle / 90) * 90);
        if (Math.hypot(urx - ulx, ury - uly) < 0.01 || off < SLANT) continue;
        const c = decodeEntities(m[4] as string);
        if (!line) {
          line = { page, text: '', x: ulx, y: uly, angle, height: Math.hypot(llx - ulx, lly - uly), size, color: (m[3] as string).toLowerCase(), letters: [] };
          out.push(line);
        }
        line.text += c;
        line.letters.push({ c, x: ulx, y: uly, cx: (urx + llx) / 2, cy: (ury + lly) / 2 });
      }
    }
  }
  return out.filter((l) => /\p{L}|\p{N}/u.test(l.text)).map((l) => ({ ...l, text: l.text.trim() }));
}

/** The slanted lines of a PDF (none when mutool is missing or fails). */
export async function readTurnedLines(file: string, dir: string, signal?: AbortSignal): Promise<TurnedLine[]> {
  const out = path.join(dir, 'turned.xml');
  const r = await runTool('mutool', ['draw', '-q', '-F', 'stext', '-o', out, file], { signal, timeoutMs: 300_000, allowFailure: true }).catch(() => null);
  return r?.exitCode === 0 ? parseTurnedLines(await readFile(out, 'utf8')) : [];
}

/** Whether most of a block's words are pieces of slanted letters (a word's centre near a slanted letter's). */
export function isSlantedPiece(b: PdfBlock, lines: TurnedLine[]): boolean {
  const near = lines.filter((l) => l.page === b.page);
  if (!near.length) return false;
  const words = (b.words ?? []).flat();
  if (!words.length) return false;
  const hit = words.filter((w) => {
    const cx = w.x + w.w / 2; const cy = w.y + w.h / 2;
    return near.some((l) => l.letters.some((c) => Math.hypot(c.cx - cx, c.cy - cy) < Math.max(w.w, w.h) / 2 + l.size * 0.2));
  });
  return hit.length / words.length >= 0.5;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The colour the reader sees on the letters (a watermark is often drawn see-through: its text colour is not
 * what shows): the most common colour of the text's pixels (where the original's render differs from the
 * render without text) around the letters' centres (a letter's fully covered pixels share one; its edges spread over many), so neither
 * edges nor another slanted line crossing its letters decide it.
 */
export function seenColour(r: Raster | undefined, bare: Raster | undefined, l: TurnedLine, all: TurnedLine[] = []): string {
  if (!r || !bare || bare.width !== r.width || bare.height !== r.height) return l.color;
  const rad = Math.max(1, Math.round(l.size * 0.3 * r.scale));
  // Pixels nearer another slanted line's letter than this line's are that line's.
  const others = all.filter((o) => o !== l && o.page === l.page).flatMap((o) => o.letters.map((c) => ({ ...c, reach: o.size * 0.45 })));
  const theirs = (x: number, y: number) => others.some((c) => Math.hypot(c.cx - x, c.cy - y) < c.reach);
  const inked: Array<[number, number, number]> = [];
  for (const c of l.letters) {
    for (let y = Math.round(c.cy * r.scale) - rad; y <= Math.round(c.cy * r.scale) + rad; y++) {
      for (let x = Math.round(c.cx * r.scale) - rad; x <= Math.round(c.cx * r.scale) + rad; x++) {
        if (x < 0 || y < 0 || x >= r.width || y >= r.height) continue;
        const i = (y * r.width + x) * 3;
        const p: [number, number, number] = [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
        const drawn = Math.abs(p[0] - bare.data[i]!) + Math.abs(p[1] - bare.data[i + 1]!) + Math.abs(p[2] - bare.data[i + 2]!) > 12;
        if (drawn && !theirs(x / r.scale, y / r.scale)) inked.push(p);
      }
    }
  }
  const buckets = new Map<string, Array<[number, number, number]>>();
  for (const p of inked) { const k = p.map((v) => v >> 4).join(); buckets.set(k, [...(buckets.get(k) ?? []), p]); }
  const most = [...buckets.values()].sort((a, b) => b.length - a.length)[0];
  if (!most) return l.color;
  const mean = [0, 1, 2].map((k) => Math.round(most.reduce((n, p) => n + p[k]!, 0) / most.length));
  return `#${mean.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The overlay's boxes of one page's slanted lines: each original letter at its place, turned as it was. */
export function turnedHtml(lines: TurnedLine[], page: number): string {
  return lines.filter((l) => l.page === page).flatMap((l) => l.letters.filter((c) => c.c.trim()).map((c) => `<div class="tl" style="left:${c.x.toFixed(2)}pt;top:${c.y.toFixed(2)}pt;`
    + `font-size:${l.size.toFixed(2)}pt;line-height:${l.height.toFixed(2)}pt;color:${l.color};transform:rotate(${l.angle.toFixed(3)}deg)">${esc(c.c)}</div>`)).join('');
}
