import { createReadStream } from 'node:fs';
import type { RecordDeps } from '../../engines/records/deps';
import { keys, publicUrlForKey } from '../../engines/storage/layout';
import type { ContentType } from '../../foundation/types';
import type { Chunk } from '../../engines/search/types';
import { cleanText } from '../../foundation/text/clean';
import type { Extraction, ExtractedImage } from '../../formats/types';
import { imageExtensionOf, sniffFile } from '../../formats/sniff';

const nowIso = () => new Date().toISOString();

function describe(img: ExtractedImage): string {
  const ocr = cleanText(img.ocrText ?? '').replace(/\s+/g, ' ').trim();
  const near = cleanText(img.nearbyText).replace(/\s+/g, ' ').trim();
  const parts = [];
  if (ocr) parts.push(`Text in image: ${ocr.slice(0, 300)}`);
  if (near) parts.push(near.slice(0, 300));
  return parts.join(' — ');
}

function tagsFor(img: ExtractedImage, title: string): string[] {
  const tags = [title];
  if (img.page) tags.push(`page ${img.page}`);
  if (img.slide) tags.push(`slide ${img.slide}`);
  if (img.ocrText?.trim()) tags.push('text');
  if (img.decorative) tags.push('decoration');
  return tags;
}

const push = (m: Map<number, number[]>, k: number, v: number) => m.set(k, [...(m.get(k) ?? []), v]);

/**
 * Puts an extraction's images in the store and the catalog: document images
 * become bot images, presentation images and slide renders presentation
 * images. Returns the image ids by page and by slide for the chunker.
 */
export async function storeExtractedImages(
  deps: RecordDeps,
  item: { type: ContentType; id: number; title: string },
  ex: Extraction,
  signal?: AbortSignal,
) {
  const byPage = new Map<number, number[]>();
  const bySlide = new Map<number, number[]>();
  /** Images with no page or slide (DOCX): placed later by the text around them. */
  const unplaced: Array<{ id: number; nearbyText: string }> = [];
  let count = 0;
  const { catalog, store } = deps;

  if (item.type === 'presentation') {
    for (const r of ex.slideRenders ?? []) {
      signal?.throwIfAborted();
      const key = keys.presentationSlide(item.id, r.slide);
      await store.put(key, createReadStream(r.path));
      const section = ex.sections.find((s) => s.slide === r.slide);
      const row = await catalog.presentationImages.insert({
        image: publicUrlForKey(key), imageKey: key, presentationId: item.id, presentationTitle: item.title, slide: r.slide,
        kind: 'slide', tags: [item.title, `slide ${r.slide}`], description: cleanText(section?.heading || section?.text || '').slice(0, 300), uploadedAt: nowIso(),
      });
      push(bySlide, r.slide, row.id);
      count++;
    }
  }

  const perPlace = new Map<string, number>();
  for (const found of ex.images) {
    signal?.throwIfAborted();
    // The extension its bytes call for, not the one the file declared (a DOCX part named .jpeg holding PNG data).
    const img = { ...found, ext: imageExtensionOf(await sniffFile(found.path)) ?? found.ext };
    const place = img.slide ?? img.page ?? 0;
    const n = (perPlace.get(`${place}`) ?? 0) + 1;
    perPlace.set(`${place}`, n);
    if (item.type === 'presentation') {
      const slide = img.slide ?? 0;
      const key = keys.presentationImage(item.id, slide, n, img.ext);
      await store.put(key, createReadStream(img.path));
      const row = await catalog.presentationImages.insert({
        image: publicUrlForKey(key), imageKey: key, presentationId: item.id, presentationTitle: item.title, slide: img.slide ?? null,
        kind: 'embedded', tags: tagsFor(img, item.title), description: describe(img), uploadedAt: nowIso(),
        ...(img.decorative ? { decorative: true } : {}),
      });
      if (img.slide && !img.decorative) push(bySlide, img.slide, row.id);
    } else {
      const key = keys.documentImage(item.id, img.page ?? null, n, img.ext);
      await store.put(key, createReadStream(img.path));
      const row = await catalog.botImages.insert({
        image: publicUrlForKey(key), imageKey: key, documentId: item.id, documentTitle: item.title, page: img.page ?? null,
        description: describe(img), tags: tagsFor(img, item.title), createdAt: nowIso(),
        ...(img.decorative ? { decorative: true } : {}),
      });
      // Decoration is stored once but tied to no passage: it never becomes a source image.
      if (img.decorative) { /* kept for the image lists only */ }
      else if (img.page) push(byPage, img.page, row.id);
      else unplaced.push({ id: row.id, nearbyText: img.nearbyText });
    }
    count++;
  }
  return { byPage, bySlide, unplaced, count };
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Gives chunks the ids of images that have no page (DOCX) but whose
 * surrounding text the chunk contains, so answers can show them.
 */
export function attachImagesByText(chunks: Chunk[], unplaced: Array<{ id: number; nearbyText: string }>) {
  for (const img of unplaced) {
    const probe = squash(img.nearbyText).slice(0, 60);
    if (probe.length < 8) continue;
    const home = chunks.find((c) => squash(c.text).includes(probe));
    if (home && !home.imageIds.includes(img.id)) home.imageIds.push(img.id);
  }
}
