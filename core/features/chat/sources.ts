import type { Catalog } from '../../engines/catalog/types';
import type { Chunk } from '../../engines/search/types';
import type { Citation } from '../../foundation/types';
import { publicUrlForKey, videoKeys } from '../../engines/storage/layout';
import { citeRange, timeLink } from '../video/chunks';
import { canRenderPage, pageRenderUrl } from '../content/page-render';
import { viewerUrl } from '../content/viewer-url';
import { phrasesFor } from './phrases';

/** Source images shown under an answer (spec: at most 4). */
export const MAX_SOURCE_IMAGES = 4;

export function citationOf(chunk: Chunk): Citation {
  const c: Citation = {
    itemType: chunk.itemType, itemId: chunk.itemId, title: chunk.title, page: chunk.page, slide: chunk.slide,
    ...(chunk.translation ? { translation: { language: chunk.translation.language, filePath: chunk.translation.filePath } } : {}),
  };
  if (chunk.startSec !== undefined) {
    c.startSec = chunk.startSec;
    c.endSec = chunk.endSec ?? chunk.startSec;
    if (chunk.lowConfidence) c.lowConfidence = true;
  }
  return c;
}

const citationKey = (c: Citation) => `${c.itemType}:${c.itemId}:${c.page ?? ''}:${c.slide ?? ''}:${c.translation?.language ?? ''}:${c.startSec ?? ''}`;

/** "Title, page 3" in the reader's language. */
export function describeSource(c: Citation, lang: string): string {
  const p = phrasesFor(lang);
  if (c.startSec !== undefined) return `${citeRange(c.title, c.startSec, c.endSec ?? c.startSec)}${c.lowConfidence ? ` (${p.lowConfidence})` : ''}`;
  if (c.page != null) return `${c.title}, ${p.page} ${c.page}`;
  if (c.slide != null) return `${c.title}, ${p.slide} ${c.slide}`;
  return c.title;
}

/**
 * Renumbers the [n] markers of an answer so that [k] is `citations[k-1]`
 * (one citation per page/slide, in order of first mention; repeated markers
 * collapse) and returns the cited chunks in that order.
 */
export function numberCitations(text: string, numbered: Array<{ n: number; chunk: Chunk }>): { text: string; citations: Citation[]; chunks: Chunk[] } {
  const byN = new Map(numbered.map((x) => [x.n, x.chunk]));
  const order: number[] = [];
  for (const m of text.matchAll(/\[(\d+)\]/g)) {
    const n = Number(m[1]);
    if (byN.has(n) && !order.includes(n)) order.push(n);
  }
  for (const x of numbered) if (!order.includes(x.n)) order.push(x.n);
  const citations: Citation[] = [];
  const chunks: Chunk[] = [];
  const newNumber = new Map<number, number>();
  const quoted = quotedBefore(text);
  for (const n of order) {
    const c = citationOf(byN.get(n)!);
    c.viewerUrl = viewerUrl({ ...c, start: c.startSec }, quoted.get(n));
    let i = citations.findIndex((x) => citationKey(x) === citationKey(c));
    if (i < 0) {
      i = citations.push(c) - 1;
      chunks.push(byN.get(n)!);
    }
    newNumber.set(n, i + 1);
  }
  const out = text
    .replace(/\s*\[(\d+)\]/g, (m, d: string) => (newNumber.has(Number(d)) ? m.replace(d, String(newNumber.get(Number(d)))) : ''))
    .replace(/(\[\d+\])(?:\s*\1)+/g, '$1')
    .replace(/[ \t]+([.,;:!?])/g, '$1');
  return { text: out, citations, chunks };
}

/** What the answer says before each marker's first use (back to the previous marker): the words its viewer lights. */
function quotedBefore(text: string): Map<number, string> {
  const out = new Map<number, string>();
  let from = 0;
  for (const m of text.matchAll(/\[(\d+)\]/g)) {
    const said = text.slice(from, m.index).trim();
    const n = Number(m[1]);
    if (said && !out.has(n)) out.set(n, said);
    from = m.index! + m[0].length;
  }
  return out;
}

