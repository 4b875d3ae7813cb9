import type { Catalog } from '../catalog/types';
import type { Chunk } from '../search/types';
import type { Citation } from '../types';
import { phrasesFor } from './phrases';

/** Source images shown under an answer (spec: at most 4). */
export const MAX_SOURCE_IMAGES = 4;

export function citationOf(chunk: Chunk): Citation {
  return {
    itemType: chunk.itemType, itemId: chunk.itemId, title: chunk.title, page: chunk.page, slide: chunk.slide,
    ...(chunk.translation ? { translation: { language: chunk.translation.language, filePath: chunk.translation.filePath } } : {}),
  };
}

const citationKey = (c: Citation) => `${c.itemType}:${c.itemId}:${c.page ?? ''}:${c.slide ?? ''}:${c.translation?.language ?? ''}`;

/** "Title, page 3" in the reader's language. */
export function describeSource(c: Citation, lang: string): string {
  const p = phrasesFor(lang);
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
  for (const n of order) {
    const c = citationOf(byN.get(n)!);
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

/** The "Sources: [1] Title, page 3; [2] ..." line for answers shown without the citation list (public chat). */
export function sourcesLine(citations: Citation[], lang: string): string {
  if (citations.length === 0) return '';
  return `${phrasesFor(lang).sources}: ${citations.map((c, i) => `[${i + 1}] ${describeSource(c, lang)}`).join('; ')}`;
}

const absolute = (url: string, publicUrl?: string | null) =>
  publicUrl && url.startsWith('/') ? `${publicUrl.replace(/\/+$/, '')}${url}` : url;

/**
 * Public URLs of the images on the cited pages and slides: the chunk's
 * imageIds first, then images the catalog records for the same page/slide.
 */
export function sourceImages(catalog: Catalog, chunks: Chunk[], publicUrl?: string | null): string[] {
  const out: string[] = [];
  const add = (url: string | undefined) => {
    if (url && !out.includes(absolute(url, publicUrl)) && out.length < MAX_SOURCE_IMAGES) out.push(absolute(url, publicUrl));
  };
  for (const ch of chunks) {
    if (ch.itemType === 'document') {
      for (const id of ch.imageIds) add(catalog.botImages.get(id)?.image);
      if (ch.imageIds.length === 0 && ch.page != null) {
        for (const img of catalog.botImages.list((i) => i.documentId === ch.itemId && i.page === ch.page)) add(img.image);
      }
    } else if (ch.itemType === 'presentation') {
      for (const id of ch.imageIds) add(catalog.presentationImages.get(id)?.image);
      if (ch.imageIds.length === 0 && ch.slide != null) {
        const imgs = catalog.presentationImages.list((i) => i.presentationId === ch.itemId && i.slide === ch.slide);
        // The slide render shows the whole slide: it goes first.
        for (const img of imgs.sort((a, b) => Number(b.kind === 'slide') - Number(a.kind === 'slide'))) add(img.image);
      }
    }
    if (out.length >= MAX_SOURCE_IMAGES) break;
  }
  return out;
}
