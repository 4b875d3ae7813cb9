/**
 * The overlay of a translated PDF: an HTML document with one CSS page per
 * PDF page and one positioned box per text block, printed by headless
 * Chromium. A script in the page shrinks each box's text until it fits and
 * writes the pages where one does not into the document's title, which the
 * printed PDF keeps.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../../foundation/tools/exec';
import type { TranslationLanguage } from '../../foundation/types';
import { pieces } from '../../foundation/tools/inline-tags';
import { LANG_TAG, isRtl } from './ooxml';
import { linkUri, type LinkLook } from './pdf-annotations';
import type { PdfBlock, PdfPageInfo } from './pdf-blocks';
import type { BlockStyle } from './pdf-style';
import { turnedHtml, type TurnedLine } from './pdf-turned';

const FONTS: Record<string, string> = {
  hebrew: '"Noto Sans Hebrew", "Noto Sans"', arabic: '"Noto Sans Arabic", "Noto Sans"', chinese: '"Noto Sans CJK SC"',
  japanese: '"Noto Sans CJK JP"', korean: '"Noto Sans CJK KR"',
};
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** HTML of a translation whose link spans become anchors (other tags dropped, literals back as text). */
export function linkedHtml(text: string, links: Map<string, LinkLook>): string {
  return pieces(text).map((p) => {
    if (p.object || !p.text) return '';
    const id = [...p.spans].reverse().find((s) => links.has(s));
    const link = id ? links.get(id) : undefined;
    if (!link) return esc(p.text);
    const look = [link.color ? `color:${link.color}` : '', link.bold ? 'font-weight:700' : '', link.underline ? 'text-decoration:underline' : ''].filter(Boolean).join(';');
    const styled = look ? ' style="' + look + '"' : '';
    return `<a class="lk" href="${linkUri(link.index)}"${styled}>${esc(p.text)}</a>`;
  }).join('');
}

/** How a block is drawn: its translation, style and what is painted behind it. */
export interface PlacedBlock extends PdfBlock {
  translation: string;
  /**
   * The translation with its link spans (`<1>…</1>`) when the block carries
   * links: each span is drawn as an anchor to `https://link-N.invalid/` (N
   * from `links`), whose place Chromium writes into the overlay PDF as a
   * link annotation; the original link is moved there.
   */
  linked?: { text: string; links: Map<string, LinkLook> };
  style?: BlockStyle;
  /**
   * 'lines': the text was removed; each original line's place is painted in
   * the colour behind it (leftovers such as link underlines never cross the
   * new text), nothing else. 'block': the words are still visible (a scan,
   * an invisible OCR layer over one): the translation sits on a box in the
   * colour behind them. null: nothing painted.
   */
  cover?: 'lines' | 'block' | null;
  background?: string;
  /** Places painted in the colour behind them before the text is drawn (an underline left where a link's words were). */
  patches?: Array<{ x: number; y: number; w: number; h: number; color: string }>;
  /** A vertical label reads bottom to top ('up', the common way) or top to bottom ('down'). */
  turn?: 'up' | 'down';
  /** A line placed on its own may run on this far (points) past its end (after it in the target's direction) before it shrinks. */
  room?: number;
}