/** The "Sources: [1] Title, page 3; [2] ..." line for answers shown without the citation list (public chat). */
export function sourcesLine(citations: Citation[], lang: string): string {
  if (citations.length === 0) return '';
  return `${phrasesFor(lang).sources}: ${citations.map((c, i) => `[${i + 1}] ${describeSource(c, lang)}`).join('; ')}`;
}

/** A public path made absolute with PUBLIC_URL when it is set. */
export const absolute = (url: string, publicUrl?: string | null) =>
  publicUrl && url.startsWith('/') ? `${publicUrl.replace(/\/+$/, '')}${url}` : url;

const WEB_IMAGE = /\.(png|jpe?g|gif|webp)$/i;
/** A picture worth showing: not decoration repeated across pages, in a format browsers show. */
const meaningful = (img: { imageKey: string; decorative?: boolean } | undefined) => !!img && !img.decorative && WEB_IMAGE.test(img.imageKey);

/**
 * Images of one cited chunk, best first: its pictures, else a render of its page (cropped to the passage).
 * The pictures of a page or slide are asked by item and page (PostgreSQL: its index), never the whole collection.
 */
async function chunkImages(catalog: Catalog, ch: Chunk): Promise<string[]> {
  if (ch.itemType === 'document') {
    let pics = (await Promise.all(ch.imageIds.map((id) => catalog.botImages.get(id)))).filter(meaningful);
    if (pics.length === 0 && ch.page != null) pics = (await catalog.botImages.list({ where: { documentId: ch.itemId, page: ch.page } })).filter(meaningful);
    if (pics.length) return pics.map((i) => i!.image);
    // No picture on the cited page (text, or vector drawings): the page itself shows where the answer came from.
    if (ch.page != null && await canRenderPage(catalog, ch.itemId, ch.page)) return [pageRenderUrl(ch.itemId, ch.page, ch.ordinal)];
    return [];
  }
  if (ch.itemType === 'video') {
    // The frame taken at the cited time range.
    return ch.frameSec !== undefined ? [publicUrlForKey(videoKeys.frame(ch.itemId, ch.frameSec * 1000))] : [];
  }
  if (ch.itemType === 'presentation') {
    let imgs = (await Promise.all(ch.imageIds.map((id) => catalog.presentationImages.get(id)))).filter(meaningful);
    if (ch.slide != null) {
      const onSlide = (await catalog.presentationImages.list({ where: { presentationId: ch.itemId, slide: ch.slide } })).filter(meaningful);
      imgs = [...imgs, ...onSlide.filter((i) => !imgs.some((x) => x!.id === i.id))];
    }
    // The slide render shows the whole slide: it goes first.
    return imgs.sort((a, b) => Number(b!.kind === 'slide') - Number(a!.kind === 'slide')).map((i) => i!.image);
  }
  return [];
}

/**
 * Public URLs of the source images of an answer, at most MAX_SOURCE_IMAGES:
 * the best image of each cited chunk in citation order, then their other
 * images. Decoration (a logo repeated on every page) is never one; a cited
 * PDF page without a meaningful picture is shown as a render of the page,
 * cropped to the cited passage (made on first request, see
 * core/features/content/page-render.ts), so every URL returned can be fetched.
 */
export async function sourceImages(catalog: Catalog, chunks: Chunk[], publicUrl?: string | null): Promise<string[]> {
  const out: string[] = [];
  const lists = await Promise.all(chunks.map((ch) => chunkImages(catalog, ch)));
  for (let round = 0; out.length < MAX_SOURCE_IMAGES && lists.some((l) => l.length > round); round++) {
    for (const list of lists) {
      const url = list[round];
      if (url === undefined) continue;
      const abs = absolute(url, publicUrl);
      if (!out.includes(abs)) out.push(abs);
      if (out.length >= MAX_SOURCE_IMAGES) break;
    }
  }
  return out;
}

/** Links each cited video moment to the video at its start (`/uploads/videos/original_files/3_demo.mp4#t=12`). */
export async function linkVideoCitations(catalog: Catalog, citations: Citation[], publicUrl?: string | null): Promise<Citation[]> {
  for (const c of citations) {
    if (c.itemType !== 'video' || c.startSec === undefined) continue;
    const v = await catalog.videos.get(c.itemId);
    if (v) c.url = timeLink(absolute(v.originalFilePath, publicUrl), c.startSec);
  }
  return citations;
}
