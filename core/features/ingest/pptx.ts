/**
 * PPTX extraction: slide order from ppt/presentation.xml and its rels (not
 * file names), text from a:t runs, the title placeholder as heading,
 * speaker notes, embedded pictures from each slide's rels, and optional
 * thumbnails rendered by LibreOffice (PDF) + pdftoppm. The package is read
 * through the guarded ZIP reader (no zip bombs, no whole-file buffering);
 * its slides are read by pptx-slides.ts.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, isAppError } from '../../foundation/errors';
import { throwIfAborted } from '../../foundation/tools/exec';
import { officeConvert, renderPdfPages } from '../../foundation/tools/render';
import { markDecorations } from './decoration';
import { nothingSearchable } from './notice';
import { readSlides, type DeckContent } from './pptx-slides';
import { writeWithoutExternalLinks } from './strip-external';
import { ocrImages, usableOcrLanguages } from '../../foundation/tools/ocr';
import { fileLabel } from '../../formats/sniff';
import type { ExtractedSection, Extraction, ExtractOptions, SlideRender } from '../../formats/types';
import { openSafeZip, type ZipLimits } from '../../foundation/tools/zip-read';
import { message, type Message } from '../../foundation/messages';

export interface PptxOptions extends ExtractOptions {
  fileName?: string;
  zipLimits?: Partial<ZipLimits>;
  /** Render slide thumbnails with LibreOffice. Default true. */
  renderSlides?: boolean;
  /** Default 120 s. */
  renderTimeoutMs?: number;
  /** Thumbnail resolution. Default 60 dpi (a 16:9 slide is 600 x 338 px). */
  renderDpi?: number;
  /** Time budget for reading text inside images; 0 turns it off. Default 20 s. */
  imageOcrBudgetMs?: number;
}

export { drawsSomething } from './pptx-slides';

export async function extractPptx(file: string, opts: PptxOptions): Promise<Extraction> {
  const label = fileLabel('presentation', opts.fileName);
  throwIfAborted(opts.signal);
  const zip = await openSafeZip(file, { label, limits: opts.zipLimits });
  const warnings: Message[] = [];
  let deck: DeckContent;
  try {
    deck = await readSlides(zip, label, opts, warnings);
  } catch (e) {
    if (isAppError(e) || (e as Error).name === 'AbortError') throw e;
    throw new AppError('corrupt_file', `${label} is damaged and cannot be read (${(e as Error).message}).`, { cause: e });
  } finally {
    await zip.close();
  }

  const { slideCount, sections, hidden, drawn } = deck;
  dropSlideFurniture(sections);
  // A picture on many slides (a logo, a background) is kept once, as decoration.
  const images = await markDecorations(deck.images, { placeCount: slideCount, signal: opts.signal });
  for (const img of images) delete img.places;
  // Slides without text still show pictures or shapes (their renders): stored with a note, not failed.
  // Slides with nothing at all fail as an empty PDF or Word file does (one outcome for every empty file).
  if (sections.length === 0 && !drawn) {
    throw new AppError('validation', `${label} is empty: its slides have no text, pictures or shapes.`, { details: { reason: 'no_text' } });
  }
  const result: Extraction = { kind: 'pptx', slideCount, sections, images, warnings };
  if (sections.length === 0) result.notice = nothingSearchable('pptx');
  if (opts.renderSlides ?? true) {
    opts.onProgress?.(slideCount, slideCount, message('pptx_thumbnails'));
    result.slideRenders = await renderSlides(file, hidden, opts).catch((e: unknown) => {
      if ((e as Error).name === 'AbortError') throw e;
      // Thumbnails are a nicety: the text is what matters.
      warnings.push(message('warning.slide_thumbnails_failed', {}, `Slide thumbnails could not be made: ${(e as Error).message}`));
      return [];
    });
  }
  const budget = opts.imageOcrBudgetMs ?? 20_000;
  if (budget > 0 && images.length > 0) {
    const { langs } = await usableOcrLanguages(opts.ocrLanguages);
    const r = await ocrImages(images, langs, { signal: opts.signal, budgetMs: budget });
    if (r.skippedForTime) warnings.push(message('warning.image_text_time', { count: r.skippedForTime }));
  }
  return result;
}

