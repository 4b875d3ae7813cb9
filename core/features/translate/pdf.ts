/**
 * PDF translation: the original page content is kept (images, drawings,
 * page count) with its text removed by Ghostscript (`-dFILTERTEXT`), and
 * the translated text is laid over it at each text block's position. The
 * overlay is an HTML page per PDF page printed by headless Chromium, which
 * shapes Hebrew/Arabic, orders bidirectional text and falls back to Noto
 * CJK fonts; each block shrinks until it fits its box. pdf-lib then draws
 * each overlay page onto its original page. A block that does not fit even
 * at the smallest size is reported with its page (never silently dropped).
 * Scanned pages are read by OCR and their translated text is painted on a
 * white box over the original words.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef } from 'pdf-lib';
import { AppError } from '../../foundation/errors';
import { runTool } from '../../foundation/tools/exec';
import type { TranslationLanguage } from '../../foundation/types';
import { LANG_TAG, isRtl } from './ooxml';
import { linkTaggedText, ocrPageBlocks, pagesWithImages, readPdfBlocks, type PdfBlock, type PdfPageInfo } from './pdf-blocks';
import { escapeLiterals, pieces, stripTags, tagProblem } from '../../foundation/tools/inline-tags';
import { DEFAULT_STYLE, backgroundAround, changedShare, contrast, luminance, readPdfChars, renderRasters, styleIn, turnOf, type BlockStyle } from './pdf-style';
import type { FileSegment, TranslatableFile, TranslationWarning } from './types';
import { roomAfter } from './pdf-room';
import { linkAnnotations, linkLook, linkUri, movedLinks, outlineItems, placeLink, widgetBoxes, type LinkLook, type OutlineItem } from './pdf-annotations';
import { cropFrame, displaySize, mediaFrame, placement, rectFromDisplayPdf } from './pdf-page-frame';
import { warningOf } from '../../foundation/messages';
import { carryForms } from './pdf-forms';
import { isSlantedPiece, readTurnedLines, seenColour, turnedHtml, type TurnedLine } from './pdf-turned';

export { outlineItems } from './pdf-annotations';
export type { LinkLook } from './pdf-annotations';

export interface PdfOptions {
  source: TranslationLanguage;
  signal?: AbortSignal;
  /** Read scanned pages with OCR. Default true. */
  ocr?: boolean;
  /** At most this many scanned pages are read. Default 50. */
  maxOcrPages?: number;
  chromium?: string;
  /** Smallest font size a block may shrink to (pt). Default 5. */
  minFontPt?: number;
}

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
    const look = link ? [link.color ? `color:${link.color}` : '', link.bold ? 'font-weight:700' : '', link.underline ? 'text-decoration:underline' : ''].filter(Boolean).join(';') : '';
    return link ? `<a class="lk" href="${linkUri(link.index)}"${look ? ` style="${look}"` : ''}>${esc(p.text)}</a>` : esc(p.text);
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