/** The inline CSS of a block's style (colour, weight, slant; a serif face unless the text reads right to left). */
function looksOf(st: BlockStyle | undefined, target: TranslationLanguage, serifFamily: string): string {
  if (!st) return '';
  const serif = st.serif && !isRtl(target) ? ';font-family:' + serifFamily.replace(/"/g, "'") : '';
  return `;color:${st.color}${st.bold ? ';font-weight:700' : ''}${st.italic ? ';font-style:italic' : ''}${serif}`;
}

/** One block's HTML: the patches painted under it, then its box (a code listing: a box per line, never reflowed). */
function blockHtml(b: PlacedBlock, rtl: boolean, looks: string): string {
  // Where the text was removed nothing is painted (rules and boxes under it stay), only a link's leftover underline.
  const under = (b.patches ?? []).map((q) => `<div class="bg" style="left:${q.x.toFixed(2)}pt;top:${q.y.toFixed(2)}pt;width:${q.w.toFixed(2)}pt;height:${q.h.toFixed(2)}pt;background:${q.color}"></div>`).join('');
  // A code listing is drawn as it was, line by line at each line's place (never reflowed).
  if (b.keep === 'code' && b.lines?.length) {
    return under + b.lines.map((l) => `<div class="b code" style="left:${l.x.toFixed(2)}pt;top:${l.y.toFixed(2)}pt;font-size:${Math.max(4, l.h * 0.8).toFixed(2)}pt${looks}">${esc(l.text)}</div>`).join('');
  }
  // Words still visible (a scan, an invisible OCR layer over one) are covered by a box a little larger than they are.
  const boxed = b.ocr || b.cover === 'block';
  const pad = boxed ? b.size * 0.3 : 0;
  // A line is as long as its box is wide (tall, for a vertical label) plus a little; across it, a line's height.
  // A line placed on its own gets no more than its length: what follows it on the page (a "yes" box, a column) stays clear.
  const room = b.single && !b.vertical ? b.room ?? 0 : 0;
  const [w, h] = b.vertical ? [b.w + b.size * 0.35, b.h + 1] : [b.single ? b.w + 1 + room : b.w * 1.03 + 1, b.h + b.size * 0.35];
  const cover = boxed ? ';background:' + (b.background ?? '#fff') + ';padding:' + pad.toFixed(2) + 'pt;box-sizing:border-box' : '';
  const style = `left:${(b.x - pad - (rtl ? room : 0)).toFixed(2)}pt;top:${(b.y - pad).toFixed(2)}pt;width:${(w + 2 * pad).toFixed(2)}pt;`
    + `height:${(h + 2 * pad).toFixed(2)}pt;font-size:${b.size.toFixed(2)}pt${cover}${looks}`;
  const kind = b.vertical ? ` one vt${b.turn === 'down' ? '' : ' up'}` : b.single ? ' one' : '';
  return `${under}<div class="b${kind}" style="${style}">${b.linked ? linkedHtml(b.linked.text, b.linked.links) : esc(b.translation)}</div>`;
}

/** The overlay's style sheet: the blocks' faces and direction, then a named CSS page per PDF page. */
function styleSheet(pages: PdfPageInfo[], family: string, rtl: boolean): string {
  const css = pages.map((p, i) => `@page p${i + 1} { size: ${p.width}pt ${p.height}pt; margin: 0 }
.pg${i + 1} { page: p${i + 1}; width: ${p.width}pt; height: ${p.height}pt }`).join('\n');
  return `html, body { margin: 0; padding: 0 }
.pg { position: relative; overflow: hidden; break-after: page }
.pg:last-child { break-after: auto }
.b { position: absolute; font-family: ${family}; line-height: 1.12; color: #111; white-space: normal; overflow-wrap: normal; word-break: normal;
  hyphens: manual; text-align: ${rtl ? 'right' : 'left'}; direction: ${rtl ? 'rtl' : 'ltr'}; overflow: hidden }
.b.one { white-space: nowrap }
.b.vt { writing-mode: vertical-rl; text-align: left }
.b.vt.up { transform: rotate(180deg) }
.bg { position: absolute }
.tl { position: absolute; white-space: pre; direction: ltr; transform-origin: 0 0; mix-blend-mode: multiply; font-family: "Liberation Sans", Arial, "Noto Sans", sans-serif }
a.lk { color: inherit; text-decoration: none }
.b.code { font-family: "DejaVu Sans Mono", "Noto Sans Mono", monospace; white-space: pre; direction: ltr; text-align: left; overflow: visible; line-height: 1 }
${css}`;
}

/** The script that shrinks each block's text until it fits (never below `minFontPt`) and titles the page with the pages where one did not. */
function fitScript(minFontPt: number): string {
  return `<script>
const over = [];
document.querySelectorAll('.pg').forEach((pg, i) => pg.querySelectorAll('.b:not(.code)').forEach((b) => {
  let s = parseFloat(b.style.fontSize);
  // Words are never broken: a line or word too long for its box makes the text smaller.
  const overflows = () => b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1;
  while (overflows() && s > ${minFontPt}) { s = Math.max(${minFontPt}, s * 0.92); b.style.fontSize = s + 'pt'; }
  if (overflows()) { over.push(i + 1); b.style.overflow = 'visible'; }
}));
document.title = 'fit:' + JSON.stringify(over);
</script>`;
}

/** The overlay document: one CSS page per PDF page, one positioned box per block. */
export function overlayHtml(pages: PdfPageInfo[], blocks: PlacedBlock[], target: TranslationLanguage, minFontPt: number, turned: TurnedLine[] = []): string {
  const rtl = isRtl(target);
  const family = `${FONTS[target] ?? '"Noto Sans"'}, "Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic", "Noto Sans CJK SC", sans-serif`;
  const serifFamily = `"Noto Serif", "DejaVu Serif", ${family}`;
  const body = pages.map((_, i) => {
    const boxes = blocks.filter((b) => b.page === i + 1).map((b) => blockHtml(b, rtl, looksOf(b.style, target, serifFamily))).join('');
    return `<div class="pg pg${i + 1}">${boxes}${turnedHtml(turned, i + 1)}</div>`;
  }).join('\n');
  const head = `<!doctype html><html lang="${LANG_TAG[target] ?? 'en'}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>-</title>`;
  return `${head}<style>\n${styleSheet(pages, family, rtl)}\n</style></head><body>\n${body}\n${fitScript(minFontPt)}</body></html>`;
}

/** Prints the overlay with Chromium: the PDF and the pages where a block overflowed even at the smallest size. */
export async function printHtml(chromium: string, html: string, dir: string, signal?: AbortSignal): Promise<{ pdf: Buffer; overflow: number[] }> {
  const page = path.join(dir, 'overlay.html');
  const out = path.join(dir, 'overlay.pdf');
  await writeFile(page, html, 'utf8');
  await runTool(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-pdf-header-footer', `--user-data-dir=${path.join(dir, 'profile')}`,
    `--print-to-pdf=${out}`, `file://${page}`,
  ], { signal, timeoutMs: 180_000 });
  const info = await runTool('pdfinfo', [out], { signal, timeoutMs: 30_000 });
  const title = /Title:\s*fit:(\[.*\])/.exec(info.stdout.toString('utf8'))?.[1] ?? '[]';
  return { pdf: await readFile(out), overflow: [...new Set(JSON.parse(title) as number[])] };
}