/**
 * LibreOffice (private profile in the work folder) converts the deck to PDF,
 * pdftoppm renders each page. LibreOffice leaves hidden slides out of the
 * PDF, so pages map to the visible slides in order.
 */
export async function renderSlides(file: string, hidden: boolean[], opts: PptxOptions): Promise<SlideRender[]> {
  const dir = join(opts.workDir, 'slide-renders');
  await mkdir(dir, { recursive: true });
  const input = join(dir, 'deck.pptx');
  // LibreOffice fetches linked pictures while rendering: it gets a copy without external links.
  await writeWithoutExternalLinks(file, input, fileLabel('presentation', opts.fileName));
  const timeoutMs = opts.renderTimeoutMs ?? 120_000;
  await officeConvert([input], 'pdf', dir, join(opts.workDir, 'lo-profile'), { signal: opts.signal, timeoutMs, inputFile: file, confineTo: [opts.workDir] });
  const pdf = join(dir, 'deck.pdf');
  if (!(await readdir(dir)).includes('deck.pdf')) throw new Error('LibreOffice produced no PDF');
  await renderPdfPages(pdf, join(dir, 'slide'), { dpi: opts.renderDpi ?? 60, signal: opts.signal, timeoutMs, confineTo: [opts.workDir] });
  const pages = (await readdir(dir))
    .map((name) => ({ name, n: Number(/^slide-(\d+)\.png$/.exec(name)?.[1]) }))
    .filter((p) => Number.isInteger(p.n) && p.n > 0)
    .sort((a, b) => a.n - b.n);
  const visible = hidden.map((h, i) => (h ? 0 : i + 1)).filter((n) => n > 0);
  const slides = pages.length === hidden.length ? hidden.map((_, i) => i + 1) : pages.length === visible.length ? visible : undefined;
  if (!slides) throw new Error(`LibreOffice rendered ${pages.length} page(s) for ${hidden.length} slide(s)`);
  return pages.map((p, i) => ({ slide: slides[i] as number, path: join(dir, p.name) }));
}

/**
 * Slide furniture: a short line repeated on most slides (a footer, "Confidential",
 * the brand line) is kept on the first slide that has it and dropped from the
 * others, so it neither outranks a slide's own content nor fills every chunk.
 * Titles are the slide's own and stay, and a slide whose every line is
 * repeated (a deck showing one chart or table on each slide) keeps them: there
 * they are the slide's content, and dropping them would leave it unsearchable.
 */
export function dropSlideFurniture(sections: ExtractedSection[]): void {
  if (sections.length < 3) return;
  const key = (l: string) => l.trim().toLowerCase().replace(/\s+/g, ' ');
  const count = new Map<string, number>();
  for (const s of sections) for (const k of new Set(s.text.split('\n').map(key).filter(Boolean))) count.set(k, (count.get(k) ?? 0) + 1);
  const furniture = new Set([...count].filter(([k, n]) => n >= Math.max(3, sections.length * 0.5) && k.length <= 80).map(([k]) => k));
  if (furniture.size === 0) return;
  const kept = new Set<string>();
  for (const s of sections) {
    const title = s.heading ? key(s.heading) : null;
    const lines = s.text.split('\n');
    if (lines.every((l) => !key(l) || (furniture.has(key(l)) && key(l) !== title))) continue;
    s.text = lines.filter((l) => {
      const k = key(l);
      if (!furniture.has(k) || k === title) return true;
      if (kept.has(k)) return false;
      kept.add(k);
      return true;
    }).join('\n').trim();
  }
}
