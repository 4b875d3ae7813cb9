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
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../errors';
import { runTool } from '../tools/exec';
import type { TranslationLanguage } from '../types';
import { LANG_TAG, isRtl } from './ooxml';
import { ocrPageBlocks, pagesWithImages, readPdfBlocks, type PdfBlock, type PdfPageInfo } from './pdf-blocks';
import { escapeLiterals, stripTags } from '../tools/inline-tags';
import type { FileSegment, TranslatableFile, TranslationWarning } from './types';

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

/** The overlay document: one CSS page per PDF page, one positioned box per block. */
export function overlayHtml(pages: PdfPageInfo[], blocks: Array<PdfBlock & { translation: string }>, target: TranslationLanguage, minFontPt: number): string {
  const rtl = isRtl(target);
  const family = `${FONTS[target] ?? '"Noto Sans"'}, "Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic", "Noto Sans CJK SC", sans-serif`;
  const css = pages.map((p, i) => `@page p${i + 1} { size: ${p.width}pt ${p.height}pt; margin: 0 }
.pg${i + 1} { page: p${i + 1}; width: ${p.width}pt; height: ${p.height}pt }`).join('\n');
  const body = pages.map((_, i) => {
    const boxes = blocks.filter((b) => b.page === i + 1).map((b) => {
      // A code listing is drawn as it was, line by line at each line's place (never reflowed).
      if (b.keep === 'code' && b.lines?.length) {
        return b.lines.map((l) => `<div class="b code" style="left:${l.x.toFixed(2)}pt;top:${l.y.toFixed(2)}pt;font-size:${Math.max(4, l.h * 0.8).toFixed(2)}pt">${esc(l.text)}</div>`).join('');
      }
      // Scanned words are covered by a white box a little larger than the words.
      const pad = b.ocr ? b.size * 0.3 : 0;
      const style = `left:${(b.x - pad).toFixed(2)}pt;top:${(b.y - pad).toFixed(2)}pt;width:${(b.w * 1.03 + 1 + 2 * pad).toFixed(2)}pt;`
        + `height:${(b.h + b.size * 0.35 + 2 * pad).toFixed(2)}pt;font-size:${b.size.toFixed(2)}pt${b.ocr ? `;background:#fff;padding:${pad.toFixed(2)}pt;box-sizing:border-box` : ''}`;
      return `<div class="b" style="${style}">${esc(b.translation)}</div>`;
    }).join('');
    return `<div class="pg pg${i + 1}">${boxes}</div>`;
  }).join('\n');
  return `<!doctype html><html lang="${LANG_TAG[target] ?? 'en'}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>-</title><style>
html, body { margin: 0; padding: 0 }
.pg { position: relative; overflow: hidden; break-after: page }
.pg:last-child { break-after: auto }
.b { position: absolute; font-family: ${family}; line-height: 1.12; color: #111; white-space: normal; overflow-wrap: anywhere;
  text-align: ${rtl ? 'right' : 'left'}; direction: ${rtl ? 'rtl' : 'ltr'}; overflow: hidden }
.b.code { font-family: "DejaVu Sans Mono", "Noto Sans Mono", monospace; white-space: pre; direction: ltr; text-align: left; overflow: visible; line-height: 1 }
${css}
</style></head><body>
${body}
<script>
const over = [];
document.querySelectorAll('.pg').forEach((pg, i) => pg.querySelectorAll('.b:not(.code)').forEach((b) => {
  let s = parseFloat(b.style.fontSize);
  while (b.scrollHeight > b.clientHeight + 1 && s > ${minFontPt}) { s = Math.max(${minFontPt}, s * 0.92); b.style.fontSize = s + 'pt'; }
  if (b.scrollHeight > b.clientHeight + 1) { over.push(i + 1); b.style.overflow = 'visible'; }
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
  const { pages, blocks } = await readPdfBlocks(file, o.signal);
  if (pages.length === 0) throw new AppError('corrupt_file', `The PDF "${path.basename(file)}" has no pages that can be read.`);
  const warnings: TranslationWarning[] = [];
  if (o.ocr !== false) {
    const withText = new Set(blocks.map((b) => b.page));
    const scanned = [...await pagesWithImages(file, o.signal)].filter((p) => !withText.has(p) && p <= pages.length);
    for (const [i, page] of scanned.entries()) {
      if (i >= (o.maxOcrPages ?? 50)) { warnings.push({ unit: page, message: 'scanned page not read: the OCR page limit was reached' }); continue; }
      blocks.push(...await ocrPageBlocks(file, page, o.source, o.signal));
    }
  }
  blocks.sort((a, b) => a.page - b.page);
  const segments: FileSegment[] = blocks.map((b, i) => ({ id: String(i + 1), text: escapeLiterals(b.text), unit: b.page, ...(b.keep ? { keep: b.keep } : {}) }));
  const minFontPt = o.minFontPt ?? 5;

  return {
    format: 'pdf',
    units: pages.length,
    segments,
    async write(translations, out, { target, signal }) {
      const dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-tr-'));
      try {
        const noText = path.join(dir, 'notext.pdf');
        await runTool('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dFILTERTEXT', '-dAutoRotatePages=/None',
          `-sOutputFile=${noText}`, file], { signal, timeoutMs: 300_000 });
        const placed = blocks.map((b, i) => ({ ...b, translation: stripTags(translations.get(String(i + 1)) ?? b.text) }));
        const overlay = await printHtml(o.chromium ?? '/usr/bin/chromium', overlayHtml(pages, placed, target, minFontPt), dir, signal);
        const doc = await PDFDocument.load(await readFile(noText), { updateMetadata: false });
        const layer = await PDFDocument.load(overlay.pdf);
        if (doc.getPageCount() !== pages.length || layer.getPageCount() !== pages.length) {
          throw new AppError('internal', `The translated PDF came out with ${layer.getPageCount()} overlay pages and ${doc.getPageCount()} base pages for ${pages.length} pages.`);
        }
        const embedded = await doc.embedPdf(layer, layer.getPageIndices());
        const out2 = [...warnings];
        doc.getPages().forEach((page, i) => {
          if (!placed.some((b) => b.page === i + 1)) return;
          const rotation = page.getRotation().angle % 360;
          if (rotation) out2.push({ unit: i + 1, message: `page is rotated ${rotation}°: its translated text was placed upright` });
          const crop = page.getCropBox();
          page.drawPage(embedded[i]!, { x: crop.x, y: crop.y, width: crop.width, height: crop.height });
        });
        doc.setLanguage(LANG_TAG[target] ?? 'en-US');
        await writeFile(out, await doc.save());
        for (const p of overlay.overflow) {
          out2.push({ unit: p, message: `a text block did not fit its place even at ${minFontPt} pt and runs past its box` });
        }
        return out2;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
