import type { Catalog } from '../catalog/catalog';
import type { Chunk } from '../search/types';
import type { Citation } from '../types';
import { phrasesFor } from './phrases';

/** Source images shown under an answer (spec: at most 4). */
export const MAX_SOURCE_IMAGES = 4;

export function citationOf(chunk: Chunk): Citation {
  return { itemType: chunk.itemType, itemId: chunk.itemId, title: chunk.title, page: chunk.page, slide: chunk.slide };
}

const citationKey = (c: Citation) => `${c.itemType}:${c.itemId}:${c.page ?? ''}:${c.slide ?? ''}`;

export function uniqueCitations(chunks: Chunk[]): Citation[] {
  const seen = new Map<string, Citation>();
  for (const ch of chunks) {
    const c = citationOf(ch);
    if (!seen.has(citationKey(c))) seen.set(citationKey(c), c);
  }
  return [...seen.values()];
}

/** "Title, page 3" in the reader's language. */
export function describeSource(c: Citation, lang: string): string {
  const p = phrasesFor(lang);
  if (c.page != null) return `${c.title}, ${p.page} ${c.page}`;
  if (c.slide != null) return `${c.title}, ${p.slide} ${c.slide}`;
  return c.title;
}

/** The "Sources: [1] Title, page 3; [2] ..." line appended to an answer. */
export function sourcesLine(numbered: Array<{ n: number; chunk: Chunk }>, lang: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const { n, chunk } of numbered) {
    const text = describeSource(citationOf(chunk), lang);
    if (seen.has(text)) continue;
    seen.add(text);
    parts.push(`[${n}] ${text}`);
  }
  return parts.length ? `${phrasesFor(lang).sources}: ${parts.join('; ')}` : '';
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
