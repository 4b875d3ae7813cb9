import type { ContentType } from '../../foundation/types';

/** Longest `q` a viewer link carries (characters): the words that locate a passage, not the whole passage. */
export const VIEWER_QUERY_MAX = 300;

/**
 * The viewer's link to a place in an item (a path on this server, opened by
 * the web app's /view page): a PDF page or DOCX (`page`), a slide
 * (`slide`), a video time (`t`), with the words to light (`q`).
 */
export function viewerUrl(place: { itemType: ContentType; itemId: number; page?: number | null; slide?: number | null; start?: number | null }, q?: string | null): string {
  const params = new URLSearchParams();
  if (place.itemType === 'video') {
    if (place.start != null) params.set('t', String(Math.round(place.start * 10) / 10));
  } else if (place.slide != null) params.set('slide', String(place.slide));
  else if (place.page != null) params.set('page', String(place.page));
  const words = (q ?? '').replace(/\s*\[\d+\]/g, ' ').replace(/\s+/g, ' ').trim();
  if (words) params.set('q', clip(words));
  const query = params.toString();
  return `/view/${place.itemType}/${place.itemId}${query ? `?${query}` : ''}`;
}

/** At most VIEWER_QUERY_MAX characters, cut at a word. */
function clip(text: string): string {
  if (text.length <= VIEWER_QUERY_MAX) return text;
  const cut = text.slice(0, VIEWER_QUERY_MAX);
  const space = cut.lastIndexOf(' ');
  return space > VIEWER_QUERY_MAX / 2 ? cut.slice(0, space) : cut;
}