/** The overlay document: one CSS page per PDF page, one positioned box per block. */
export function overlayHtml(pages: PdfPageInfo[], blocks: PlacedBlock[], target: TranslationLanguage, minFontPt: number, turned: TurnedLine[] = []): string {
  const rtl = isRtl(target);
  const family = `${FONTS[target] ?? '"Noto Sans"'}, "Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic", "Noto Sans CJK SC", sans-serif`;
  const serifFamily = `"Noto Serif", "DejaVu Serif", ${family}`;
  const css = pages.map((p, i) => `@page p${i + 1} { size: ${p.width}pt ${p.height}pt; margin: 0 }
.pg${i + 1} { page: p${i + 1}; width: ${p.width}pt; height: ${p.height}pt }`).join('\n');
  const looks = (st: BlockStyle | undefined) => (st
    ? `;color:${st.color}${st.bold ? ';font-weight:700' : ''}${st.italic ? ';font-style:italic' : ''}${st.serif && !isRtl(target) ? `;font-family:${serifFamily.replace(/"/g, "'")}` : ''}`
    : '');
  const body = pages.map((_, i) => {
    const boxes = blocks.filter((b) => b.page === i + 1).map((b) => {
      // Where the text was removed nothing is painted (rules and boxes under it stay), only a link's leftover underline.
      const under = (b.patches ?? []).map((q) => `<div class="bg" style="left:${q.x.toFixed(2)}pt;top:${q.y.toFixed(2)}pt;width:${q.w.toFixed(2)}pt;height:${q.h.toFixed(2)}pt;background:${q.color}"></div>`).join('');
      // A code listing is drawn as it was, line by line at each line's place (never reflowed).
      if (b.keep === 'code' && b.lines?.length) {
        return under + b.lines.map((l) => `<div class="b code" style="left:${l.x.toFixed(2)}pt;top:${l.y.toFixed(2)}pt;font-size:${Math.max(4, l.h * 0.8).toFixed(2)}pt${looks(b.style)}">${esc(l.text)}</div>`).join('');
      }
      // Words still visible (a scan, an invisible OCR layer over one) are covered by a box a little larger than they are.
      const boxed = b.ocr || b.cover === 'block';
      const pad = boxed ? b.size * 0.3 : 0;
      // A line is as long as its box is wide (tall, for a vertical label) plus a little; across it, a line's height.
      // A line placed on its own gets no more than its length: what follows it on the page (a "yes" box, a column) stays clear.
      const room = b.single && !b.vertical ? b.room ?? 0 : 0;
      const [w, h] = b.vertical ? [b.w + b.size * 0.35, b.h + 1] : [b.single ? b.w + 1 + room : b.w * 1.03 + 1, b.h + b.size * 0.35];
      const style = `left:${(b.x - pad - (rtl ? room : 0)).toFixed(2)}pt;top:${(b.y - pad).toFixed(2)}pt;width:${(w + 2 * pad).toFixed(2)}pt;`
        + `height:${(h + 2 * pad).toFixed(2)}pt;font-size:${b.size.toFixed(2)}pt${boxed ? `;background:${b.background ?? '#fff'};padding:${pad.toFixed(2)}pt;box-sizing:border-box` : ''}${looks(b.style)}`;
      const kind = b.vertical ? ` one vt${b.turn === 'down' ? '' : ' up'}` : b.single ? ' one' : '';
      return `${under}<div class="b${kind}" style="${style}">${b.linked ? linkedHtml(b.linked.text, b.linked.links) : esc(b.translation)}</div>`;
    }).join('');
    return `<div class="pg pg${i + 1}">${boxes}${turnedHtml(turned, i + 1)}</div>`;
  }).join('\n');
  return `<!doctype html><html lang="${LANG_TAG[target] ?? 'en'}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>-</title><style>
html, body { margin: 0; padding: 0 }
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
${css}
</style></head><body>
${body}
<script>
const over = [];
document.querySelectorAll('.pg').forEach((pg, i) => pg.querySelectorAll('.b:not(.code)').forEach((b) => {
  let s = parseFloat(b.style.fontSize);
  // Words are never broken: a line or word too long for its box makes the text smaller.
  const overflows = () => b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1;
  while (overflows() && s > ${minFontPt}) { s = Math.max(${minFontPt}, s * 0.92); b.style.fontSize = s + 'pt'; }
  if (overflows()) { over.push(i + 1); b.style.overflow = 'visible'; }
}));
document.title = 'fit:' + JSON.stringify(over);
</script></body></html>`;
}

async function printHtml(chromium: string, html: string, dir: string, signal?: AbortSignal): Promise<{ pdf: Buffer; overflow: number[] }> {
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

export async function openPdf(file: string, o: PdfOptions): Promise<TranslatableFile> {
  const { pages, blocks, context } = await readPdfBlocks(file, o.signal);
  if (pages.length === 0) throw new AppError('corrupt_file', `The PDF "${path.basename(file)}" has no pages that can be read.`);
  // Slanted text (a diagonal watermark) is kept as it was: its upright pieces are no segments (./pdf-turned.ts).
  const turned = await withTempDir((d) => readTurnedLines(file, d, o.signal));
  for (let i = blocks.length - 1; i >= 0; i--) if (isSlantedPiece(blocks[i]!, turned)) blocks.splice(i, 1);
  const warnings: TranslationWarning[] = [];
  if (o.ocr !== false) {
    const withText = new Set(blocks.map((b) => b.page));
    const scanned = [...await pagesWithImages(file, o.signal)].filter((p) => !withText.has(p) && p <= pages.length);
    for (const [i, page] of scanned.entries()) {
      if (i >= (o.maxOcrPages ?? 50)) { warnings.push(warningOf(page, 'warning.ocr_limit')); continue; }
      blocks.push(...await ocrPageBlocks(file, page, o.source, o.signal));
    }
  }
  blocks.sort((a, b) => a.page - b.page);
  // A block whose words carry links: its segment marks each link's words as a span (tag id -> link).
  const tagged = new Map<PdfBlock, { text: string; links: Map<string, number> }>();
  const segmentsOf = (): FileSegment[] => blocks.map((b, i) => ({ id: String(i + 1), text: tagged.get(b)?.text ?? escapeLiterals(b.text), unit: b.page, ...(b.keep ? { keep: b.keep } : {}) }));
  // Bookmarks (the outline) are kept and their titles translated.
  // The original as pdf-lib reads it, kept as the output document; null when pdf-lib cannot (its page tree is broken).
  let original = await PDFDocument.load(await readFile(file), { updateMetadata: false, ignoreEncryption: true }).catch(() => null);
  let outline: OutlineItem[] = [];
  try {
    if (original && (original.isEncrypted || original.getPageCount() !== pages.length)) original = null;
    outline = original ? outlineItems(original) : [];
    // poppler reports a turned page's size unturned (its words are turned): the overlay page is the page as shown.
    if (original) original.getPages().forEach((p, i) => { pages[i] = displaySize(cropFrame(p)); });
  } catch {
    original = null;
  }
  // Text a form field's widget draws (its value, a signature) is the field's, kept by the widget: not page text to translate.
  if (original) {
    const widgets = widgetBoxes(original);
    for (let i = blocks.length - 1; i >= 0; i--) {
      const b = blocks[i]!;
      const cx = b.x + b.w / 2; const cy = b.y + b.h / 2;
      if (widgets.some((w) => w.page === b.page && cx >= w.x0 && cx <= w.x1 && cy >= w.y0 && cy <= w.y1)) blocks.splice(i, 1);
    }
  }
  const links = original ? linkAnnotations(original) : [];
  for (const b of blocks) {
    if (b.ocr || b.keep) continue;
    const own = new Map<number, string>();
    const text = linkTaggedText(b, (w) => {
      const cx = w.x + w.w / 2; const cy = w.y + w.h / 2;
      const k = links.findIndex((l) => l.page === b.page && cx >= l.x0 - 1 && cx <= l.x1 + 1 && cy >= l.y0 - 1 && cy <= l.y1 + 1);
      if (k < 0) return null;
      if (!own.has(k)) own.set(k, String(own.size + 1));
      return own.get(k)!;
    }, context);
    if (text) tagged.set(b, { text, links: new Map([...own].map(([k, id]) => [id, k])) });
  }
  const segments = segmentsOf();
  outline.forEach((item, i) => { if (/\p{L}/u.test(item.title)) segments.push({ id: `outline-${i + 1}`, text: escapeLiterals(item.title), unit: 1 }); });
  const minFontPt = o.minFontPt ?? 5;

  return {
    format: 'pdf',
    units: pages.length,
    segments,
    async write(translations, out, { target, signal }) {
      const dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-tr-'));
      try {
        const noText = path.join(dir, 'notext.pdf');
        // Annotations (form fields' boxes, stamps) stay the kept original's: drawn into its content too, they would show twice.
        await runTool('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dFILTERTEXT', '-dAutoRotatePages=/None',
          ...(original ? ['-dShowAnnots=false'] : []), `-sOutputFile=${noText}`, file], { signal, timeoutMs: 300_000 });
        // How each block looks (MuPDF's characters) and what is behind it (the page rendered with and without its text).
        const [chars, before, after] = await Promise.all([
          readPdfChars(file, dir, signal), renderRasters(file, dir, 'o', 36, { signal }), renderRasters(file, dir, 'n', 36, { noText: true, signal }),
        ]);
        const hidden = new Set<number>();
        const placed: PlacedBlock[] = blocks.map((b, i) => {
          const raw = translations.get(String(i + 1)) ?? tagged.get(b)?.text ?? b.text;
          const translation = stripTags(raw);
          const tags = tagged.get(b);
          // Each link's words keep the colour, weight and underline they had (a blue underlined link in black text stays so);
          // the old underline is painted over with the line it was under.
          const linked = tags && tagProblem(tags.text, raw) === null
            ? { text: raw, links: new Map([...tags.links].map(([id, k]) => [id, linkLook(chars, links[k]!, b, k, after[b.page - 1])])) }
            : undefined;
          const withLinks = <T extends PdfBlock & { translation: string }>(x: T): T & Pick<PlacedBlock, 'linked'> => (linked ? { ...x, linked } : x);
          const o1 = before[b.page - 1];
          const n1 = after[b.page - 1];
          if (!o1 || !n1) return withLinks({ ...b, translation, style: b.ocr ? undefined : styleIn(chars, b.page, b) });
          const background = backgroundAround(n1, b);
          // Removing the text changed nothing here: it was invisible (an OCR layer over a scan) or could not be removed.
          const invisible = !b.ocr && changedShare(o1, n1, b) < 0.002;
          if (invisible) hidden.add(b.page);
          const cover = b.ocr || invisible ? 'block' as const : 'lines' as const;
          let style = b.ocr || invisible ? { ...DEFAULT_STYLE } : styleIn(chars, b.page, b);
          // Text that would not read on what is behind it (an invisible layer's colour, a wrong guess) takes black or white.
          if (contrast(style.color, background) < 2.2) style = { ...style, color: luminance(background) > 0.35 ? '#111111' : '#ffffff' };
          // A link's underline, left on the page where its words were, is painted over (it would underline other words).
          const patches = linked && cover === 'lines' ? [...linked.links.values()].filter((l) => l.underline).map((l) => {
            const r = links[l.index]!;
            const box = { x: r.x0 - 0.5, y: r.y0, w: r.x1 - r.x0 + 1, h: r.y1 - r.y0 + 2 };
            return { ...box, color: backgroundAround(n1, box) };
          }) : [];
          return withLinks({ ...b, translation, style, cover, background, patches, ...(b.vertical ? { turn: turnOf(chars, b) } : {}) });
        });
        // A line placed on its own runs on into the free room after it rather than shrinking.
        for (const p of placed) {
          if (p.single && !p.vertical && p.cover === 'lines') p.room = roomAfter(p, isRtl(target) ? 'left' : 'right', placed, pages[p.page - 1]!, after[p.page - 1]);
        }
        const filtered = await PDFDocument.load(await readFile(noText), { updateMetadata: false });
        // Rebuilt from the text-free copy (the original unreadable to pdf-lib), a page is as Ghostscript wrote it: turned already.
        const shown = original || filtered.getPageCount() !== pages.length ? pages : filtered.getPages().map((p) => displaySize(cropFrame(p)));
        const overlay = await printHtml(o.chromium ?? '/usr/bin/chromium', overlayHtml(shown, placed, target, minFontPt, turned.map((l) => ({ ...l, color: seenColour(before[l.page - 1], after[l.page - 1], l, turned) }))), dir, signal);
        const layer = await PDFDocument.load(overlay.pdf);
        if (filtered.getPageCount() !== pages.length || layer.getPageCount() !== pages.length) {
          throw new AppError('internal', `The translated PDF came out with ${layer.getPageCount()} overlay pages and ${filtered.getPageCount()} base pages for ${pages.length} pages.`);
        }
        // The original stays the document (form fields, bookmarks, links, tags): only its pages' drawing is replaced
        // by the text-free drawing. A file pdf-lib cannot edit in place is rebuilt from the text-free copy.
        let doc = filtered;
        if (original) {
          doc = await replacePageContents(original, filtered).then(() => original, () => filtered);
        }
        const embedded = await doc.embedPdf(layer, layer.getPageIndices());
        const out2 = [...warnings];
        for (const p of hidden) out2.push(warningOf(p, 'warning.hidden_text_layer'));
        for (const p of new Set(turned.map((l) => l.page))) out2.push(warningOf(p, 'warning.slanted_text_kept'));
        // The overlay is drawn in the page as the reader sees it: its crop box, upright, turned back by the page's /Rotate.
        doc.getPages().forEach((page, i) => {
          if (placed.some((b) => b.page === i + 1) || turned.some((l) => l.page === i + 1)) page.drawPage(embedded[i]!, placement(cropFrame(page)));
        });
        if (doc === original) {
          const moved = movedLinks(layer);
          doc.getPages().forEach((page, i) => {
            const frame = cropFrame(page);
            const shown = displaySize(frame);
            const { width: lw, height: lh } = layer.getPage(i).getSize();
            for (const [k, rects] of moved.get(i + 1) ?? []) {
              const link = links[k];
              if (link?.page === i + 1) placeLink(link.dict, rects.map((r) => rectFromDisplayPdf(frame, {
                x0: r.x0 * shown.width / lw, x1: r.x1 * shown.width / lw, y0: r.y0 * shown.height / lh, y1: r.y1 * shown.height / lh,
              })));
            }
          });
          outline.forEach((item, i) => {
            const t = translations.get(`outline-${i + 1}`);
            if (t !== undefined) item.dict.set(PDFName.of('Title'), PDFHexString.fromText(stripTags(t)));
          });
        }
        // An XFA form and signatures cannot carry over (./pdf-forms.ts): removed, with a warning each.
        out2.push(...await carryForms(doc, file));
        doc.setLanguage(LANG_TAG[target] ?? 'en-US');
        await writeFile(out, await doc.save());
        for (const p of overlay.overflow) {
          out2.push(warningOf(p, 'warning.block_overflow', { size: minFontPt }));
        }
        return out2;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

const withTempDir = async <T>(f: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-turned-'));
  try { return await f(dir); } finally { await rm(dir, { recursive: true, force: true }); }
};

/** Each page of `doc` draws the same page of `drawing` instead of its own content (everything else of the page stays). */
async function replacePageContents(doc: PDFDocument, drawing: PDFDocument): Promise<void> {
  const base = await doc.embedPdf(drawing, drawing.getPageIndices());
  doc.getPages().forEach((page, i) => {
    const old = page.node.get(PDFName.of('Contents'));
    const refs = old instanceof PDFRef ? [old] : old instanceof PDFArray ? old.asArray().filter((r): r is PDFRef => r instanceof PDFRef) : [];
    page.node.set(PDFName.of('Contents'), doc.context.obj([]));
    for (const r of refs) doc.context.delete(r);
    // A free-text note's words are page text to the reader (and were translated with it): the note itself goes.
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (annots instanceof PDFArray) {
      const keep = annots.asArray().filter((a) => {
        const d = a instanceof PDFRef ? doc.context.lookup(a) : a;
        return !(d instanceof PDFDict && d.lookup(PDFName.of('Subtype')) === PDFName.of('FreeText'));
      });
      page.node.set(PDFName.of('Annots'), doc.context.obj(keep));
    }
    // Ghostscript moved the MediaBox to 0,0 and turned the drawing as the page is shown: put back where the page has it.
    page.drawPage(base[i]!, placement(mediaFrame(page)));
  });
}
